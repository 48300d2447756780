import { describe, expect, it } from 'vitest';
import {
  GiftAlreadyRedeemedError,
  GiftNotFoundError,
  GiftVoidedError,
  InvalidCommandError,
} from '../shared/errors';
import { deciderSpec, metadataAt } from '../testing/decider-spec';
import { giftEventSchema } from './gift';
import { giftDecider, type GiftCommand } from './gift.decide';
import { BUYER_ID, GIFT_ID, PAID_AT, giftIssued, giftRedeemed, giftVoided } from './gift.fixtures';

const given = deciderSpec(giftDecider);
const NOW = '2026-01-03T00:00:00.000Z';
const redeem = (redeemerId: string): GiftCommand => ({
  type: 'RedeemGift',
  data: { giftId: GIFT_ID, redeemerId },
});
const voidGift: GiftCommand = { type: 'VoidGift', data: { giftId: GIFT_ID, cause: 'staff' } };
const issue: GiftCommand = {
  type: 'IssueGift',
  data: {
    giftId: GIFT_ID,
    buyerId: BUYER_ID,
    packId: 'pack-100',
    credits: 100,
    paymentRef: 'cs_fixture_1',
    amountPaidCents: 499,
    currency: 'usd',
    codeHash: 'a'.repeat(64),
    paidAt: new Date(PAID_AT),
  },
};

describe('gift: issue', () => {
  it('a paid gift is issued once, with its payment and the hash of its code', () => {
    given([]).when(issue, metadataAt(NOW)).then([giftIssued()]);
  });

  it('issuing it again (a repeated payment event) changes nothing', () => {
    given([giftIssued()]).when(issue, metadataAt(NOW)).then([]);
  });

  it('refuses a gift of no credits', () => {
    given([])
      .when({ ...issue, data: { ...issue.data, credits: 0 } }, metadataAt(NOW))
      .thenThrows(InvalidCommandError);
  });

  it('every event it writes parses with the stream schema', () => {
    for (const event of [giftIssued(), giftRedeemed('u'), giftVoided()]) {
      expect(giftEventSchema.parse(event)).toEqual(event);
    }
  });
});

describe('gift: redeem', () => {
  it('an unredeemed gift is redeemed by whoever comes first', () => {
    given([giftIssued()])
      .when(redeem('redeemer-1'), metadataAt(NOW))
      .then([
        {
          type: 'GiftRedeemed',
          data: { giftId: GIFT_ID, redeemerId: 'redeemer-1', redeemedAt: NOW },
        },
      ]);
  });

  it('anyone after the winner is told it was already redeemed', () => {
    given([giftIssued(), giftRedeemed('redeemer-1')])
      .when(redeem('redeemer-2'), metadataAt(NOW))
      .thenThrows(GiftAlreadyRedeemedError);
  });

  it('the winner repeating the request changes nothing (a retry completes the credits)', () => {
    given([giftIssued(), giftRedeemed('redeemer-1')])
      .when(redeem('redeemer-1'), metadataAt(NOW))
      .then([]);
  });

  it('a voided gift cannot be redeemed', () => {
    given([giftIssued(), giftVoided()])
      .when(redeem('redeemer-1'), metadataAt(NOW))
      .thenThrows(GiftVoidedError);
  });

  it('a gift that was never issued is not found', () => {
    given([]).when(redeem('redeemer-1'), metadataAt(NOW)).thenThrows(GiftNotFoundError);
  });
});

describe('gift: void', () => {
  it('staff void an unredeemed gift once', () => {
    given([giftIssued()])
      .when(voidGift, metadataAt(NOW))
      .then([{ type: 'GiftVoided', data: { giftId: GIFT_ID, cause: 'staff', voidedAt: NOW } }]);
    given([giftIssued(), giftVoided()]).when(voidGift, metadataAt(NOW)).then([]);
  });

  it('a redeemed gift cannot be voided (its credits are someone’s now)', () => {
    given([giftIssued(), giftRedeemed('redeemer-1')])
      .when(voidGift, metadataAt(NOW))
      .thenThrows(GiftAlreadyRedeemedError);
  });

  it('state follows the events', () => {
    const { state } = given([giftIssued(), giftRedeemed('redeemer-1')]);
    expect(state).toMatchObject({ status: 'redeemed', redeemerId: 'redeemer-1' });
    expect(state.issued?.paymentRef).toBe('cs_fixture_1');
  });
});
