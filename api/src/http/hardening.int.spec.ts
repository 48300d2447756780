import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneExpiredRows } from '../jobs/prune-expired';
import { LocalDiskBlobStore } from '../storage/local-disk-blob-store';
import { signedInUser } from '../testing/accounts';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';

/** N registrations at once, each claiming another client address in X-Forwarded-For. */
async function registerWithRotatingForwardedFor(app: TestApp, count: number) {
  const client = new HttpClient(app.url);
  const responses = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const label = randomUUID().slice(0, 8);
      return client.fetch('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({
          email: `${label}@example.com`,
          password: 'password-1',
          username: `u_${label}`,
        }),
      });
    }),
  );
  return responses.map((response) => response.status);
}

describe('X-Forwarded-For and TRUST_PROXY', () => {
  it('by default no proxy is trusted: rotating X-Forwarded-For does not get around the per-IP limit', async () => {
    const app = await startTestApp({ REGISTRATIONS_PER_IP: '3' });
    try {
      const statuses = await registerWithRotatingForwardedFor(app, 6);
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    } finally {
      await app.close();
    }
  });

  it('behind a trusted proxy (TRUST_PROXY=loopback) each forwarded client has its own limit', async () => {
    const app = await startTestApp({ REGISTRATIONS_PER_IP: '3', TRUST_PROXY: 'loopback' });
    try {
      const statuses = await registerWithRotatingForwardedFor(app, 6);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
    } finally {
      await app.close();
    }
  });
});

describe('security headers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('every Express answer carries a CSP, frame protection and nosniff; GraphQL answers too', async () => {
    const client = new HttpClient(app.url);
    for (const target of ['/health', '/api/nothing-here', '/pricing']) {
      const response = await client.fetch(target);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe-inline');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      // Served over plain HTTP here: no HSTS (it is sent when PUBLIC_URL is https).
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    const graphql = await client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(graphql.headers.get('x-content-type-options')).toBe('nosniff');
    expect(graphql.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('a page’s policy allows its inline style sheets by hash; the build’s files carry no page hashes', async () => {
    const client = new HttpClient(app.url);
    const page = await client.fetch('/pricing');
    const html = await page.text();
    const firstStyle = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(firstStyle).toBeDefined();
    const hash = `'sha256-${createHash('sha256').update(firstStyle!).digest('base64')}'`;
    expect(page.headers.get('content-security-policy')).toContain(hash);
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+)"/.exec(html)?.[1];
    const asset = await client.fetch(script!);
    expect(asset.status).toBe(200);
    const assetPolicy = asset.headers.get('content-security-policy') ?? '';
    expect(assetPolicy).toContain("default-src 'self'");
    expect(assetPolicy).not.toContain(hash);
    expect(assetPolicy).not.toContain('style-src-attr');
  });

  it('sends HSTS when the public address is https', async () => {
    const https = await startTestApp({ PUBLIC_URL: 'https://art.example.com' });
    try {
      const response = await new HttpClient(https.url).fetch('/health');
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    } finally {
      await https.close();
    }
  });

  it('outside production GraphQL still suggests field names (the production spec checks they are gone)', async () => {
    const result = await new HttpClient(app.url).graphql('{ mee { id } }');
    expect(result.errors?.[0]?.message).toMatch(/Did you mean "me"/);
  });
});

describe('pruning', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('deletes expired and revoked sessions, passed rate-limit windows and idempotency keys past their day, keeps the live ones', async () => {
    const { pool } = app.database;
    const { userId } = await signedInUser(app);
    const insertSession = (expiresAt: string, revokedAt: string | null) =>
      pool.query<{ id: string }>(
        `INSERT INTO sessions (id, user_id, token_hash, expires_at, revoked_at)
         VALUES (gen_random_uuid(), $1, decode(md5(random()::text), 'hex'), $2, $3) RETURNING id`,
        [userId, expiresAt, revokedAt],
      );
    const expired = (await insertSession('2026-01-01T00:00:00Z', null)).rows[0]!.id;
    const revoked = (await insertSession('2027-06-01T00:00:00Z', '2026-01-01T00:00:00Z')).rows[0]!
      .id;
    const justExpired = (await insertSession('2026-03-01T10:00:00Z', null)).rows[0]!.id;
    const live = (await insertSession('2026-04-01T00:00:00Z', null)).rows[0]!.id;
    await pool.query(
      `INSERT INTO rate_limit_counters (key, window_started_at, hits) VALUES
         ('old', '2026-02-20T00:00:00Z', 9), ('current', '2026-03-01T11:00:00Z', 2)`,
    );

    await pool.query(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, response, locked_until, created_at) VALUES
         ('prune-test', 'answered-long-ago', 'f', '{"value":1}', NULL, '2026-02-27T00:00:00Z'),
         ('prune-test', 'answered-today', 'f', '{"value":1}', NULL, '2026-03-01T11:00:00Z'),
         ('prune-test', 'crashed-long-ago', 'f', NULL, '2026-02-27T00:02:00Z', '2026-02-27T00:00:00Z'),
         ('prune-test', 'still-running', 'f', NULL, '2026-03-01T12:01:00Z', '2026-02-27T00:00:00Z')`,
    );

    const result = await pruneExpiredRows(pool, {
      now: new Date('2026-03-01T12:00:00Z'),
      longestRateLimitWindowSeconds: 86_400,
    });

    const { rows: sessions } = await pool.query<{ id: string }>(
      'SELECT id FROM sessions WHERE id = ANY($1)',
      [[expired, revoked, justExpired, live]],
    );
    expect(sessions.map((row) => row.id).sort()).toEqual([justExpired, live].sort());
    const { rows: counters } = await pool.query<{ key: string }>(
      `SELECT key FROM rate_limit_counters WHERE key IN ('old', 'current')`,
    );
    expect(counters.map((row) => row.key)).toEqual(['current']);
    const { rows: keys } = await pool.query<{ key: string }>(
      `SELECT key FROM idempotency_keys WHERE scope = 'prune-test' ORDER BY key`,
    );
    expect(keys.map((row) => row.key)).toEqual(['answered-today', 'still-running']);
    expect(result).toMatchObject({ sessions: 2, rateLimitCounters: 1, idempotencyKeys: 2 });
  });

  it('the sweep removes temporary files a crashed write left, and only stale ones', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'blob-sweep-'));
    try {
      const store = new LocalDiskBlobStore(root);
      await store.put('uploads/kept.jpg', Buffer.from('photo'));
      const stale = path.join(root, 'uploads/a.jpg.0b4e6c2e.tmp');
      const fresh = path.join(root, 'results/b.png.5f1d.tmp');
      await fs.mkdir(path.dirname(fresh), { recursive: true });
      await fs.writeFile(stale, 'half a photo');
      await fs.writeFile(fresh, 'being written now');
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      await fs.utimes(stale, twoHoursAgo, twoHoursAgo);

      expect(await store.removeStaleTemporaryFiles(new Date(Date.now() - 3_600_000))).toBe(1);
      await expect(fs.access(stale)).rejects.toThrow();
      await expect(fs.access(fresh)).resolves.toBeUndefined();
      expect((await store.list('uploads/')).map((blob) => blob.key)).toEqual(['uploads/kept.jpg']);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
