import { BULK_EVENTS_WHERE } from '../runtime/bulk-fill';
import type { TableNames } from '../runtime/projection';
import { typeCodes } from '../runtime/type-codes';

// generation_history folded in Postgres: per generation, the last value each event type sets (the
// rules of applyEvent in generation-history.projection.ts), for a rebuild from the start of the log.
//
// A generation's stream holds each type that sets a column at most once, and one user id, in
// practice. Then one aggregate over its events makes its row: each type's only event gives its
// values, and its position orders it against the other type that sets the same column (a result
// that expires after it succeeded, a failure before a success). Each event's values are taken out
// of its JSON before the sort that groups them (behind OFFSET 0, so the sort moves a few short
// columns instead of the documents), and its type becomes a small number the aggregates' filters
// compare cheaply. A generation that repeats a type, or whose events name different users, is
// irregular, and folded by window aggregates over its events in log order, as before; with none,
// that branch's hash join ends before it reads the log again.

/**
 * What each type that sets a column sets: text in slots `a` and `b`, its time in `t` (a timestamp,
 * 8 bytes in the rows the grouping sorts instead of the ISO text's 25). Its code is its place + 1.
 */
const SLOTS = {
  GenerationRequested: { a: `data->>'style'`, b: `data->>'provider'`, t: `data->>'requestedAt'` },
  GenerationSubmitted: { a: `data->>'predictionId'`, t: `data->>'submittedAt'` },
  GenerationSucceeded: { a: `data->>'resultKey'`, t: `data->>'completedAt'` },
  GenerationFailed: {
    a: `data->>'errorCode'`,
    b: `data->>'errorMessage'`,
    t: `data->>'completedAt'`,
  },
  GenerationDeleted: { t: `data->>'deletedAt'` },
  GenerationResultExpired: {},
} as const;
type SettingType = keyof typeof SLOTS;
type Slot = 'a' | 'b' | 't';
const slotsOf = (type: SettingType): Partial<Record<Slot, string>> => SLOTS[type];
const SETTING_TYPES = Object.keys(SLOTS) as SettingType[];
const { code, of: TYPE_CODE, isOneOf } = typeCodes(SETTING_TYPES);
const slot = (name: Slot) =>
  `CASE code ${SETTING_TYPES.flatMap((t) => {
    const value = slotsOf(t)[name];
    return value ? [`WHEN ${code(t)} THEN ${value}`] : [];
  }).join(' ')} END`;

// The type is coded once, behind its own OFFSET 0 (inlined, every slot's CASE would code it again).
const EVENTS_IN_SCOPE = `
  SELECT (data->>'generationId') COLLATE "C" AS generation_id, data->>'userId' AS user_id,
    code, ${slot('a')} AS a, ${slot('b')} AS b, (${slot('t')})::timestamptz AS t, tx, gp
  FROM (SELECT ${TYPE_CODE} AS code, data, transaction_id AS tx, global_position AS gp
        FROM events WHERE ${BULK_EVENTS_WHERE} OFFSET 0) AS coded
  OFFSET 0`;

const only = (type: SettingType, value: Slot) =>
  `min(${value}) FILTER (WHERE code = ${code(type)})`;
const position = (type: SettingType, name: string) =>
  `max(tx) FILTER (WHERE code = ${code(type)}) AS ${name}_tx,
   max(gp) FILTER (WHERE code = ${code(type)}) AS ${name}_gp`;

/**
 * Per generation, the values of each type's event (the only one, when regular). Regular: one user
 * id, and as many events of the types that set a column as such types (one bit each) among them;
 * anything unknown (a NULL) leaves it to the exact fold.
 */
const PER_GENERATION = `
  SELECT generation_id, min(user_id) AS user_id,
    coalesce(min(user_id) = max(user_id)
      AND count(code) = bit_count(coalesce(bit_or(1 << code), 0)::bit(8)), false) AS regular,
    count(*) FILTER (WHERE code = ${code('GenerationRequested')}) > 0 AS requested,
    ${only('GenerationRequested', 'a')} AS style, ${only('GenerationRequested', 'b')} AS provider,
    ${only('GenerationRequested', 't')} AS requested_at,
    ${only('GenerationSubmitted', 'a')} AS prediction_id,
    ${only('GenerationSubmitted', 't')} AS submitted_at,
    ${only('GenerationSucceeded', 'a')} AS result_key,
    ${only('GenerationSucceeded', 't')} AS succeeded_at,
    ${only('GenerationFailed', 'a')} AS error_code, ${only('GenerationFailed', 'b')} AS error_message,
    ${only('GenerationFailed', 't')} AS failed_at, ${only('GenerationDeleted', 't')} AS deleted_at,
    ${position('GenerationSucceeded', 'succeeded')}, ${position('GenerationFailed', 'failed')},
    ${position('GenerationResultExpired', 'expired')}
  FROM (SELECT * FROM events_in_scope ORDER BY generation_id) AS e
  GROUP BY generation_id`;

