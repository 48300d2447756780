import { BULK_EVENTS_WHERE } from '../runtime/bulk-fill';
import type { TableNames } from '../runtime/projection';
import { creditTypeCodes } from '../runtime/type-codes';

// credit_history folded in Postgres (movementOf in credit-history.projection.ts, as SQL): seq and
// the running balances are window functions over the log in commit order. One statement: split
// into parts by user, each part still scanned and numbered the whole log (1M-event log: 2.9 s of
// CPU in two parts against 2.4 s in one), and a rebuild's fills already keep both cores busy.

const { code, of: TYPE_CODE, isOneOf } = creditTypeCodes;
type CreditType = Parameters<typeof code>[0];
const codeIn = (...types: CreditType[]) => isOneOf('c', ...types);

/**
 * Credits of the event's parts (a jsonb array of {amount, funding}: a spend's allocations, a
 * refund's lots) with the given funding. Nearly every one has one part, read once a level below
 * (`part_count`, `first_funding`, `first_amount`), without a subquery per event.
 */
const fundedByParts = (funding: 'paid' | 'free') => `CASE
  WHEN part_count = 1 THEN CASE WHEN first_funding = '${funding}' THEN first_amount ELSE 0 END
  ELSE (SELECT coalesce(sum((p->>'amount')::int), 0) FROM jsonb_array_elements(parts) AS p
        WHERE p->>'funding' = '${funding}') END`;

const funded = (funding: 'paid' | 'free') => `CASE c
  WHEN ${code('CreditsReserved')} THEN 0
  WHEN ${code('CreditsSpent')} THEN ${fundedByParts(funding)}
  WHEN ${code('CreditsGranted')} THEN ${funding === 'free' ? 'amount' : '0'}
  WHEN ${code('CreditsPurchased')} THEN ${funding === 'paid' ? 'amount' : '0'}
  WHEN ${code('CreditsRefunded')} THEN ${fundedByParts(funding)}
  WHEN ${code('CreditsExpired')} THEN CASE WHEN lot_funding = '${funding}' THEN amount ELSE 0 END
  WHEN ${code('CreditsRevoked')} THEN CASE WHEN lot_funding = '${funding}' THEN amount ELSE 0 END
  ELSE 0 END`;

/**
 * The credit movements in commit order, each value taken out of the event's JSON once: each level
 * sits behind an OFFSET 0, since a subquery pulled up repeats its expressions at every reference
 * (the parts were read up to six times per spend, the actor twice per event), and names the order
 * again, which the index scan gives (a level without it loses the order: the numbering sorted).
 */
const EXTRACTED = `
SELECT event_id, data->>'userId' AS user_id, (metadata->>'occurredAt')::timestamptz AS occurred_at, type,
  CASE WHEN ${codeIn('CreditsGranted', 'CreditsPurchased', 'CreditsRefunded')} THEN amount
       WHEN ${codeIn('CreditsSpent', 'CreditsExpired', 'CreditsRevoked')} THEN -amount ELSE 0 END AS delta,
  CASE c WHEN ${code('CreditsReserved')} THEN amount WHEN ${code('CreditsSpent')} THEN -amount
       WHEN ${code('CreditsReleased')} THEN -amount ELSE 0 END AS held_delta,
  ${funded('paid')} AS paid_amount,
  ${funded('free')} AS free_amount,
  CASE c WHEN ${code('CreditsGranted')} THEN data->>'grantId' WHEN ${code('CreditsPurchased')} THEN data->>'invoiceId'
       WHEN ${code('CreditsRefunded')} THEN data->>'reservationId'
       WHEN ${code('CreditsExpired')} THEN coalesce(data->>'reservationId', data->>'lotId')
       WHEN ${code('CreditsRevoked')} THEN data->>'reference' ELSE data->>'generationId' END AS reference,
  CASE WHEN c = ${code('CreditsPurchased')} THEN data->>'planId' END AS plan_id,
  CASE WHEN c = ${code('CreditsPurchased')} THEN (data->>'amountPaidCents')::int END AS amount_paid_cents,
  CASE WHEN c = ${code('CreditsPurchased')} THEN data->>'currency' END AS currency,
  actor->>'kind' AS actor_kind, actor->>'id' AS actor_id,
  metadata->>'reason' AS reason, metadata->>'correlationId' AS correlation_id,
  tx, gp
FROM (SELECT *, jsonb_array_length(parts) AS part_count, parts->0->>'funding' AS first_funding,
        (parts->0->>'amount')::int AS first_amount
      FROM (SELECT *, CASE c WHEN ${code('CreditsSpent')} THEN data->'allocations'
                      WHEN ${code('CreditsRefunded')} THEN data->'lots' END AS parts,
              CASE WHEN ${codeIn('CreditsExpired', 'CreditsRevoked')} THEN data->>'funding' END AS lot_funding,
              metadata->'actor' AS actor
            FROM (SELECT event_id, type, data, metadata, transaction_id AS tx, global_position AS gp,
                    (data->>'amount')::int AS amount, ${TYPE_CODE} AS c
                  FROM events WHERE ${BULK_EVENTS_WHERE}
                  ORDER BY transaction_id, global_position OFFSET 0) AS coded
            ORDER BY tx, gp OFFSET 0) AS parted
      ORDER BY tx, gp OFFSET 0) AS firsts
ORDER BY tx, gp OFFSET 0`;

