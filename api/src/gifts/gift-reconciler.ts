import { componentLogger, giftStreamId, type Ledger } from '@app/ledger';
import type { GiftCredits } from './gift-credits';
import type { GiftIssuing } from './gift-issuing';
import type { GiftRefunds } from './gift-refunds';
import type { GiftRepository } from './gift-repository';

const log = componentLogger('gifts');

/**
 * Finishes what a crash interrupted: a paid gift not yet in the log is issued, and a refund of its
 * payment that came meanwhile (kept until the gift existed) voids it (its code, already mailed,
 * then redeems nothing); a redemption without its credits gets them; a voided gift's refund is
 * asked for (again, idempotently).
 */
export class GiftReconciler {
  /** Applies the refunds kept for a checkout's payment (billing's webhook, once connected). */
  private applyPendingRefunds: ((checkoutSessionId: string) => Promise<void>) | null = null;

  constructor(
    private readonly ledger: Ledger,
    private readonly gifts: GiftRepository,
    private readonly issuing: GiftIssuing,
    private readonly credits: GiftCredits,
    private readonly refunds: GiftRefunds,
  ) {}

  connectPendingRefunds(apply: (checkoutSessionId: string) => Promise<void>) {
    this.applyPendingRefunds = apply;
  }

  async reconcile(
    correlationId: string,
  ): Promise<{ issued: number; credited: number; refunded: number }> {
    const report = { issued: 0, credited: 0, refunded: 0 };
    for (const row of await this.gifts.takeUnsettledPage()) {
      try {
        const stream = giftStreamId(row.giftId);
        let { state } = await this.ledger.gifts.read(stream);
        if (state.status === 'none') {
          await this.issuing.issue(row, { kind: 'system', id: 'gift-reconciler' }, correlationId);
          report.issued++;
        }
        if (state.status === 'none' || state.status === 'unredeemed') {
          // A refund kept while the gift was not in the log: applied now (again on a later pass
          // if this one stopped after issuing; applying is idempotent by the charge).
          await this.applyPendingRefunds?.(row.paymentRef);
          ({ state } = await this.ledger.gifts.read(stream));
        }
        if (state.status === 'redeemed') {
          if (await this.credits.write(state, correlationId)) report.credited++;
          await this.gifts.markSettled(row.giftId);
        } else if (state.status === 'voided') {
          if (await this.refunds.wasVoidedByStaff(row.giftId)) {
            await this.refunds.refundVoided(row);
            report.refunded++;
          }
          await this.gifts.markSettled(row.giftId);
        }
      } catch (error) {
        log.error({ err: error, giftId: row.giftId }, 'gift could not be reconciled');
      }
    }
    return report;
  }
}
