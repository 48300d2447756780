import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../testing/accounts';
import { auditCli as runAuditCli } from '../testing/audit-cli';
import { startTestApp, type TestApp } from '../testing/test-app';

/** `npm run admin -- audit` against the test app's database, as an operator would run it. */
const auditCli = (app: TestApp) =>
  runAuditCli({ DATABASE_URL: app.database.connectionString, DATA_DIR: '/tmp' });

describe.skipIf(!process.env.DATABASE_URL)('the ledger audit for operators', () => {
  let app: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    app = await startTestApp();
    user = await signedInUser(app, 12);
    admin = await signedInUser(app);
    await app.services.accounts.users.setRoles(admin.userId, ['admin']);
    await app.settle();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('finds nothing on clean data, reports a planted mismatch, and the console shows the last run', async () => {
    const clean = await auditCli(app);
    expect(clean.stdout).toMatch(
      /audit: \d+ events, 2 accounts, 0 subscriptions checked .*: 0 mismatches/,
    );
    expect(clean.code).toBe(0);

    await app.database.pool.query(
      `UPDATE credit_balances_v1 SET held = held + 5 WHERE user_id = $1`,
      [user.userId],
    );
    const planted = await auditCli(app);
    expect(planted.code).toBe(1);
    expect(planted.stdout).toContain(`${user.userId}  held: log says 0, read model has 5`);
    expect(planted.stdout).toMatch(/: 1 mismatch$/m);

    const shown = await admin.client.graphql<{
      lastLedgerAudit: { runBy: string; mismatchCount: number; mismatches: { field: string }[] };
    }>('{ lastLedgerAudit { runBy mismatchCount mismatches { userId field expected actual } } }');
    expect(shown.data?.lastLedgerAudit).toMatchObject({
      runBy: 'cli',
      mismatchCount: 1,
      mismatches: [{ userId: user.userId, field: 'held', expected: '0', actual: '5' }],
    });

    const denied = await user.client.graphql('mutation { runLedgerAudit { id } }');
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    await app.database.pool.query(
      `UPDATE credit_balances_v1 SET held = held - 5 WHERE user_id = $1`,
      [user.userId],
    );
    const rerun = await admin.client.graphql<{
      runLedgerAudit: { runBy: string; mismatchCount: number; accountsChecked: number };
    }>('mutation { runLedgerAudit { runBy mismatchCount accountsChecked } }');
    expect(rerun.data?.runLedgerAudit).toEqual({
      runBy: expect.stringContaining('@example.com'),
      mismatchCount: 0,
      accountsChecked: 2,
    });
    // Two CLI processes start (each loads the app's modules): slow on a loaded machine.
  }, 120_000);
});
