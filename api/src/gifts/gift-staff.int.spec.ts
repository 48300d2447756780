import { giftStreamId } from '@app/ledger';
import type { Role } from '../accounts/users-repository';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../testing/accounts';
import type { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { buyGift } from './testing/gift-purchase';

const STAFF_GIFTS = `query ($q: String!) { staffGifts(query: $q) {
  id status credits packId amountPaidCents buyer { id email } redeemedBy { id email }
  redeemedAt voidedAt voidCause voidReason } }`;
const VOID_GIFT = `mutation ($input: VoidGiftInput!) { staffVoidGift(input: $input) {
  id status voidedAt voidCause voidReason } }`;

type StaffGift = {
  id: string;
  status: string;
  credits: number;
  buyer: { id: string; email: string } | null;
  redeemedBy: { id: string; email: string } | null;
  redeemedAt: string | null;
  voidCause: string | null;
  voidReason: string | null;
};

const codeOf = async (client: HttpClient, giftId: string) =>
  ((await (await client.fetch('/api/gifts')).json()) as { id: string; code: string }[]).find(
    (gift) => gift.id === giftId,
  )!.code;

describe('gifts in the staff console (GraphQL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PAYMENTS: 'local' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const staffWith = async (roles: Role[]) => {
    const staff = await signedInUser(app);
    await app.services.accounts.users.setRoles(staff.userId, roles);
    app.services.accounts.forgetUser(staff.userId);
    return staff;
  };

  it('support finds gifts by code and by buyer email, with buyer, status and redeemer', async () => {
    const buyer = await signedInUser(app);
    const first = await buyGift(buyer.client);
    const second = await buyGift(buyer.client);
    const friend = await signedInUser(app);
    const code = await codeOf(buyer.client, second.giftId);
    expect((await friend.client.json('/api/redeem-gift', { code })).status).toBe(200);
    const support = await staffWith(['support']);
    const me = await buyer.client.graphql<{ me: { email: string } }>('{ me { email } }');
    const buyerEmail = me.data!.me.email;

    const byEmail = await support.client.graphql<{ staffGifts: StaffGift[] }>(STAFF_GIFTS, {
      q: buyerEmail.slice(0, 6).toUpperCase(),
    });
    expect(byEmail.errors).toBeUndefined();
    const listed = byEmail.data!.staffGifts.filter((gift) => gift.buyer?.id === buyer.userId);
    expect(listed.map((gift) => [gift.id, gift.status]).sort()).toEqual(
      [
        [first.giftId, 'UNREDEEMED'],
        [second.giftId, 'REDEEMED'],
      ].sort(),
    );

    // A code typed loosely finds exactly its gift; staff never see codes.
    const byCode = await support.client.graphql<{ staffGifts: StaffGift[] }>(STAFF_GIFTS, {
      q: code.toLowerCase().replace(/-/g, ' '),
    });
    expect(byCode.data!.staffGifts).toEqual([
      expect.objectContaining({
        id: second.giftId,
        status: 'REDEEMED',
        credits: 100,
        buyer: { id: buyer.userId, email: buyerEmail },
        redeemedBy: expect.objectContaining({ id: friend.userId }),
        redeemedAt: expect.any(String),
      }),
    ]);
    const noCode = await support.client.graphql(
      'query ($q: String!) { staffGifts(query: $q) { code } }',
      { q: code },
    );
    expect(noCode.errors?.[0]?.message).toMatch(/Cannot query field "code"/);
  });

  it('support voids with a reason (kept in the event); a repeat refunds nothing more', async () => {
    const buyer = await signedInUser(app);
    const { giftId, paymentRef } = await buyGift(buyer.client);
    const support = await staffWith(['support']);
    const tooShort = await support.client.graphql(VOID_GIFT, { input: { giftId, reason: ' x ' } });
    expect(tooShort.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    const reason = 'Customer asked, duplicate purchase';
    const voided = await support.client.graphql<{ staffVoidGift: StaffGift }>(VOID_GIFT, {
      input: { giftId, reason },
    });
    expect(voided.errors).toBeUndefined();
    expect(voided.data!.staffVoidGift).toMatchObject({
      id: giftId,
      status: 'VOIDED',
      voidCause: 'STAFF',
      voidReason: reason,
    });
    const again = await support.client.graphql<{ staffVoidGift: StaffGift }>(VOID_GIFT, {
      input: { giftId, reason: 'Clicked twice by mistake' },
    });
    expect(again.data!.staffVoidGift).toMatchObject({ status: 'VOIDED', voidReason: reason });

    const events = await app.services.ledger.store.readStream(giftStreamId(giftId));
    const voids = events.filter((event) => event.type === 'GiftVoided');
    expect(voids).toHaveLength(1);
    expect(voids[0]!.metadata).toMatchObject({
      reason,
      actor: { kind: 'staff', id: support.userId },
    });
    const refunds = await app.database.pool.query(
      'SELECT refunded_at FROM billing_pack_payments WHERE checkout_session_id = $1',
      [paymentRef],
    );
    expect(refunds.rows).toHaveLength(1);
    expect(refunds.rows[0]!.refunded_at).toBeInstanceOf(Date);
  });

  it('the server refuses whoever lacks the power: users see nothing, finance may look but not void', async () => {
    const buyer = await signedInUser(app);
    const { giftId } = await buyGift(buyer.client);
    const input = { giftId, reason: 'I would like my money back' };

    const user = await signedInUser(app);
    const search = await user.client.graphql(STAFF_GIFTS, { q: giftId });
    expect(search.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const userVoid = await user.client.graphql(VOID_GIFT, { input });
    expect(userVoid.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await user.client.fetch(`/api/staff/gifts?q=${giftId}`)).status).toBe(403);

    const finance = await staffWith(['finance']);
    const seen = await finance.client.graphql<{ staffGifts: StaffGift[] }>(STAFF_GIFTS, {
      q: giftId,
    });
    expect(seen.data!.staffGifts.map((gift) => gift.id)).toEqual([giftId]);
    const financeVoid = await finance.client.graphql(VOID_GIFT, { input });
    expect(financeVoid.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const events = await app.services.ledger.store.readStream(giftStreamId(giftId));
    expect(events.map((event) => event.type)).toEqual(['GiftIssued']);
  });
});