/** Whether `a`'s event comes after `b`'s, or there is no `b`. */
const after = (a: string, b: string) =>
  `(${b}_tx IS NULL OR (${a}_tx, ${a}_gp) > (${b}_tx, ${b}_gp))`;
const SUCCEEDED_LAST = `succeeded_tx IS NOT NULL AND ${after('succeeded', 'failed')}`;

const REGULAR_ROWS = `
  SELECT generation_id, user_id, style, provider,
    CASE WHEN ${SUCCEEDED_LAST} THEN 'succeeded' WHEN failed_tx IS NOT NULL THEN 'failed'
      WHEN requested THEN 'pending' ELSE 'unknown' END,
    prediction_id, CASE WHEN ${after('succeeded', 'expired')} THEN result_key END, error_code,
    error_message, requested_at, submitted_at,
    CASE WHEN ${SUCCEEDED_LAST} THEN succeeded_at ELSE failed_at END, deleted_at
  FROM per_generation WHERE regular`;

/** Every value of `value` the events of `types` carry, in log order, as column `name`. */
const collected = (name: string, value: string, types: readonly SettingType[]) =>
  `array_agg(${value}) FILTER (WHERE ${isOneOf('code', ...types)}) OVER in_order AS ${name}`;

const lastOf = (name: string) => `${name}[cardinality(${name})]`;

/** The irregular generations: each value collected over their events in log order, the last wins. */
const IRREGULAR_ROWS = `
  SELECT generation_id, user_ids[1], ${lastOf('styles')}, ${lastOf('providers')},
    coalesce(${lastOf('outcomes')}, CASE WHEN requested THEN 'pending' ELSE 'unknown' END),
    ${lastOf('prediction_ids')}, ${lastOf('result_keys')}, ${lastOf('error_codes')},
    ${lastOf('error_messages')}, ${lastOf('requested_ats')}, ${lastOf('submitted_ats')},
    ${lastOf('completed_ats')}, ${lastOf('deleted_ats')}
  FROM (
    SELECT DISTINCT ON (generation_id) generation_id,
      array_agg(user_id) OVER in_order AS user_ids,
      ${collected('styles', 'a', ['GenerationRequested'])},
      ${collected('providers', 'b', ['GenerationRequested'])},
      ${collected(
        'outcomes',
        `CASE code WHEN ${code('GenerationSucceeded')} THEN 'succeeded' ELSE 'failed' END`,
        ['GenerationSucceeded', 'GenerationFailed'],
      )},
      bool_or(code = ${code('GenerationRequested')}) OVER in_order AS requested,
      ${collected('prediction_ids', 'a', ['GenerationSubmitted'])},
      ${collected('result_keys', `CASE code WHEN ${code('GenerationSucceeded')} THEN a END`, [
        'GenerationSucceeded',
        'GenerationResultExpired',
      ])},
      ${collected('error_codes', 'a', ['GenerationFailed'])},
      ${collected('error_messages', 'b', ['GenerationFailed'])},
      ${collected('requested_ats', 't', ['GenerationRequested'])},
      ${collected('submitted_ats', 't', ['GenerationSubmitted'])},
      ${collected('completed_ats', 't', ['GenerationSucceeded', 'GenerationFailed'])},
      ${collected('deleted_ats', 't', ['GenerationDeleted'])}
    FROM events_in_scope
    WHERE generation_id IN (SELECT generation_id FROM per_generation WHERE NOT regular)
    WINDOW in_order AS (PARTITION BY generation_id ORDER BY tx, gp
      ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
    ORDER BY generation_id
  ) AS g`;

export const generationHistoryBulkFill = (table: TableNames) => [
  `WITH events_in_scope AS NOT MATERIALIZED (${EVENTS_IN_SCOPE}),
   per_generation AS (${PER_GENERATION})
   INSERT INTO ${table('generation_history')} (generation_id, user_id, style, provider, status,
     prediction_id, result_key, error_code, error_message, requested_at, submitted_at, completed_at,
     deleted_at)
   ${REGULAR_ROWS}
   UNION ALL
   ${IRREGULAR_ROWS}`,
];
