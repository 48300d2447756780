import { BULK_EVENTS_WHERE } from '../runtime/bulk-fill';
import type { TableNames } from '../runtime/projection';

// generation_history folded in Postgres: per generation, the last value each event type sets (the
// rules of applyEvent in generation-history.projection.ts), for a rebuild from the start of the log.
// The values are collected over each generation's events in log order by window aggregates, one
// sort for every column (an ORDER BY inside each aggregate sorted a generation's events again for
// each column: half the statement's time), and the last one collected wins. Generations sort in
// the C collation: the sort only groups them, and bytes compare faster than the database's locale.

const typeList = (types: readonly string[]) => types.map((t) => `'${t}'`).join(', ');

/** Every value of `value` the events of `types` carry, in log order, as column `name`. */
const collected = (name: string, value: string, types: readonly string[]) =>
  `array_agg(${value}) FILTER (WHERE type IN (${typeList(types)})) OVER in_order AS ${name}`;

const lastOf = (name: string) => `${name}[cardinality(${name})]`;

export const generationHistoryBulkFill = (table: TableNames) => [
  `INSERT INTO ${table('generation_history')} (generation_id, user_id, style, provider, status,
     prediction_id, result_key, error_code, error_message, requested_at, submitted_at, completed_at,
     deleted_at)
   SELECT generation_id, user_ids[1], ${lastOf('styles')}, ${lastOf('providers')},
     coalesce(${lastOf('outcomes')}, CASE WHEN requested THEN 'pending' ELSE 'unknown' END),
     ${lastOf('prediction_ids')}, ${lastOf('result_keys')}, ${lastOf('error_codes')},
     ${lastOf('error_messages')}, ${lastOf('requested_ats')}::timestamptz,
     ${lastOf('submitted_ats')}::timestamptz, ${lastOf('completed_ats')}::timestamptz,
     ${lastOf('deleted_ats')}::timestamptz
   FROM (
     SELECT DISTINCT ON (generation_id) generation_id,
       array_agg(data->>'userId') OVER in_order AS user_ids,
       ${collected('styles', `data->>'style'`, ['GenerationRequested'])},
       ${collected('providers', `data->>'provider'`, ['GenerationRequested'])},
       ${collected(
         'outcomes',
         `CASE type WHEN 'GenerationSucceeded' THEN 'succeeded' ELSE 'failed' END`,
         ['GenerationSucceeded', 'GenerationFailed'],
       )},
       bool_or(type = 'GenerationRequested') OVER in_order AS requested,
       ${collected('prediction_ids', `data->>'predictionId'`, ['GenerationSubmitted'])},
       ${collected('result_keys', `data->>'resultKey'`, ['GenerationSucceeded', 'GenerationResultExpired'])},
       ${collected('error_codes', `data->>'errorCode'`, ['GenerationFailed'])},
       ${collected('error_messages', `data->>'errorMessage'`, ['GenerationFailed'])},
       ${collected('requested_ats', `data->>'requestedAt'`, ['GenerationRequested'])},
       ${collected('submitted_ats', `data->>'submittedAt'`, ['GenerationSubmitted'])},
       ${collected('completed_ats', `data->>'completedAt'`, ['GenerationSucceeded', 'GenerationFailed'])},
       ${collected('deleted_ats', `data->>'deletedAt'`, ['GenerationDeleted'])}
     FROM (SELECT (data->>'generationId') COLLATE "C" AS generation_id, type, data, transaction_id AS tx,
             global_position AS gp
           FROM events WHERE ${BULK_EVENTS_WHERE}) AS e
     WINDOW in_order AS (PARTITION BY generation_id ORDER BY tx, gp
       ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
     ORDER BY generation_id
   ) AS g`,
];
