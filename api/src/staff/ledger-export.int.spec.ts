import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../accounts/users-repository';
import { signedInUser } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/test-app';

/** Streams the export over HTTP and reads it as it comes, sampling the server's heap meanwhile. */
async function exportAndMeasure(
  app: TestApp,
  client: Awaited<ReturnType<typeof signedInUser>>['client'],
  query: string,
) {
  // Live memory: collect garbage before each sample, so only what the export holds on to counts.
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  collect();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const sampler = setInterval(() => {
    collect();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 250);
  const response = await client.fetch(`/api/staff/ledger.csv${query}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  clearInterval(sampler);
  return { status: response.status, bytes, rows: lines - 1, growth: peak - baseline };
}

describe('ledger CSV export', () => {
  let app: TestApp;
  let finance: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    app = await startTestApp();
    finance = await signedInUser(app);
    await app.services.accounts.users.setRoles(finance.userId, ['finance'] as Role[]);
    // 100,000 movements straight into the read model's view (the export reads nothing else).
    await app.database.pool.query(
      `INSERT INTO credit_history (seq, event_id, user_id, occurred_at, type, delta, held_delta, balance_after, held_after,
         paid_amount, free_amount, reference, actor_kind, actor_id, reason, correlation_id, position_commit, position_prepare)
       SELECT 1000000 + g, gen_random_uuid(), 'bulk-user-' || (g % 500), now() - make_interval(secs => g), 'CreditsSpent', -5, -5,
         100, 0, 5, 0, 'gen-' || g, 'user', 'bulk', 'Generation "ghibli", with a comma', 'c', 0, g
       FROM generate_series(1, 100000) AS g`,
    );
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });

  it('streams 100,000 rows with the server’s memory flat', async () => {
    const small = await exportAndMeasure(
      app,
      finance.client,
      '?types=CreditsSpent&from=' +
        encodeURIComponent(new Date(Date.now() - 10_000 * 1000).toISOString()),
    );
    const large = await exportAndMeasure(app, finance.client, '?types=CreditsSpent');
    expect(small.rows).toBeGreaterThan(9_000);
    expect(large.status).toBe(200);
    expect(large.rows).toBe(100_000);
    expect(large.bytes).toBeGreaterThan(15 * 1024 * 1024);
    // Ten times the rows must not mean ten times the memory: what stays live is a page, not the file.
    expect(large.growth).toBeLessThan(large.bytes / 4);
    expect(large.growth).toBeLessThan(small.growth + 4 * 1024 * 1024);
    console.info(
      `CSV export: ${large.rows} rows, ${(large.bytes / 1048576).toFixed(1)} MB; live heap growth ${(large.growth / 1048576).toFixed(1)} MB (10k rows: ${(small.growth / 1048576).toFixed(1)} MB)`,
    );
  }, 120_000);

  it('quotes fields and keeps formula-looking text inert', async () => {
    const response = await finance.client.fetch(
      `/api/staff/ledger.csv?types=CreditsSpent&to=${encodeURIComponent(new Date(Date.now() - 99_990 * 1000).toISOString())}`,
    );
    const text = await response.text();
    expect(text.split('\n')[0]).toBe(
      'seq,occurred_at,user_id,type,delta,balance_after,held_after,paid_amount,free_amount,reference,plan_id,amount_paid_cents,currency,actor_kind,actor_id,reason,event_id',
    );
    expect(text).toContain('"Generation ""ghibli"", with a comma"');
  });
});
