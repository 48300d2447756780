import type { RecordedEvent } from '@app/ledger';
import { describe, expect, it } from 'vitest';
import { GiftAuditFold } from './gift-audit';

let position = 0;
const recorded = (type: string, data: unknown) =>
  ({
    type,
    data,
    streamId: 's',
    position: { commit: 1n, prepare: BigInt(++position) },
  }) as unknown as RecordedEvent;
const redeemed = (giftId: string, redeemerId: string) =>
  recorded('GiftRedeemed', { giftId, redeemerId, redeemedAt: '2026-01-01T00:00:00.000Z' });
const lot = (giftId: string, userId: string) =>
  recorded('CreditsPurchased', { userId, purchaseId: `gift:${giftId}`, product: 'gift', giftId });

describe('gift audit', () => {
  it('a redemption followed by one lot in the redeemer’s account is consistent', () => {
    const fold = new GiftAuditFold();
    for (const event of [redeemed('g1', 'u1'), lot('g1', 'u1'), redeemed('g2', 'u2')])
      fold.apply(event);
    expect(fold.mismatches).toEqual([]);
  });

  it('finds a second lot, a lot in someone else’s account, and a lot without a redemption', () => {
    const fold = new GiftAuditFold();
    for (const event of [
      redeemed('g1', 'u1'),
      lot('g1', 'u1'),
      lot('g1', 'u1'),
      redeemed('g2', 'u2'),
      lot('g2', 'u3'),
      lot('g3', 'u4'),
    ])
      fold.apply(event);
    expect(fold.mismatches.map((m) => [m.userId, m.field, m.actual])).toEqual([
      ['u1', 'gift g1', '2 credit lots'],
      ['u3', 'gift g2', 'credits in this account'],
      ['u4', 'gift g3', 'credits in this account'],
    ]);
  });
});
