import { creditStreamId, GIFT_ALREADY_REDEEMED_MESSAGE, giftStreamId } from '@app/ledger';
import { runLedgerAudit } from '@app/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../testing/accounts';
import type { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { buyGift } from './testing/gift-purchase';

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
    app = await startTestApp({
      PAYMENTS: 'local',
      GIFT_REDEEM_ATTEMPTS_PER_ACCOUNT: '5',
      GIFT_REDEEM_ATTEMPTS_PER_IP: '8',
      // The per-address test plays a balancer that names the client's address.
      TRUST_PROXY: 'loopback',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the buyer reads the code; another user redeems it; the lot is the buyer’s payment, used by the redeemer', async () => {
    const buyer = await signedInUser(app);
    const { giftId, paymentRef } = await buyGift(buyer.client, {
      message: 'Happy birthday!',
      recipientEmail: 'lucky-friend@example.com',
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
    await buyGift(buyer.client);
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
    await buyGift(buyer.client);
    const [gift] = await giftsOf(buyer.client);
    expect((await redeem(guesser.client, gift!.code)).status).toBe(429);
    // A real code does not use up the limit of someone who types it right.
    const honest = await signedInUser(app);
    expect((await redeem(honest.client, gift!.code)).status).toBe(200);
  });

  it('wrong guesses are limited per address too, across accounts', async () => {
    const guessers = await Promise.all([1, 2, 3].map(() => signedInUser(app)));
    const fromOneAddress = (client: HttpClient, i: number) =>
      client
        .fetch('/api/redeem-gift', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
          body: JSON.stringify({ code: `BBBB-BBBB-BBBB-${String(i).padStart(4, '0')}` }),
        })
        .then((response) => response.status);
    const statuses = await Promise.all(
      guessers.flatMap((guesser, g) =>
        [0, 1, 2, 3].map((i) => fromOneAddress(guesser.client, g * 4 + i)),
      ),
    );
    expect(statuses.sort()).toEqual([...Array(8).fill(404), ...Array(4).fill(429)]);
  });

  it('GraphQL: myGifts and redeemGift over the same service; bad input is a clear error', async () => {
    const buyer = await signedInUser(app);
    await buyGift(buyer.client);
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

  it('the buyer and the recipient are emailed the code; the log has neither address nor message', async () => {
    const buyer = await signedInUser(app);
    const recipientEmail = `friend-${Date.now()}@example.com`;
    const { giftId } = await buyGift(buyer.client, { recipientEmail, message: 'For your art' });
    const [gift] = await giftsOf(buyer.client);
    await app.services.mail.drain();
    const mails = await app.database.pool.query<{
      kind: string;
      to_address: string;
      text_body: string;
    }>(
      `SELECT kind, to_address, text_body FROM outbox_mail WHERE kind LIKE 'gift-%' AND text_body LIKE $1`,
      [`%${gift!.code}%`],
    );
    expect(mails.rows.map((m) => m.kind).sort()).toEqual(['gift-purchased', 'gift-received']);
    const received = mails.rows.find((m) => m.kind === 'gift-received')!;
    expect(received.to_address).toBe(recipientEmail);
    expect(received.text_body).toContain('For your art');
    expect(received.text_body).toContain(`/redeem?code=${encodeURIComponent(gift!.code)}`);
    const events = await app.services.ledger.store.readStream(giftStreamId(giftId));
    expect(JSON.stringify(events.map((event) => [event.data, event.metadata]))).not.toMatch(
      new RegExp(`${recipientEmail}|For your art|${gift!.code}`),
    );
  });

  it('staff void an unredeemed gift: its payment is refunded and the code no longer works', async () => {
    const buyer = await signedInUser(app);
    const { giftId } = await buyGift(buyer.client);
    const [gift] = await giftsOf(buyer.client);
    // Roles are read when a session is first seen: the staff member is staff before signing in.
    const stranger = await signedInUser(app);
    const reason = { reason: 'Bought by mistake, asked by mail' };
    expect((await stranger.client.json(`/api/staff/gifts/${giftId}/void`, reason)).status).toBe(
      403,
    );
    const staff = await signedInUser(app);
    await app.services.accounts.users.setRoles(staff.userId, ['support']);
    // No reason, no void.
    expect((await staff.client.json(`/api/staff/gifts/${giftId}/void`, {})).status).toBe(400);
    const voided = await staff.client.json(`/api/staff/gifts/${giftId}/void`, reason);
    expect(voided.status).toBe(200);
    expect(await voided.json()).toMatchObject({
      status: 'voided',
      voidCause: 'staff',
      voidReason: reason.reason,
    });
    // The refund went through the payment provider and came back as charge.refunded.
    const refunded = await app.database.pool.query(
      'SELECT refunded_at FROM billing_pack_payments WHERE checkout_session_id = $1',
      [
        (
          (await app.services.ledger.store.readStream(giftStreamId(giftId)))[0]!.data as {
            paymentRef: string;
          }
        ).paymentRef,
      ],
    );
    expect(refunded.rows[0]?.refunded_at).toBeInstanceOf(Date);
    const friend = await signedInUser(app);
    expect(await redeem(friend.client, gift!.code)).toEqual({
      status: 409,
      body: expect.objectContaining({ code: 'GIFT_VOIDED' }),
    });
    expect(await creditsOf(friend.client)).toBe(5);
    const [after] = await giftsOf(buyer.client);
    expect(after).toMatchObject({ status: 'voided' });
    // A redeemed gift cannot be voided.
    const second = await buyGift(buyer.client);
    const code = (await giftsOf(buyer.client)).find((g) => g.id === second.giftId)!.code;
    expect((await redeem(friend.client, code)).status).toBe(200);
    const late = await staff.client.json(`/api/staff/gifts/${second.giftId}/void`, reason);
    expect(late.status).toBe(409);
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

  it('a buyer who deletes their account leaves the gift redeemable, without their message or the recipient', async () => {
    const buyer = await signedInUser(app);
    const { giftId } = await buyGift(buyer.client, {
      message: 'From your aunt Matilda',
      recipientEmail: 'nephew-matilda@example.com',
    });
    const [gift] = await giftsOf(buyer.client);
    await app.services.mail.drain();
    const deleted = await buyer.client.json(
      '/api/user/account',
      { currentPassword: 'password-1' },
      'DELETE',
    );
    expect(deleted.status).toBe(200);
    const rows = await app.database.pool.query(
      `SELECT message, recipient_email FROM gifts WHERE gift_id = $1
       UNION ALL SELECT message, recipient_email FROM gift_orders WHERE buyer_id = $2`,
      [giftId, buyer.userId],
    );
    expect(rows.rows).toEqual([{ message: null, recipient_email: null }]);
    // The nephew's waiting mail is kept (his code) but no longer carries the buyer's words or account.
    const waiting = await app.database.pool.query<{ user_id: string | null; text_body: string }>(
      `SELECT user_id, text_body || html_body AS text_body FROM outbox_mail
       WHERE to_address = 'nephew-matilda@example.com' AND kind = 'gift-received'`,
    );
    expect(waiting.rows).toHaveLength(1);
    expect(waiting.rows[0]!.user_id).toBeNull();
    expect(waiting.rows[0]!.text_body).toContain(gift!.code);
    expect(waiting.rows[0]!.text_body).not.toMatch(/Matilda|Their message/);
    const nephew = await signedInUser(app);
    expect((await redeem(nephew.client, gift!.code)).status).toBe(200);
  });
});
