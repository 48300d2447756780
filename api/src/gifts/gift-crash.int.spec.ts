import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { auditCli } from '../testing/audit-cli';
import { freshDatabase } from '../testing/fresh-database';
import { HttpClient } from '../testing/http-client';
import { spawnApi, tempDataDir } from '../testing/spawn-api';
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
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('SIGKILL after GiftRedeemed: after restart the reconciler writes the credits once; the audit finds nothing', async () => {
    const dataDir = await tempDataDir('gift-crash');
    const database = await freshDatabase('giftcrash');
    cleanups.push(
      () => database.drop(),
      () => fs.rm(dataDir, { recursive: true, force: true }),
    );
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
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

    const audit = await auditCli({ DATA_DIR: dataDir, DATABASE_URL: database.url });
    expect(audit.stdout).toMatch(/: 0 mismatches/);
    expect(audit.code).toBe(0);
  }, 180_000);
});