/**
 * The credit movements, each numbered by its place among them in commit order (its seq), numbered
 * once extracted: the window then keeps short rows, not the events' JSON.
 */
const MOVEMENTS = `
SELECT row_number() OVER (ORDER BY tx, gp) AS seq, * FROM (${EXTRACTED}) AS extracted`;

const FILLED = (history: TableNames, returning: string) => `filled AS (
     INSERT INTO ${history('credit_history')} (seq, event_id, user_id, occurred_at, type, delta,
       held_delta, balance_after, held_after, paid_amount, free_amount, reference, plan_id,
       amount_paid_cents, currency, actor_kind, actor_id, reason, correlation_id, position_commit,
       position_prepare)
     SELECT seq, event_id, user_id, occurred_at, type, delta, held_delta,
       sum(delta) OVER running, sum(held_delta) OVER running, paid_amount, free_amount, reference,
       plan_id, amount_paid_cents, currency, actor_kind, actor_id, reason, correlation_id,
       tx::text::bigint, gp
     FROM (${MOVEMENTS}) AS m
     WINDOW running AS (PARTITION BY user_id COLLATE "C" ORDER BY seq ROWS UNBOUNDED PRECEDING)
     RETURNING ${returning}
   )`;

/**
 * The fill: every movement with its running totals, and the totals the next batch continues
 * from. The user is compared in the "C" collation: the partition only groups, and byte order
 * sorts faster.
 */
export const creditHistoryBulkFill = (table: TableNames) => [
  `WITH ${FILLED(table, 'user_id, delta, held_delta')}
   INSERT INTO ${table('credit_history_accounts')} (user_id, balance, held)
   SELECT user_id, sum(delta), sum(held_delta) FROM filled GROUP BY user_id`,
];

const lifetime = (type: CreditType, sign: '' | '-') =>
  `coalesce(${sign}sum(delta) FILTER (WHERE c = ${code(type)}), 0)`;

/**
 * credit_history and credit_balances' totals in one statement (for the joint fill of the credit
 * read models): every credit event is a movement, so the totals per user that
 * creditBalanceTotalsFill (credit-balances.bulk-fill.ts) sums from its own scan of the log are sums
 * of the rows just filled: held is the sum of held_delta, each lifetime total the signed deltas of
 * its type, updated_at the latest movement.
 */
export const creditHistoryWithBalanceTotalsFill = (history: TableNames, balances: TableNames) =>
  `WITH ${FILLED(history, `user_id, ${TYPE_CODE} AS c, delta, held_delta, occurred_at`)},
   totals AS (
     SELECT user_id, sum(delta) AS balance, sum(held_delta) AS held,
       ${lifetime('CreditsGranted', '')} AS granted, ${lifetime('CreditsPurchased', '')} AS purchased,
       ${lifetime('CreditsSpent', '-')} AS spent, ${lifetime('CreditsRefunded', '')} AS refunded,
       ${lifetime('CreditsExpired', '-')} AS expired, ${lifetime('CreditsRevoked', '-')} AS revoked,
       max(occurred_at) AS updated_at
     FROM filled GROUP BY user_id
   ),
   accounts AS (
     INSERT INTO ${history('credit_history_accounts')} (user_id, balance, held)
     SELECT user_id, balance, held FROM totals
   )
   INSERT INTO ${balances('credit_balances')} (user_id, held, lifetime_granted, lifetime_purchased,
     lifetime_spent, lifetime_refunded, lifetime_expired, lifetime_revoked, updated_at)
   SELECT user_id, coalesce(held, 0), granted, purchased, spent, refunded, expired, revoked, updated_at
   FROM totals`;
