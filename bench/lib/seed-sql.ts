import type pg from 'pg';

/**
 * `bench_iso(seconds)`: the ISO-8601 instant (UTC, millisecond precision, `Z`) `seconds` after
 * 2026-01-01T00:00:00Z, as `Date.prototype.toISOString` writes it and the zod schemas accept it.
 * STABLE like `to_char`, so the planner inlines it (IMMUTABLE would not inline: 3x slower).
 */
export async function createSeedFunctions(pool: pg.Pool): Promise<void> {
  await pool.query(`
    CREATE OR REPLACE FUNCTION bench_iso(s bigint) RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE AS
    $$ SELECT to_char(timestamp '2026-01-01 00:00:00' + s * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$`);
}

/** Full event metadata as `CommandHandler.metadataFor` writes it, built in SQL. */
export const metadataSql = (
  eventId: string,
  seconds: string,
  actorKind: string,
  actorId: string,
  reason: string,
  correlation: string,
  causation: string,
  idempotencyKey: string,
) => `jsonb_build_object(
  'eventId', ${eventId},
  'occurredAt', bench_iso(${seconds}),
  'actor', jsonb_build_object('kind', ${actorKind}, 'id', ${actorId}),
  'reason', ${reason},
  'correlationId', ${correlation},
  'causationId', ${causation},
  'idempotencyKey', ${idempotencyKey},
  'schemaVersion', 1)`;

export const historyUserId = (account: number) => `hist-${String(account).padStart(4, '0')}`;

/**
 * Long credit account histories, written straight into `events`: per account, version 0 grants
 * 1,000,000 credits, then hold/capture pairs (CreditsReserved, CreditsSpent) of 5 credits from that
 * lot, and the last version a small goodwill grant. Valid per `creditAccountEventSchema`, with
 * consistent stream versions, so the command handler can fold them. One event an hour, ending an
 * hour ago: 10,000 events are over a year of a heavy user's activity, as real histories are.
 */
export async function seedAccountHistories(
  pool: pg.Pool,
  accounts: number,
  eventsPerAccount: number,
  prefix = 'hist',
) {
  const last = eventsPerAccount - 1;
  const endSeconds = Math.floor((Date.now() - Date.parse('2026-01-01T00:00:00Z')) / 1000) - 3600;
  const at = `(${endSeconds} - ($2 - v) * 3600)`;
  await pool.query(
    `INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
     SELECT 'credits-' || uid, v, id,
       CASE WHEN v = 0 OR v = $2 THEN 'CreditsGranted' WHEN v % 2 = 1 THEN 'CreditsReserved' ELSE 'CreditsSpent' END,
       CASE
         WHEN v = 0 THEN jsonb_build_object('userId', uid, 'grantId', 'grant-' || uid, 'amount', 1000000,
           'source', 'migration', 'expiresAt', NULL)
         WHEN v = $2 THEN jsonb_build_object('userId', uid, 'grantId', 'goodwill-' || uid, 'amount', 50,
           'source', 'goodwill', 'expiresAt', NULL)
         WHEN v % 2 = 1 THEN jsonb_build_object('userId', uid, 'reservationId', rid, 'generationId', rid,
           'amount', 5, 'deadline', bench_iso(${at} + 600),
           'allocations', jsonb_build_array(jsonb_build_object('lotId', 'grant-' || uid, 'amount', 5)))
         ELSE jsonb_build_object('userId', uid, 'reservationId', rid, 'generationId', rid, 'amount', 5,
           'allocations', jsonb_build_array(jsonb_build_object('lotId', 'grant-' || uid, 'amount', 5,
             'funding', 'free', 'expiresAt', NULL)))
       END,
       ${metadataSql(
         'id',
         at,
         `CASE WHEN v = 0 OR v = $2 THEN 'system' ELSE 'user' END`,
         `CASE WHEN v = 0 OR v = $2 THEN 'migration' ELSE uid END`,
         `CASE WHEN v = 0 OR v = $2 THEN 'account migration' ELSE 'image generation' END`,
         `'corr-' || coalesce(rid, uid)`,
         'NULL',
         `CASE WHEN v = 0 THEN 'migrate:' || uid WHEN v = $2 THEN 'goodwill:' || uid
               WHEN v % 2 = 1 THEN 'hold:' || rid ELSE 'capture:' || rid END`,
       )}
     FROM (
       SELECT a, v, $3::text || '-' || lpad(a::text, 4, '0') AS uid, gen_random_uuid() AS id,
         CASE WHEN v > 0 AND v < $2 THEN $3::text || '-' || lpad(a::text, 4, '0') || '-r' || ((v + 1) / 2) END AS rid
       FROM generate_series(0, $1 - 1) a, generate_series(0, $2) v
     ) rows
     ORDER BY v, a`,
    [accounts, last, prefix],
  );
}
