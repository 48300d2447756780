import type { RecordedEvent } from '@app/ledger';
import type { AuditMismatch } from './audit-mismatch';

/**
 * Gifts across their two streams: every gift lot in a credit account follows the gift's one
 * redemption, in the redeemer's account, exactly once. (A redemption whose lot is not written yet
 * is the reconciler's to finish, not a mismatch: the audit may run between the two appends.)
 */
export class GiftAuditFold {
  private readonly redeemers = new Map<string, string>();
  private readonly lots = new Map<string, string[]>();
  readonly mismatches: AuditMismatch[] = [];

  apply(recorded: RecordedEvent) {
    if (recorded.type === 'GiftRedeemed') {
      const data = recorded.data as { giftId: string; redeemerId: string };
      this.redeemers.set(data.giftId, data.redeemerId);
      return;
    }
    if (recorded.type !== 'CreditsPurchased') return;
    const data = recorded.data as { userId: string; product?: string; giftId?: string };
    if (data.product !== 'gift' || !data.giftId) return;
    const owners = this.lots.get(data.giftId) ?? [];
    owners.push(data.userId);
    this.lots.set(data.giftId, owners);
    const redeemer = this.redeemers.get(data.giftId);
    if (redeemer !== data.userId)
      this.mismatches.push({
        userId: data.userId,
        field: `gift ${data.giftId}`,
        expected: redeemer
          ? `credits for the redeemer ${redeemer}`
          : 'a redemption before its credits',
        actual: 'credits in this account',
      });
    if (owners.length > 1)
      this.mismatches.push({
        userId: data.userId,
        field: `gift ${data.giftId}`,
        expected: 'one credit lot',
        actual: `${owners.length} credit lots`,
      });
  }
}
