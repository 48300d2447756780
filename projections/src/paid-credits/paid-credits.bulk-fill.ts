import { BULK_EVENTS_WHERE } from '../runtime/bulk-fill';
import type { TableNames } from '../runtime/projection';
import { typeCodes } from '../runtime/type-codes';

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

// Every value is taken out of the JSON in one pass over the log (`items`: one row per lot an event
// moves, its columns those of its type), which every part below reads instead of the events
// (1M-event log: four passes over 19 MB of short rows instead of seven over 64 MB of documents).

const {
  code,
  of: TYPE_CODE,
  isOneOf,
} = typeCodes([
  'CreditsSpent',
  'CreditsExpired',
  'CreditsPurchased',
  'CreditsRefunded',
  'CreditsRevoked',
  'GiftIssued',
  'GiftVoided',
] as const);

/** An event's parts (a spend's allocations, a refund's lots), or one JSON null for the others. */
const PARTS = `CASE c WHEN ${code('CreditsSpent')} THEN data->'allocations'
  WHEN ${code('CreditsRefunded')} THEN data->'lots' ELSE '[null]' END`;

const ITEMS = `
  SELECT e.event_id, c, e.tx, e.gp,
    CASE WHEN ${isOneOf('c', 'CreditsSpent', 'CreditsRefunded')} THEN k.ord ELSE 0 END AS ord,
    CASE c WHEN ${code('GiftIssued')} THEN data->>'buyerId' WHEN ${code('GiftVoided')} THEN NULL
      ELSE data->>'userId' END AS user_id,
    CASE WHEN ${isOneOf('c', 'CreditsSpent', 'CreditsRefunded')} THEN k.part->>'lotId'
      WHEN ${isOneOf('c', 'GiftIssued', 'GiftVoided')} THEN 'gift:' || (data->>'giftId')
      WHEN c = ${code('CreditsPurchased')} THEN data->>'purchaseId'
      ELSE data->>'lotId' END AS lot_id,
    CASE WHEN ${isOneOf('c', 'CreditsSpent', 'CreditsRefunded')} THEN (k.part->>'amount')::int
      WHEN c = ${code('GiftIssued')} THEN (data->>'credits')::int
      WHEN c = ${code('GiftVoided')} THEN 0
      ELSE (data->>'amount')::int END AS amount,
    CASE WHEN c = ${code('CreditsRefunded')} THEN data->>'refundId' END AS refund_id,
    CASE c WHEN ${code('GiftIssued')} THEN 'gift'
      WHEN ${code('CreditsPurchased')} THEN coalesce(data->>'product', 'plan') END AS product,
    CASE c WHEN ${code('GiftIssued')} THEN data->>'packId'
      WHEN ${code('CreditsPurchased')} THEN coalesce(data->>'packId', data->>'planId') END AS item_id,
    CASE c WHEN ${code('GiftIssued')} THEN data->>'paymentRef'
      WHEN ${code('CreditsPurchased')} THEN data->>'invoiceId' END AS reference,
    CASE WHEN ${isOneOf('c', 'GiftIssued', 'CreditsPurchased')}
      THEN (data->>'amountPaidCents')::int END AS amount_paid_cents,
    CASE WHEN ${isOneOf('c', 'GiftIssued', 'CreditsPurchased')} THEN data->>'currency' END AS currency,
    CASE WHEN c = ${code('GiftIssued')} THEN data->>'paidAt' ELSE occurred_at END AS occurred_at
  FROM (SELECT event_id, ${TYPE_CODE} AS c, data, metadata->>'occurredAt' AS occurred_at,
          transaction_id AS tx, global_position AS gp
        FROM events WHERE ${BULK_EVENTS_WHERE} OFFSET 0) AS e,
    jsonb_array_elements(${PARTS}) WITH ORDINALITY AS k(part, ord)
  WHERE c IS NOT NULL
    AND CASE WHEN ${isOneOf('c', 'CreditsSpent', 'CreditsRefunded')} THEN k.part->>'funding' = 'paid'
      WHEN ${isOneOf('c', 'CreditsExpired', 'CreditsRevoked')} THEN data->>'funding' = 'paid'
      ELSE true END`;

/** The origins: a gift's payment (at the time it was paid) or a purchase. */
const ORIGINS = `
  SELECT lot_id, user_id, event_id, product, item_id, reference, amount AS credits,
    amount_paid_cents, currency, occurred_at AS purchased_at, tx, gp
  FROM items WHERE ${isOneOf('c', 'GiftIssued', 'CreditsPurchased')}`;

/** The paid lots of refunds, each with the lot it gives back to (`<refundId>:<lot that paid>`). */
const REFUND_LOTS = `
  SELECT event_id, user_id, lot_id,
    CASE WHEN starts_with(lot_id, refund_id || ':') THEN substr(lot_id, length(refund_id) + 2)
      ELSE lot_id END AS from_id,
    amount, occurred_at, tx, gp, ord
  FROM items WHERE c = ${code('CreditsRefunded')}`;

const MOVES = `
  SELECT event_id, lot_id, CASE c WHEN ${code('CreditsSpent')} THEN 'spent'
      WHEN ${code('CreditsExpired')} THEN 'expired' WHEN ${code('CreditsRevoked')} THEN 'revoked'
      ELSE 'voided' END AS kind,
    amount AS credits, user_id, occurred_at, tx, gp, ord
  FROM items
  WHERE ${isOneOf('c', 'CreditsSpent', 'CreditsExpired', 'CreditsRevoked', 'GiftVoided')}
  UNION ALL
  SELECT DISTINCT ON (tx, gp, ord) event_id, lot_id, 'restored', -amount, user_id, purchased_at,
    tx, gp, ord
  FROM made WHERE ord > 0`;

export const paidCreditsBulkFill = (table: TableNames) => [
  `WITH RECURSIVE items AS MATERIALIZED (${ITEMS}),
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
     -- Log order: segments only grow along it, so this is the order the running totals sorted
     -- into, and the rows need no second sort.
     WINDOW in_order AS (PARTITION BY origin_lot_id ORDER BY segment, tx, gp, ord)
   ),
   moved AS (SELECT origin_lot_id, moved_after AS moved FROM valued WHERE is_last),
   redeemed AS (
     SELECT DISTINCT ON (l.lot_id) l.lot_id, s.user_id AS redeemer_id
     FROM items AS s JOIN lots AS l ON l.lot_id = s.lot_id AND (l.tx, l.gp) < (s.tx, s.gp)
     WHERE s.c = ${code('CreditsPurchased')} AND s.product = 'gift'
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
