import type { Ledger } from '@app/ledger';
import type pg from 'pg';
import type { RateLimiter } from '../accounts/rate-limiter';
import type { GiftOrders } from '../billing/billing-service';
import type { GiftPaid, GiftPayments } from '../billing/gift-payments';
import type { GiftDetails } from '../billing/payment-gateway';
import type { UsersRepository } from '../accounts/users-repository';
import type { ProjectionsGate } from '../composition/projections-gate';
import type { MailDelivery } from '../mail/mail-delivery';
import type { RequestContext } from '../shared/request-context';
import { notFound } from '../shared/errors';
import type { GiftCodeVault } from './gift-codes';
import { GiftCredits } from './gift-credits';
import { rewriteRecipientMail } from './gift-mail-scrub';
import { giftExportOf, type GiftExport } from './gift-export';
import { GiftIssuing } from './gift-issuing';
import { GiftReconciler } from './gift-reconciler';
import { GiftRedemption } from './gift-redemption';
import { GiftRefunds } from './gift-refunds';
import { GiftRepository } from './gift-repository';
import { GiftStaffDesk, parseVoidGift, type StaffGiftView } from './gift-staff-desk';
import type { GiftLimits, GiftPaymentRefunds, GiftView, PaidGift } from './gift-types';
import { giftView } from './gift-view';

export type { GiftLimits, GiftPaymentRefunds, GiftStatus, GiftView, PaidGift } from './gift-types';
export type { StaffGiftView } from './gift-staff-desk';
export { GIFT_CREDITS_REASON } from './gift-credits';

/**
 * Gift codes: issued when the payment completes, redeemed exactly once, voided by staff. The gift
 * stream decides (one GiftRedeemed, whoever races); the credit lot that follows is keyed by the
 * gift, and `reconcile` finishes any redemption a crash left without its credits. Each step lives
 * in its own file; this class is the one face the routes, GraphQL and billing use.
 */
export class GiftService implements GiftPayments, GiftOrders {
  private readonly issuing: GiftIssuing;
  private readonly redemption: GiftRedemption;
  private readonly refundsFlow: GiftRefunds;
  private readonly reconciler: GiftReconciler;
  private readonly staffDesk: GiftStaffDesk;

  constructor(
    private readonly ledger: Ledger,
    private readonly gifts: GiftRepository,
    users: UsersRepository,
    projections: ProjectionsGate,
    private readonly vault: GiftCodeVault,
    mail: MailDelivery,
    limiter: RateLimiter,
    refunds: GiftPaymentRefunds,
    private readonly publicUrl: string,
    limits: GiftLimits,
  ) {
    const credits = new GiftCredits(ledger, projections);
    this.issuing = new GiftIssuing(ledger, gifts, users, vault, mail, publicUrl);
    this.redemption = new GiftRedemption(ledger, gifts, credits, limiter, limits, (giftId) =>
      this.afterRedeemed(giftId),
    );
    this.refundsFlow = new GiftRefunds(ledger, gifts, credits, refunds);
    this.reconciler = new GiftReconciler(ledger, gifts, this.issuing, credits, this.refundsFlow);
    this.staffDesk = new GiftStaffDesk(ledger, gifts, users);
  }

  /** Billing's kept refunds, applied to a gift the reconciler issues (see GiftReconciler). */
  connectPendingRefunds(apply: (checkoutSessionId: string) => Promise<void>) {
    this.reconciler.connectPendingRefunds(apply);
  }

  /**
   * The moment between the gift's event and the credits: nothing happens here; the crash test
   * preloads a module that makes the process die at this point (testing/crash-after-gift-redeemed).
   */
  protected async afterRedeemed(_giftId: string): Promise<void> {}

  /** GiftOrders: what the buyer wrote, kept until the payment issues the gift. */
  record(checkoutSessionId: string, buyerId: string, gift: GiftDetails): Promise<void> {
    return this.gifts.recordOrder(checkoutSessionId, buyerId, gift);
  }

