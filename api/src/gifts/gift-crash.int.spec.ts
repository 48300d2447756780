import { afterAll, describe, expect, it } from 'vitest';
import { auditCli } from '../testing/audit-cli';
import { HttpClient } from '../testing/http-client';
import { cleanUp, processScratch, type Cleanup } from '../testing/process-scratch';
import { spawnApi } from '../testing/spawn-api';
import { buyGift } from './testing/gift-purchase';

const CRASH_AFTER_GIFT_REDEEMED = './api/src/gifts/testing/crash-after-gift-redeemed.ts';

async function registered(url: string, label: string) {
  const client = new HttpClient(url);
  const response = await client.json('/api/auth/register', {
    email: `${label}-${Date.now()}@example.com`,
    password: 'secret-1',
    username: `${label}_${Date.now().toString(36)}`,
  });
  expect(response.status).toBe(201);
  client.bearer = ((await response.json()) as { token: string }).token;
  return client;
}

const creditsOf = async (client: HttpClient) =>
  (await client.graphql<{ me: { credits: number } }>('{ me { credits } }')).data?.me.credits;

describe('crash between the gift’s event and its credits', () => {
  const cleanups: Cleanup[] = [];
  afterAll(async () => {
    await cleanUp(cleanups);
  });

  it('SIGKILL after GiftRedeemed: after restart the reconciler writes the credits once; the audit finds nothing', async () => {
    const { dataDir, databaseUrl } = await processScratch('giftcrash', cleanups);
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PAYMENTS: 'local',
      GENERATION_RECOVERY_INTERVAL_SECONDS: '1',
    };

    // This process dies the moment a redemption's gift event is in the log.
    const first = await spawnApi(env, 60_000, [
      '--import',
      'tsx',
      '--import',
      CRASH_AFTER_GIFT_REDEEMED,
    ]);
    cleanups.push(() => first.stop('SIGKILL'));
    const buyer = await registered(first.url, 'buyer');
    const { giftId } = await buyGift(buyer);
    const [gift] = (await (await buyer.fetch('/api/gifts')).json()) as { code: string }[];
    const friend = await registered(first.url, 'friend');
    expect(await creditsOf(friend)).toBe(5);

    const exited = new Promise((resolve) =>
      first.process.once('exit', (_code, signal) => resolve(signal)),
    );
    await expect(friend.json('/api/redeem-gift', { code: gift!.code })).rejects.toThrow();
    expect(await exited).toBe('SIGKILL');

    // Restarted (without the crash): the reconciler completes the redemption at start-up.
    const second = await spawnApi(env);
    cleanups.push(() => second.stop('SIGKILL'));
    const again = (client: HttpClient) => {
      const next = new HttpClient(second.url);
      next.bearer = client.bearer;
      return next;
    };
    const friendAgain = again(friend);
    const buyerAgain = again(buyer);
    await expect.poll(() => creditsOf(friendAgain), { timeout: 30_000, interval: 250 }).toBe(105);
    const [after] = (await (await buyerAgain.fetch('/api/gifts')).json()) as { status: string }[];
    expect(after!.status).toBe('redeemed');

    // Once: the winner retrying, and a few more reconciler runs, add nothing.
    expect((await friendAgain.json('/api/redeem-gift', { code: gift!.code })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await creditsOf(friendAgain)).toBe(105);
    const history = await friendAgain.graphql<{
      myCreditHistory: { movements: { type: string; label: string }[] };
    }>('{ myCreditHistory { movements { type label } } }');
    expect(history.data!.myCreditHistory.movements.map((m) => [m.type, m.label])).toEqual([
      ['CreditsPurchased', 'Gift credits'],
      ['CreditsGranted', 'Welcome credits'],
    ]);
    expect(giftId).toMatch(/^gift-/);

    const audit = await auditCli({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    expect(audit.stdout).toMatch(/: 0 mismatches/);
    expect(audit.code).toBe(0);
  }, 180_000);
});
