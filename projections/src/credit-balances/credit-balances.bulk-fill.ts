import { BULK_EVENTS_WHERE } from '../runtime/bulk-fill';
import type { TableNames } from '../runtime/projection';
import { creditTypeCodes } from '../runtime/type-codes';

// credit_balances folded in Postgres (BatchAccumulator in credit-balances.projection.ts, as SQL):
// totals per user, and each lot as first added with every adjustment made after it.

const total = (type: string) => `coalesce(sum(amount) FILTER (WHERE type = '${type}'), 0)`;

const { code, of: TYPE_CODE, isOneOf } = creditTypeCodes;
const ADDS_A_LOT = isOneOf('c', 'CreditsGranted', 'CreditsPurchased', 'CreditsRefunded');

/**
 * The log's lot events in one scan: every lot as added (`adds_lot`: grants and purchases one each,
 * refunds one per lot they return) and every adjustment made to a lot (holds out, releases back,
 * expiries and revocations out, each as its own single "allocation"), `amount` being the lot's
 * credits or the adjustment's delta. `columns` adds a caller's own, which may read `c` (the type's
 * code), `data` and `item` (the refund's lot or the hold's allocation; a JSON null otherwise).
 */
export const lotEvents = (columns = '') => `
     SELECT ${ADDS_A_LOT} AS adds_lot, user_id,
       (CASE c WHEN ${code('CreditsGranted')} THEN data->>'grantId'
         WHEN ${code('CreditsPurchased')} THEN data->>'purchaseId'
         WHEN ${code('CreditsExpired')} THEN data->>'lotId' WHEN ${code('CreditsRevoked')} THEN data->>'lotId'
         ELSE item->>'lotId' END) COLLATE "C" AS lot_id,
       CASE c WHEN ${code('CreditsGranted')} THEN 'free' WHEN ${code('CreditsPurchased')} THEN 'paid'
         WHEN ${code('CreditsRefunded')} THEN item->>'funding' END AS funding,
       CASE c WHEN ${code('CreditsReserved')} THEN -(item->>'amount')::int
         WHEN ${code('CreditsReleased')} THEN (item->>'amount')::int
         WHEN ${code('CreditsRefunded')} THEN (item->>'amount')::int
         WHEN ${code('CreditsGranted')} THEN (data->>'amount')::int
         WHEN ${code('CreditsPurchased')} THEN (data->>'amount')::int
         ELSE -(data->>'amount')::int END AS amount,
       CASE c WHEN ${code('CreditsGranted')} THEN data->>'expiresAt'
         WHEN ${code('CreditsPurchased')} THEN data->>'expiresAt'
         WHEN ${code('CreditsRefunded')} THEN item->>'expiresAt' END AS expires_at,
       CASE WHEN ${ADDS_A_LOT} THEN occurred_at END AS created_at, tx, gp${columns}
     FROM (SELECT (data->>'userId') COLLATE "C" AS user_id, ${TYPE_CODE} AS c, data,
             metadata->>'occurredAt' AS occurred_at, transaction_id AS tx, global_position AS gp
           FROM events WHERE ${BULK_EVENTS_WHERE} AND type <> 'CreditsSpent' OFFSET 0) AS e,
       jsonb_array_elements(CASE c WHEN ${code('CreditsRefunded')} THEN data->'lots'
         WHEN ${code('CreditsReserved')} THEN data->'allocations'
         WHEN ${code('CreditsReleased')} THEN data->'allocations' ELSE '[null]' END) AS item`;

/**
 * `added`: each lot as first added, with `remaining`, its credits less every adjustment made after
 * it. One sort of the lot events by lot and log order gives both: a window sums, from each row to
 * the end of its lot's rows, the adjustments' amounts (an add counts 0), and the first add keeps
 * that sum. It used to sort the adds and the adjustments apart, join them and group the join by
 * lot. The lot events are computed behind OFFSET 0, so the sort moves their short columns, not
 * the events' JSON (pulled up, it carried the documents: 110 MB spilled instead of 29 MB).
 * 1M-event log: the joint lots statement about 1 s less backend CPU (see the README).
 * Materialised: its rows are short and its callers read it more than once.
 */
export const lotEventCtes = (columns = '') => `added AS MATERIALIZED (
     SELECT DISTINCT ON (user_id, lot_id) *, amount + later AS remaining
     FROM (SELECT *, sum(CASE WHEN adds_lot THEN 0 ELSE amount END) OVER (PARTITION BY user_id, lot_id
             ORDER BY tx, gp ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS later
           FROM (${lotEvents(columns)} OFFSET 0) AS lot_event) AS summed
     WHERE adds_lot
     ORDER BY user_id, lot_id, tx, gp
   )`;

/**
 * The values the totals read, out of the events' JSON first (behind OFFSET 0): grouped, the rows
 * are then short (the whole events were sorted by user before, 266 MB spilled on the 1M-event log).
 */
const SCOPE = `SELECT data->>'userId' AS user_id, type, (data->>'amount')::int AS amount,
    (metadata->>'occurredAt')::timestamptz AS occurred_at
  FROM events WHERE ${BULK_EVENTS_WHERE} OFFSET 0`;

/** credit_balances: each user's totals, from one scan of the log. */
export const creditBalanceTotalsFill = (table: TableNames) =>
  `INSERT INTO ${table('credit_balances')} (user_id, held, lifetime_granted, lifetime_purchased,
     lifetime_spent, lifetime_refunded, lifetime_expired, lifetime_revoked, updated_at)
   SELECT user_id,
     coalesce(sum(CASE type WHEN 'CreditsReserved' THEN amount
       WHEN 'CreditsSpent' THEN -amount WHEN 'CreditsReleased' THEN -amount END), 0),
     ${total('CreditsGranted')}, ${total('CreditsPurchased')}, ${total('CreditsSpent')},
     ${total('CreditsRefunded')}, ${total('CreditsExpired')}, ${total('CreditsRevoked')},
     max(occurred_at)
   FROM (${SCOPE}) AS e
   GROUP BY user_id`;

/**
 * credit_lots: each lot as first added, less every adjustment made after it; in primary key order
 * so each row lands at the right edge of the key's index (less CPU than the sort costs).
 */
export const insertCreditLots = (table: TableNames) =>
  `INSERT INTO ${table('credit_lots')} (user_id, lot_id, funding, remaining, expires_at, created_at)
   SELECT user_id, lot_id, funding, remaining, expires_at::timestamptz, created_at::timestamptz
   FROM added ORDER BY user_id, lot_id`;

const creditLotsFill = (table: TableNames) => `WITH ${lotEventCtes()} ${insertCreditLots(table)}`;

export const creditBalancesBulkFill = (table: TableNames) => [
  creditBalanceTotalsFill(table),
  creditLotsFill(table),
];