  /** GiftPayments: a gift checkout was paid. */
  async paid(paid: GiftPaid): Promise<void> {
    await this.issuePaidGift(
      {
        buyerId: paid.buyerId,
        packId: paid.pack.id,
        credits: paid.pack.credits,
        paymentRef: paid.checkoutSessionId,
        amountPaidCents: paid.amountPaidCents,
        currency: paid.currency,
        paidAt: paid.paidAt,
      },
      paid.eventId,
    );
  }

  /** GiftPayments: a gift checkout's payment was refunded (false: its gift is not issued yet). */
  refunded(checkoutSessionId: string, eventId: string): Promise<boolean> {
    return this.paymentRefunded(checkoutSessionId, eventId);
  }

  /** The gift a payment paid for: recorded once (a repeated payment event issues the same code). */
  issuePaidGift(paid: PaidGift, correlationId: string): Promise<{ giftId: string }> {
    return this.issuing.issuePaidGift(paid, correlationId);
  }

  /** The buyer's gifts, newest first, with their codes and where each stands (from the log). */
  async listForBuyer(buyerId: string): Promise<GiftView[]> {
    return Promise.all(
      (await this.gifts.listByBuyer(buyerId)).map((row) => giftView(this.ledger, this.vault, row)),
    );
  }

  /** One of the buyer's gifts (the gift card); anyone else's is not found. */
  async giftForBuyer(buyerId: string, giftId: string): Promise<GiftView> {
    const row = await this.gifts.byId(giftId);
    if (!row || row.buyerId !== buyerId) throw notFound('Gift not found');
    return giftView(this.ledger, this.vault, row);
  }

  /** What the gifts hold about the user, for their data export (bought and redeemed). */
  exportFor(userId: string): Promise<GiftExport> {
    return giftExportOf(this.ledger, this.gifts, this.vault, userId);
  }

  /**
   * Account deletion (inside its transaction, before the gifts lose the buyer's message): each
   * recipient's waiting mail is kept but rewritten without the message and the buyer's account.
   */
  async rewriteRecipientMailOf(db: Pick<pg.PoolClient, 'query'>, buyerId: string) {
    // On the deletion's own connection: the embedded database has only one, which the deletion's
    // transaction holds, so a read through the pool would wait for it forever.
    const rows = await new GiftRepository(db).allByBuyer(buyerId);
    return rewriteRecipientMail(db, rows, this.vault, this.publicUrl);
  }

  /** Redeems a code into the user's account, exactly once per gift (see GiftRedemption). */
  redeem(
    userId: string,
    typedCode: unknown,
    context: RequestContext,
  ): Promise<{ giftId: string; credits: number }> {
    return this.redemption.redeem(userId, typedCode, context);
  }

  /** Staff's search by code, gift id or buyer email (never showing a code). */
  staffSearch(query: string): Promise<StaffGiftView[]> {
    return this.staffDesk.search(query);
  }

  /**
   * Staff void an unredeemed gift with a reason (3 to 500 characters, recorded in the event) and
   * its payment is refunded; a redeemed gift is refused, a voided one answers as it stands.
   */
  async voidGift(staffId: string, input: unknown, correlationId: string): Promise<StaffGiftView> {
    const { giftId, reason } = parseVoidGift(input);
    const row = await this.refundsFlow.voidGift(staffId, giftId, reason, correlationId);
    return this.staffDesk.view(row);
  }

  /**
   * The payment behind a gift came back (refunded at the provider): an unredeemed gift is voided;
   * a redeemed one loses what is unspent of its credits in the redeemer's account.
   */
  paymentRefunded(paymentRef: string, correlationId: string): Promise<boolean> {
    return this.refundsFlow.paymentRefunded(paymentRef, correlationId);
  }

  /** Finishes what a crash interrupted (see GiftReconciler). */
  reconcile(
    correlationId: string,
  ): Promise<{ issued: number; credited: number; refunded: number }> {
    return this.reconciler.reconcile(correlationId);
  }
}
