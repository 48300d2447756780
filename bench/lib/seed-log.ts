import type pg from 'pg';
import { createSeedFunctions, metadataSql } from './seed-sql';

// A realistic mixed log for the replay, generated in SQL. Users live month by month (30-day months,
// each user active at its own phase of the month):
// - free users (3 of 4): a 5-credit grant (signup in month 0, then the monthly allowance expiring
//   at the end of the calendar month), one generation a month, the allowance expires when unused;
// - paying users (1 of 4): checkout (month 0), a period paid by Stripe, 300 purchased credits that
//   expire at the end of the period, six generations a month (one fails and is released), a
//   refund every other month, expiry of what is left; some payment failures and subscription updates;
// - each generation: CreditsReserved, GenerationRequested, GenerationSubmitted,
//   GenerationSucceeded|Failed, CreditsSpent|Released.
// Rows are staged once for enough months, numbered in commit (time) order with per-stream
// versions, and then inserted into `events` as prefixes of that order (a prefix of a valid log is
// a valid log: every stream gets a prefix of its own events).

const MONTH = 2_592_000; // seconds
const PHASE = `((u::bigint * 7919) % ${MONTH / 2})`;
/** Credit and subscription/generation events per user-month, roughly (see the mix printed). */
const EVENTS_PER_USER_MONTH = 13;

