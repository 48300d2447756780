import { creditStreamId, GIFT_ALREADY_REDEEMED_MESSAGE, giftStreamId } from '@app/ledger';
import { runLedgerAudit } from '@app/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../testing/accounts';
import type { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { paidGift } from './testing/gift-purchase';

type GiftJson = {
  id: string;
  code: string;
  credits: number;
  status: string;
  redeemedAt: string | null;
  message: string | null;
};

const giftsOf = async (client: HttpClient) =>
  (await (await client.fetch('/api/gifts')).json()) as GiftJson[];
const creditsOf = async (client: HttpClient) =>
  (await client.graphql<{ me: { credits: number } }>('{ me { credits } }')).data!.me.credits;
const redeem = (client: HttpClient, code: string) =>
  client.json('/api/redeem-gift', { code }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as { message?: string; credits?: number },
  }));

describe('gift codes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ GIFT_REDEEM_ATTEMPTS_PER_ACCOUNT: '5' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the buyer reads the code; another user redeems it; the lot is the buyer’s payment, used by the redeemer', async () => {
    const buyer = await signedInUser(app);
    const { giftId, paymentRef } = await paidGift(app, buyer.userId, {
      message: 'Happy birthday!',
    });

    const [gift] = await giftsOf(buyer.client);
    expect(gift).toMatchObject({
      id: giftId,
      credits: 100,
      status: 'unredeemed',
      redeemedAt: null,
    });
    expect(gift!.message).toBe('Happy birthday!');
    expect(gift!.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const card = await buyer.client.fetch(`/api/gifts/${giftId}`);
    expect(card.status).toBe(200);

    const friend = await signedInUser(app);
    // Someone else cannot read the buyer's gift (not found, like any missing id).
    expect((await friend.client.fetch(`/api/gifts/${giftId}`)).status).toBe(404);
    expect(await giftsOf(friend.client)).toEqual([]);

    // Typed loosely: lower case, spaces instead of dashes.
    const typed = gift!.code.toLowerCase().replace(/-/g, ' ');
    expect(await redeem(friend.client, typed)).toEqual({
      status: 200,
      body: { giftId, credits: 100 },
    });
    expect(await creditsOf(friend.client)).toBe(105);
    expect(await creditsOf(buyer.client)).toBe(5);
    const [after] = await giftsOf(buyer.client);
    expect(after).toMatchObject({ status: 'redeemed' });
    expect(Date.parse(after!.redeemedAt!)).toBeGreaterThan(Date.now() - 60_000);

    // The same person again changes nothing; anyone else is told it is gone.
    expect((await redeem(friend.client, gift!.code)).status).toBe(200);
    expect(await creditsOf(friend.client)).toBe(105);
    expect(await redeem(buyer.client, gift!.code)).toEqual({
      status: 409,
      body: expect.objectContaining({ message: GIFT_ALREADY_REDEEMED_MESSAGE }),
    });

    // The statement names it; finance sees the buyer's payment on the redeemer's lot.
    const history = await friend.client.graphql<{
      myCreditHistory: { movements: { type: string; label: string; amount: number }[] };
    }>('{ myCreditHistory { movements { type label } } }');
    expect(history.data!.myCreditHistory.movements[0]).toMatchObject({
      type: 'CreditsPurchased',
      label: 'Gift credits',
    });
    const lots = await app.database.pool.query<{ user_id: string; amount_paid_cents: number }>(
      `SELECT user_id, amount_paid_cents, paid_amount FROM credit_history
       WHERE reference = $1 AND type = 'CreditsPurchased'`,
      [paymentRef],
    );
    expect(lots.rows).toEqual([
      { user_id: friend.userId, amount_paid_cents: 499, paid_amount: 100 },
    ]);
    const [issued] = await app.services.ledger.store.readStream(giftStreamId(giftId));
    expect(issued!.data).toMatchObject({ buyerId: buyer.userId, paymentRef });
    const [purchase] = (
      await app.services.ledger.store.readStream(creditStreamId(friend.userId))
    ).filter((event) => event.type === 'CreditsPurchased');
    expect(purchase!.data).toMatchObject({
      product: 'gift',
      giftId,
      invoiceId: paymentRef,
      expiresAt: expect.any(String),
    });
    const months =
      (Date.parse((purchase!.data as { expiresAt: string }).expiresAt) -
        Date.parse((issued!.data as { paidAt: string }).paidAt)) /
      (30.44 * 86_400_000);
    expect(Math.round(months)).toBe(24);
  });

  it('ten users redeem one code at once over HTTP: exactly one gets the credits', async () => {
    const buyer = await signedInUser(app);
    await paidGift(app, buyer.userId);
    const [gift] = await giftsOf(buyer.client);
    const users = await Promise.all(Array.from({ length: 10 }, () => signedInUser(app)));

    const results = await Promise.all(users.map((user) => redeem(user.client, gift!.code)));

    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const losers = results.filter((r) => r.status !== 200);
    expect(losers).toHaveLength(9);
    for (const loser of losers) {
      expect(loser).toEqual({
        status: 409,
        body: expect.objectContaining({ message: GIFT_ALREADY_REDEEMED_MESSAGE }),
      });
    }
    const balances = await Promise.all(users.map((user) => creditsOf(user.client)));
    expect(balances.sort((a, b) => a - b)).toEqual([...Array(9).fill(5), 105]);
    const lots = await app.database.pool.query(
      `SELECT 1 FROM events WHERE type = 'CreditsPurchased' AND data->>'giftId' = $1`,
      [gift!.id],
    );
    expect(lots.rowCount).toBe(1);
  });

  it('wrong guesses are limited per account, atomically: a burst of 12 gets 5 answers and 7 refusals', async () => {
    const guesser = await signedInUser(app);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      redeem(guesser.client, `AAAA-AAAA-AAAA-${String(i).padStart(4, '0')}`),
    );
    const statuses = (await Promise.all(guesses)).map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(404), ...Array(7).fill(429)]);
    // Once over the limit, even a real code waits.
    const buyer = await signedInUser(app);
    await paidGift(app, buyer.userId);
    const [gift] = await giftsOf(buyer.client);
    expect((await redeem(guesser.client, gift!.code)).status).toBe(429);
    // A real code does not use up the limit of someone who types it right.
    const honest = await signedInUser(app);
    expect((await redeem(honest.client, gift!.code)).status).toBe(200);
  });

  it('GraphQL: myGifts and redeemGift over the same service; bad input is a clear error', async () => {
    const buyer = await signedInUser(app);
    await paidGift(app, buyer.userId);
    const mine = await buyer.client.graphql<{ myGifts: { code: string; status: string }[] }>(
      '{ myGifts { id code credits status redeemedAt } }',
    );
    const code = mine.data!.myGifts[0]!.code;
    expect(mine.data!.myGifts[0]!.status).toBe('UNREDEEMED');
    const friend = await signedInUser(app);
    const bad = await friend.client.graphql('mutation { redeemGift(code: "nope") { credits } }');
    expect(bad.errors?.[0]?.extensions?.code).toBe('GIFT_NOT_FOUND');
    const redeemed = await friend.client.graphql<{ redeemGift: { credits: number } }>(
      'mutation($code: String!) { redeemGift(code: $code) { credits } }',
      { code },
    );
    expect(redeemed.data!.redeemGift.credits).toBe(100);
    expect(await creditsOf(friend.client)).toBe(105);
  });

  it('the audit finds the read models equal to the log after all of the above', async () => {
    await app.settle();
    const audit = await runLedgerAudit({
      pool: app.database.pool,
      store: app.services.ledger.store,
    });
    expect(audit.mismatches).toEqual([]);
  });
});
