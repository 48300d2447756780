import { BULK_EVENTS_WHERE } from '../runtime/bulk-fill';
import type { TableNames } from '../runtime/projection';

// paid_credits folded in Postgres (foldPaidCredits in paid-credits.fold.ts, as SQL), for a rebuild
// from the start of the log. Positions are (tx, gp, ord): ord numbers the items of one event (the
// allocations of a spend, the lots of a refund), 0 for an event that moves one lot.
//
// A lot exists from the first event that made it: a purchase or a gift's payment (the origins),
// or a refund giving back paid credits (a lot naming the origin of the lot it refunds, found by
// recursion, since a refund can give back credits of an earlier refund's lot). A movement counts
// only when its lot existed by then. Each origin's movements, in log order, carry the running
// total of credits moved; a voided gift moves whatever is left, which sets the total to the
// lot's credits, so the totals run in segments that each void starts.

const SCOPE = `SELECT event_id, type, data, metadata->>'occurredAt' AS occurred_at,
    transaction_id AS tx, global_position AS gp
  FROM events WHERE ${BULK_EVENTS_WHERE}`;

const ORIGINS = `
  SELECT 'gift:' || (data->>'giftId') AS lot_id, data->>'buyerId' AS user_id, event_id,
    'gift' AS product, data->>'packId' AS item_id, data->>'paymentRef' AS reference,
    (data->>'credits')::int AS credits, (data->>'amountPaidCents')::int AS amount_paid_cents,
    data->>'currency' AS currency, data->>'paidAt' AS purchased_at, tx, gp
  FROM scope WHERE type = 'GiftIssued'
  UNION ALL
  SELECT data->>'purchaseId', data->>'userId', event_id, coalesce(data->>'product', 'plan'),
    coalesce(data->>'packId', data->>'planId'), data->>'invoiceId', (data->>'amount')::int,
    (data->>'amountPaidCents')::int, data->>'currency', occurred_at, tx, gp
  FROM scope WHERE type = 'CreditsPurchased'`;

/** The paid lots of refunds, each with the lot it gives back to (`<refundId>:<lot that paid>`). */
const REFUND_LOTS = `
  SELECT s.event_id, s.data->>'userId' AS user_id, lot->>'lotId' AS lot_id,
    CASE WHEN starts_with(lot->>'lotId', (s.data->>'refundId') || ':')
      THEN substr(lot->>'lotId', length(s.data->>'refundId') + 2) ELSE lot->>'lotId' END AS from_id,
    (lot->>'amount')::int AS amount, s.occurred_at, s.tx, s.gp, k.ord
  FROM scope AS s, jsonb_array_elements(s.data->'lots') WITH ORDINALITY AS k(lot, ord)
  WHERE s.type = 'CreditsRefunded' AND lot->>'funding' = 'paid'`;

const MOVES = `
  SELECT s.event_id, a->>'lotId' AS lot_id, 'spent' AS kind, (a->>'amount')::int AS credits,
    s.data->>'userId' AS user_id, s.occurred_at, s.tx, s.gp, k.ord
  FROM scope AS s, jsonb_array_elements(s.data->'allocations') WITH ORDINALITY AS k(a, ord)
  WHERE s.type = 'CreditsSpent' AND a->>'funding' = 'paid'
  UNION ALL
  SELECT event_id, data->>'lotId', CASE type WHEN 'CreditsExpired' THEN 'expired' ELSE 'revoked' END,
    (data->>'amount')::int, data->>'userId', occurred_at, tx, gp, 0
  FROM scope WHERE type IN ('CreditsExpired', 'CreditsRevoked') AND data->>'funding' = 'paid'
  UNION ALL
  SELECT DISTINCT ON (tx, gp, ord) event_id, lot_id, 'restored', -amount, user_id, purchased_at,
    tx, gp, ord
  FROM made WHERE ord > 0
  UNION ALL
  SELECT event_id, 'gift:' || (data->>'giftId'), 'voided', 0, NULL, occurred_at, tx, gp, 0
  FROM scope WHERE type = 'GiftVoided'`;