const STAGE_SQL = `
CREATE UNLOGGED TABLE bench_log_stage AS
WITH um AS MATERIALIZED (
  SELECT u, m, 'user-' || lpad(u::text, 6, '0') AS uid, (u % 4 = 0) AS paying,
    m * ${MONTH}::bigint + ${PHASE} AS t0,
    (m + 1) * ${MONTH}::bigint + ${PHASE} AS t1,
    'in_' || u || '_' || m AS invoice,
    'purchase-in_' || u || '_' || m AS purchase
  FROM generate_series(0, $1::int - 1) u, generate_series(0, $2::int - 1) m
), gens AS MATERIALIZED (
  SELECT um.*, g, 'gen-' || u || '-' || m || '-' || g AS gid, t0 + 3600 * (g + 1) AS tg,
    CASE WHEN paying THEN g = (u + m) % 6 ELSE (u + m) % 5 = 0 END AS failed,
    CASE WHEN paying THEN purchase WHEN m = 0 THEN 'signup-' || uid ELSE 'allow-' || uid || '-' || m END AS lot,
    CASE WHEN paying THEN 'paid' ELSE 'free' END AS funding,
    CASE WHEN paying THEN bench_iso(t1) WHEN m = 0 THEN NULL ELSE bench_iso((m + 1) * ${MONTH}::bigint) END AS lot_expires,
    (ARRAY['ghibli', 'pixar', 'action_figure', 'anime', 'watercolor'])[1 + (u + g) % 5] AS style
  FROM um, generate_series(0, CASE WHEN paying THEN 5 ELSE 0 END) g
)
-- grants: signup in month 0, the monthly allowance for free users after that
SELECT t0 AS ts, u, 0 AS ord, 'credits-' || uid AS stream_id, 'CreditsGranted' AS type,
  jsonb_build_object('userId', uid,
    'grantId', CASE WHEN m = 0 THEN 'signup-' || uid ELSE 'allow-' || uid || '-' || m END,
    'amount', 5, 'source', CASE WHEN m = 0 THEN 'signup' ELSE 'monthly_allowance' END,
    'expiresAt', CASE WHEN m = 0 THEN NULL ELSE bench_iso((m + 1) * ${MONTH}::bigint) END) AS data,
  'system' AS actor_kind, CASE WHEN m = 0 THEN 'signup' ELSE 'scheduler' END AS actor_id,
  CASE WHEN m = 0 THEN 'signup bonus' ELSE 'monthly free allowance' END AS reason,
  'corr-grant-' || uid || '-' || m AS corr, NULL::text AS causation,
  CASE WHEN m = 0 THEN 'signup:' || uid ELSE 'allowance:' || uid || ':' || m END AS idem
FROM um WHERE m = 0 OR NOT paying
UNION ALL -- checkout completed (paying users, month 0)
SELECT t0 + 1, u, 1, 'subscription-' || uid, 'SubscriptionCheckoutCompleted',
  jsonb_build_object('userId', uid, 'planId', 'pro', 'customerId', 'cus_' || u, 'subscriptionId', 'sub_' || u,
    'checkoutSessionId', 'cs_' || u, 'observedAt', bench_iso(t0 + 1)),
  'stripe', 'evt_co_' || u, 'checkout.session.completed', 'corr-co-' || u, 'evt_co_' || u, 'evt_co_' || u
FROM um WHERE paying AND m = 0
UNION ALL -- a failed first attempt at some invoices
SELECT t0 + 1, u, 1, 'subscription-' || uid, 'SubscriptionPaymentFailed',
  jsonb_build_object('userId', uid, 'subscriptionId', 'sub_' || u, 'invoiceId', invoice, 'observedAt', bench_iso(t0 + 1)),
  'stripe', 'evt_pf_' || invoice, 'invoice.payment_failed', 'corr-' || invoice, 'evt_pf_' || invoice, 'evt_pf_' || invoice
FROM um WHERE paying AND m % 3 = 2 AND u % 12 = 0
UNION ALL -- the period is paid
SELECT t0 + 2, u, 2, 'subscription-' || uid, 'SubscriptionPeriodPaid',
  jsonb_build_object('userId', uid, 'subscriptionId', 'sub_' || u, 'planId', 'pro', 'invoiceId', invoice,
    'periodStart', bench_iso(t0), 'periodEnd', bench_iso(t1), 'observedAt', bench_iso(t0 + 2)),
  'stripe', 'evt_ip_' || invoice, 'invoice.paid', 'corr-' || invoice, 'evt_ip_' || invoice, 'evt_ip_' || invoice
FROM um WHERE paying
UNION ALL -- and its credits purchased
SELECT t0 + 3, u, 3, 'credits-' || uid, 'CreditsPurchased',
  jsonb_build_object('userId', uid, 'purchaseId', purchase, 'amount', 300, 'planId', 'pro', 'invoiceId', invoice,
    'amountPaidCents', 900, 'currency', 'usd', 'periodStart', bench_iso(t0), 'periodEnd', bench_iso(t1),
    'expiresAt', bench_iso(t1)),
  'stripe', 'evt_ip_' || invoice, 'invoice.paid', 'corr-' || invoice, 'evt_ip_' || invoice, invoice
FROM um WHERE paying
UNION ALL -- subscription updates for some
SELECT t0 + 864000, u, 50, 'subscription-' || uid, 'SubscriptionUpdated',
  jsonb_build_object('userId', uid, 'subscriptionId', 'sub_' || u, 'planId', 'pro', 'status', 'active',
    'cancelAtPeriodEnd', false, 'currentPeriodEnd', bench_iso(t1), 'observedAt', bench_iso(t0 + 864000)),
  'stripe', 'evt_su_' || invoice, 'customer.subscription.updated', 'corr-su-' || invoice, 'evt_su_' || invoice, 'evt_su_' || invoice
FROM um WHERE paying AND u % 8 = 0
UNION ALL -- generations: hold
SELECT tg, u, 10, 'credits-' || uid, 'CreditsReserved',
  jsonb_build_object('userId', uid, 'reservationId', gid, 'generationId', gid, 'amount', 5,
    'deadline', bench_iso(tg + 600), 'allocations', jsonb_build_array(jsonb_build_object('lotId', lot, 'amount', 5))),
  'user', uid, 'image generation', 'corr-' || gid, NULL, 'hold:' || gid
FROM gens
UNION ALL -- requested
SELECT tg + 1, u, 11, 'generation-' || gid, 'GenerationRequested',
  jsonb_build_object('generationId', gid, 'userId', uid, 'style', style,
    'provider', CASE WHEN paying THEN 'replicate' ELSE 'local' END, 'reservationId', gid, 'requestedAt', bench_iso(tg + 1)),
  'user', uid, 'image generation', 'corr-' || gid, NULL, 'request:' || gid
FROM gens
UNION ALL -- submitted to the provider
SELECT tg + 2, u, 12, 'generation-' || gid, 'GenerationSubmitted',
  jsonb_build_object('generationId', gid, 'userId', uid, 'predictionId', 'pred_' || gid, 'submittedAt', bench_iso(tg + 2)),
  'system', 'generation-worker', 'submitted to provider', 'corr-' || gid, NULL, 'submit:' || gid
FROM gens
UNION ALL -- succeeded or failed
SELECT tg + 30, u, 13, 'generation-' || gid, CASE WHEN failed THEN 'GenerationFailed' ELSE 'GenerationSucceeded' END,
  CASE WHEN failed
    THEN jsonb_build_object('generationId', gid, 'userId', uid, 'errorCode', 'PROVIDER_FAILED',
      'errorMessage', 'Failed to generate image', 'completedAt', bench_iso(tg + 30))
    ELSE jsonb_build_object('generationId', gid, 'userId', uid, 'resultKey', 'results/' || gid || '.png',
      'completedAt', bench_iso(tg + 30)) END,
  'system', 'generation-worker', 'provider finished', 'corr-' || gid, NULL, 'complete:' || gid
FROM gens
UNION ALL -- the hold is captured or released
SELECT tg + 31, u, 14, 'credits-' || uid, CASE WHEN failed THEN 'CreditsReleased' ELSE 'CreditsSpent' END,
  CASE WHEN failed
    THEN jsonb_build_object('userId', uid, 'reservationId', gid, 'generationId', gid, 'amount', 5,
      'allocations', jsonb_build_array(jsonb_build_object('lotId', lot, 'amount', 5)))
    ELSE jsonb_build_object('userId', uid, 'reservationId', gid, 'generationId', gid, 'amount', 5,
      'allocations', jsonb_build_array(jsonb_build_object('lotId', lot, 'amount', 5, 'funding', funding,
        'expiresAt', lot_expires))) END,
  'system', 'generation-worker', 'provider finished', 'corr-' || gid, NULL,
  CASE WHEN failed THEN 'release:' ELSE 'capture:' END || gid
FROM gens
UNION ALL -- a refund every other month (paying users), of a generation that succeeded
SELECT t0 + 8 * 3600, u, 60, 'credits-' || uid, 'CreditsRefunded',
  jsonb_build_object('userId', uid, 'refundId', 'refund-' || gid, 'reservationId', gid, 'amount', 5,
    'lots', jsonb_build_array(jsonb_build_object('lotId', 'refund-' || gid || ':' || purchase, 'amount', 5,
      'funding', 'paid', 'expiresAt', bench_iso(t1)))),
  'staff', 'staff-7', 'failed-quality claim', 'corr-refund-' || gid, 'ticket-' || gid, 'refund:' || gid
FROM (SELECT um.*, 'gen-' || u || '-' || m || '-' || (((u + m) % 6 + 1) % 6) AS gid FROM um WHERE paying AND m % 2 = 0) r
UNION ALL -- paying: what is left of the purchase (and of a refund) expires with the period
SELECT t1 + 1, u, 1, 'credits-' || uid, 'CreditsExpired',
  jsonb_build_object('userId', uid, 'lotId', purchase, 'amount', 275, 'funding', 'paid'),
  'system', 'expiry', 'period ended', 'corr-expiry-' || purchase, NULL, 'expire:' || purchase
FROM um WHERE paying
UNION ALL
SELECT t1 + 1, u, 2, 'credits-' || uid, 'CreditsExpired',
  jsonb_build_object('userId', uid, 'lotId', 'refund-gen-' || u || '-' || m || '-' || (((u + m) % 6 + 1) % 6) || ':' || purchase,
    'amount', 5, 'funding', 'paid'),
  'system', 'expiry', 'period ended', 'corr-expiry-' || purchase, NULL, 'expire:refund:' || purchase
FROM um WHERE paying AND m % 2 = 0
UNION ALL -- free: an unused allowance expires at the end of the calendar month
SELECT t1, u, -1, 'credits-' || uid, 'CreditsExpired',
  jsonb_build_object('userId', uid, 'lotId', 'allow-' || uid || '-' || m, 'amount', 5, 'funding', 'free'),
  'system', 'expiry', 'allowance ended', 'corr-expiry-' || uid || '-' || m, NULL, 'expire:allow-' || uid || '-' || m
FROM um WHERE NOT paying AND m > 0 AND (u + m) % 5 = 0`;

