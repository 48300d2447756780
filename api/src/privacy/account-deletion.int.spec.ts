import fs from 'node:fs/promises';
import path from 'node:path';
import { financeReport } from '@app/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAccountKey } from '../accounts/login-failures';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { richAccount, type RichAccount } from './testing/rich-account';

/** Every text-like column of every table and view, searched for each needle. */
async function rowsMentioning(app: TestApp, needles: string[]) {
  const columns = await app.services.pool.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema()
       AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')`,
  );
  expect(columns.rows.length).toBeGreaterThan(20);
  const hits: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    for (const needle of needles) {
      const found = await app.services.pool.query(
        `SELECT count(*)::int AS n FROM "${table_name}" WHERE "${column_name}"::text ILIKE '%' || $1 || '%'`,
        [needle],
      );
      if (found.rows[0].n > 0) hits.push(`${table_name}.${column_name} holds "${needle}"`);
    }
  }
  return hits;
}

/** Every blob file whose bytes contain a needle. */
async function blobsMentioning(root: string, needles: string[]) {
  const hits: string[] = [];
  const walk = async (directory: string): Promise<void> => {
    for (const entry of await fs.readdir(directory, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) await walk(full);
      else {
        const bytes = await fs.readFile(full);
        for (const needle of needles)
          if (bytes.includes(Buffer.from(needle))) hits.push(`${full} holds "${needle}"`);
      }
    }
  };
  await walk(root);
  return hits;
}