export const paidCreditsBulkFill = (table: TableNames) => [
  `WITH RECURSIVE scope AS MATERIALIZED (${SCOPE}),
   origins AS (${ORIGINS}),
   refund_lots AS MATERIALIZED (${REFUND_LOTS}),
   made AS (
     SELECT lot_id, lot_id AS origin_lot_id, user_id, event_id, product, item_id, reference, credits,
       amount_paid_cents, currency, purchased_at, 0::int AS amount, tx, gp, 0::bigint AS ord
     FROM origins
     UNION ALL
     SELECT r.lot_id, m.origin_lot_id, r.user_id, r.event_id, m.product, m.item_id, m.reference, 0, 0,
       m.currency, r.occurred_at, r.amount, r.tx, r.gp, r.ord
     FROM refund_lots AS r
     JOIN made AS m ON m.lot_id = r.from_id AND (m.tx, m.gp, m.ord) < (r.tx, r.gp, r.ord)
   ),
   lots AS (SELECT DISTINCT ON (lot_id) * FROM made ORDER BY lot_id, tx, gp, ord),
   placed AS (
     SELECT m.*, o.lot_id AS origin_lot_id, o.credits AS origin_credits, o.amount_paid_cents,
       o.product, o.currency, o.user_id AS origin_user_id
     FROM (${MOVES}) AS m
     JOIN lots AS l ON l.lot_id = m.lot_id AND (l.tx, l.gp, l.ord) <= (m.tx, m.gp, m.ord)
     JOIN lots AS o ON o.lot_id = l.origin_lot_id
   ),
   segmented AS (
     SELECT *, count(*) FILTER (WHERE kind = 'voided') OVER (PARTITION BY origin_lot_id
       ORDER BY tx, gp, ord) AS segment
     FROM placed
   ),
   running AS (
     SELECT *, CASE WHEN segment = 0 THEN 0 ELSE origin_credits END
       + sum(CASE WHEN kind = 'voided' THEN 0 ELSE credits END) OVER (PARTITION BY origin_lot_id, segment
           ORDER BY tx, gp, ord) AS moved_after
     FROM segmented
   ),
   valued AS (
     SELECT *, coalesce(lag(moved_after) OVER in_order, 0) AS moved_before,
       NOT lead(true, 1, false) OVER in_order AS is_last
     FROM running
     WINDOW in_order AS (PARTITION BY origin_lot_id ORDER BY tx, gp, ord)
   ),
   moved AS (SELECT origin_lot_id, moved_after AS moved FROM valued WHERE is_last),
   redeemed AS (
     SELECT DISTINCT ON (l.lot_id) l.lot_id, s.data->>'userId' AS redeemer_id
     FROM scope AS s JOIN lots AS l ON l.lot_id = s.data->>'purchaseId' AND (l.tx, l.gp) < (s.tx, s.gp)
     WHERE s.type = 'CreditsPurchased' AND s.data->>'product' = 'gift'
     ORDER BY l.lot_id, s.tx DESC, s.gp DESC
   ),
   movements AS (
     INSERT INTO ${table('paid_lot_movements')} (event_id, lot_id, origin_lot_id, user_id,
       occurred_at, kind, credits, cents, product, currency)
     SELECT event_id, lot_id, origin_lot_id, coalesce(user_id, origin_user_id),
       occurred_at::timestamptz, CASE kind WHEN 'voided' THEN 'revoked' ELSE kind END, moved,
       CASE WHEN origin_credits = 0 THEN 0
         ELSE floor(amount_paid_cents::numeric * moved_after / origin_credits)
           - floor(amount_paid_cents::numeric * moved_before / origin_credits) END,
       product, currency
     FROM (SELECT *, moved_after - moved_before AS moved FROM valued) AS v
     WHERE moved <> 0
     -- In primary key order, each row lands at the right edge of the key's index instead of a
     -- random page of it (less CPU than the sort costs).
     ORDER BY event_id, lot_id
   )
   INSERT INTO ${table('paid_lots')} (lot_id, origin_lot_id, user_id, event_id, product, item_id,
     reference, credits, amount_paid_cents, currency, purchased_at, moved, redeemer_id)
   SELECT l.lot_id, l.origin_lot_id, l.user_id, l.event_id, l.product, l.item_id, l.reference,
     l.credits, l.amount_paid_cents, l.currency, l.purchased_at::timestamptz,
     CASE WHEN l.lot_id = l.origin_lot_id THEN coalesce(m.moved, 0) ELSE 0 END, r.redeemer_id
   FROM lots AS l
   LEFT JOIN moved AS m ON m.origin_lot_id = l.lot_id
   LEFT JOIN redeemed AS r ON r.lot_id = l.lot_id`,
];