/** Numbers the staged rows in commit order and gives each its stream version. */
const ORDER_SQL = `
CREATE UNLOGGED TABLE bench_log AS
SELECT row_number() OVER (ORDER BY ts, u, ord, stream_id) AS rn,
  row_number() OVER (PARTITION BY stream_id ORDER BY ts, ord) - 1 AS stream_version,
  ts, stream_id, type, data, actor_kind, actor_id, reason, corr, causation, idem
FROM bench_log_stage`;

const INSERT_SQL = `
INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
SELECT stream_id, stream_version, id, type, data,
  ${metadataSql('id', 'ts', 'actor_kind', 'actor_id', 'reason', 'corr', 'causation', 'idem')}
FROM (SELECT *, gen_random_uuid() AS id FROM bench_log WHERE rn > $1 AND rn <= $2 ORDER BY rn) rows
ORDER BY rn`;

export interface StagedLog {
  readonly rows: number;
  readonly months: number;
}

/** Generates at least `events` rows of log in `bench_log`, numbered in commit order. */
export async function stageLog(pool: pg.Pool, events: number, users: number): Promise<StagedLog> {
  await createSeedFunctions(pool);
  for (let months = Math.ceil(events / (users * EVENTS_PER_USER_MONTH)) + 1; ; months++) {
    await pool.query('DROP TABLE IF EXISTS bench_log_stage, bench_log');
    await pool.query(STAGE_SQL, [users, months]);
    const count = await pool.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM bench_log_stage',
    );
    const rows = Number(count.rows[0]!.n);
    if (rows < events) continue;
    await pool.query(ORDER_SQL);
    await pool.query('DROP TABLE bench_log_stage');
    await pool.query('CREATE UNIQUE INDEX bench_log_rn ON bench_log (rn)');
    await pool.query('ANALYZE bench_log');
    return { rows, months };
  }
}

/** Appends staged rows (after, upTo] to `events`, in commit order, in transactions of `chunk` rows. */
export async function insertStagedLog(pool: pg.Pool, after: number, upTo: number, chunk = 100_000) {
  for (let from = after; from < upTo; from += chunk) {
    await pool.query(INSERT_SQL, [from, Math.min(upTo, from + chunk)]);
  }
}

export async function dropStagedLog(pool: pg.Pool) {
  await pool.query('DROP TABLE IF EXISTS bench_log_stage, bench_log');
}

/** Events per type in the log, most frequent first. */
export async function logMix(pool: pg.Pool): Promise<{ type: string; count: number }[]> {
  const result = await pool.query<{ type: string; n: string }>(
    'SELECT type, count(*)::text AS n FROM events GROUP BY type ORDER BY count(*) DESC, type',
  );
  return result.rows.map((row) => ({ type: row.type, count: Number(row.n) }));
}
