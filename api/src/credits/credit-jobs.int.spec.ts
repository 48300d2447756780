import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditStreamId } from '@app/ledger';
import { getCreditBalance } from '@app/projections';
import { signedInUser } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/test-app';
import { sweepExpiredCredits } from './expiry-sweep';
import { FreeAllowance } from './free-allowance';

describe('free monthly allowance and expiry sweep', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gives free users 5 credits each month from their first full month, once, expiring at month end', async () => {
    const { userId } = await signedInUser(app);
    const allowance = new FreeAllowance(app.database.pool, app.services.ledger);
    const signupMonth = new Date();
    await allowance.grantDue(signupMonth);
    const nextMonth = new Date(
      Date.UTC(signupMonth.getUTCFullYear(), signupMonth.getUTCMonth() + 1, 3),
    );
    await allowance.grantDue(nextMonth);
    await allowance.grantDue(nextMonth);
    const grants = (await app.runtime.storage.store.readStream(creditStreamId(userId))).filter(
      (e) => e.type === 'CreditsGranted',
    );
    expect(grants.map((e) => (e.data as { source: string }).source)).toEqual([
      'signup',
      'monthly_allowance',
    ]);
    const allowanceExpiry = new Date((grants[1]!.data as { expiresAt: string }).expiresAt);
    expect(allowanceExpiry.getUTCDate()).toBe(1);
    expect(allowanceExpiry.getUTCMonth()).toBe((nextMonth.getUTCMonth() + 1) % 12);

    await app.runtime.runner!.runUntilCaughtUp();
    expect((await getCreditBalance(app.database.pool, userId, nextMonth)).available).toBe(10);
    // After that month: the allowance is unusable at once, and the sweep records its expiry.
    const monthAfter = new Date(allowanceExpiry.getTime() + 1_000);
    expect((await getCreditBalance(app.database.pool, userId, monthAfter)).available).toBe(5);
    expect(
      await sweepExpiredCredits(app.database.pool, app.services.ledger, monthAfter),
    ).toBeGreaterThanOrEqual(1);
    const expired = (await app.runtime.storage.store.readStream(creditStreamId(userId))).filter(
      (e) => e.type === 'CreditsExpired',
    );
    expect(expired.map((e) => (e.data as { amount: number }).amount)).toEqual([5]);
  });
});