describe('delete my account', () => {
  let app: TestApp;
  let account: RichAccount;
  beforeAll(async () => {
    app = await startTestApp({ PAYMENTS: 'local' });
    account = await richAccount(app);
  }, 120_000);
  afterAll(async () => {
    await app?.services.dataExports.drain();
    await app?.close();
  });

  it('erases every row and blob of the person, keeps the ledger balanced, and frees the email', async () => {
    const { client, userId, email, fullName, prompts, label } = account;
    // An export (a blob holding everything) and a pending change of email exist too.
    await client.graphql('mutation { requestDataExport { id } }');
    await app.services.dataExports.drain();
    await client.json('/api/user/change-email', {
      newEmail: `${label}.next@example.com`,
      currentPassword: account.password,
    });
    await app.services.mail.drain();
    const needles = [email, fullName, label, ...prompts];
    const blobRoot = path.join(app.runtime.config.dataDir, 'blobs');
    expect((await rowsMentioning(app, needles)).length).toBeGreaterThan(5);
    const keys = await app.services.pool.query<{ key: string }>(
      `SELECT result_key AS key FROM generation_requests WHERE user_id = $1 AND result_key IS NOT NULL
       UNION ALL SELECT blob_key FROM data_exports WHERE user_id = $1`,
      [userId],
    );
    expect(keys.rows).toHaveLength(3);
    for (const { key } of keys.rows) expect(await app.services.blobs.exists(key)).toBe(true);

    const range = {
      from: new Date(Date.now() - 86_400_000),
      to: new Date(Date.now() + 86_400_000),
      granularity: 'day' as const,
    };
    await app.settle();
    const reportBefore = await financeReport(app.services.pool, range);
    const eventsBefore = await app.services.pool.query('SELECT count(*)::int AS n FROM events');

    // A wrong password at sign-in leaves counters keyed by the account (and its address).
    const guessed = await new HttpClient(app.url).json('/api/auth/login', {
      email,
      password: 'not-it',
    });
    expect(guessed.status).toBe(401);
    const signInCounters = () =>
      app.services.pool.query(`SELECT key FROM rate_limit_counters WHERE key LIKE $1`, [
        `${loginAccountKey(email)}%`,
      ]);
    expect((await signInCounters()).rows).toHaveLength(2);

    const wrong = await client.graphql(
      'mutation ($input: DeleteAccountInput!) { deleteAccount(input: $input) { message } }',
      { input: { currentPassword: 'not-it' } },
    );
    expect(wrong.errors?.[0]?.extensions?.code).toBe('WRONG_PASSWORD');
    const deleted = await client.json(
      '/api/user/account',
      { currentPassword: account.password },
      'DELETE',
    );
    expect(deleted.status).toBe(200);
    expect((await client.fetch('/api/auth/user')).status).toBe(401);
    await app.settle();

    expect(await rowsMentioning(app, needles)).toEqual([]);
    expect((await signInCounters()).rows).toEqual([]);
    expect(await blobsMentioning(blobRoot, needles)).toEqual([]);
    for (const { key } of keys.rows) expect(await app.services.blobs.exists(key)).toBe(false);

    // The plan ended at the provider first; the ledger kept every event and the report is the same.
    await expect
      .poll(async () => {
        const status = await app.services.pool.query(
          'SELECT status FROM subscription_status WHERE user_id = $1',
          [userId],
        );
        return status.rows[0]?.status;
      })
      .toBe('canceled');
    // What deletion added to the log: the provider's cancellation, and the end of the paid
    // period's credits that the cancellation causes (as for any cancellation). The erasure itself
    // adds nothing, so the finance report differs from before by exactly that expiry.
    const appended = await app.services.pool.query<{ type: string; data: { amount?: number } }>(
      'SELECT type, data FROM events ORDER BY global_position OFFSET $1',
      [eventsBefore.rows[0].n],
    );
    const types = appended.rows.map((row) => row.type);
    expect(types.filter((type) => type === 'SubscriptionCanceled')).toHaveLength(1);
    expect(
      types.every((type) => type === 'SubscriptionCanceled' || type === 'CreditsExpired'),
    ).toBe(true);
    const expiredByCancellation = appended.rows
      .filter((row) => row.type === 'CreditsExpired')
      .reduce((sum, row) => sum + Number(row.data.amount ?? 0), 0);
    const reportAfter = await financeReport(app.services.pool, range);
    const last = reportBefore.length - 1;
    const [before, after] = [reportBefore[last]!, reportAfter[last]!];
    expect(reportAfter.slice(0, last)).toEqual(reportBefore.slice(0, last));
    expect({ ...after, prepaid: [] }).toEqual({
      ...before,
      expired: before.expired + expiredByCancellation,
      prepaid: [],
    });
    // Those credits were paid for: their value moves from deferred revenue to breakage.
    const moved = before.prepaid[0]!.deferredCents - after.prepaid[0]!.deferredCents;
    expect(moved).toBeGreaterThan(0);
    expect(after.prepaid).toEqual(
      before.prepaid.map((row) => ({
        ...row,
        paidCreditsExpired: row.paidCreditsExpired + expiredByCancellation,
        deferredCredits: row.deferredCredits - expiredByCancellation,
        breakageCents: row.breakageCents + moved,
        deferredCents: row.deferredCents - moved,
      })),
    );
    // The ledger audit (the log folded on its own, against the read models) still balances.
    const audit = await app.services.audit.run('test');
    expect(audit.result.accountsChecked).toBeGreaterThanOrEqual(2);
    expect(audit.result.mismatches).toEqual([]);

    // Staff see a deleted user by id.
    const admin = new HttpClient(app.url);
    const adminBody = (await (
      await admin.json('/api/auth/register', {
        email: `admin-${Date.now()}@example.com`,
        password: 'admin-pass-1',
        username: `admin${Date.now()}`,
      })
    ).json()) as { user: { id: string } };
    await app.services.accounts.users.setRoles(adminBody.user.id, ['admin']);
    app.services.accounts.forgetUser(adminBody.user.id);
    const seen = await admin.graphql<{
      staffUser: { email: string; username: string; fullName: string | null; deletedAt: string };
    }>('query ($id: ID!) { staffUser(id: $id) { email username fullName deletedAt } }', {
      id: userId,
    });
    expect(seen.data?.staffUser).toMatchObject({
      email: `deleted user ${userId}`,
      username: `deleted user ${userId}`,
      fullName: null,
      deletedAt: expect.any(String),
    });

    // The old password opens nothing; the email registers again, with 5 new credits.
    const login = await new HttpClient(app.url).json('/api/auth/login', {
      email,
      password: account.password,
    });
    expect(login.status).toBe(401);
    const again = await new HttpClient(app.url).json('/api/auth/register', {
      email,
      password: 'fresh-start-1',
      username: `${label}_again`,
    });
    expect(again.status).toBe(201);
    const fresh = (await again.json()) as { user: { id: string; credits: number } };
    expect(fresh.user.id).not.toBe(userId);
    expect(fresh.user.credits).toBe(5);
  });

  it('a Google-only account needs a fresh Google sign-in', async () => {
    const user = await app.services.accounts.users.create({
      email: `g-${Date.now()}@example.com`,
      username: `g${Date.now()}`,
      fullName: null,
      passwordHash: null,
      googleSubject: `sub-${Date.now()}`,
    });
    const stale = {
      user,
      session: {
        id: 'x',
        userId: user.id,
        expiresAt: new Date(),
        authMethod: 'google',
        createdAt: new Date(Date.now() - 11 * 60_000),
      },
    };
    await expect(app.services.accountDeletion.deleteAccount(stale, {})).rejects.toMatchObject({
      code: 'REAUTH_REQUIRED',
    });
    const fresh = { ...stale, session: { ...stale.session, createdAt: new Date() } };
    await app.services.accountDeletion.deleteAccount(fresh, {});
    expect((await app.services.accounts.users.findById(user.id))?.deletedAt).toBeInstanceOf(Date);
  });
});
