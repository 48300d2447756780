import {
  componentLogger,
  creditStreamId,
  giftPurchaseId,
  giftStreamId,
  GiftNotFoundError,
  type Actor,
  type Ledger,
} from '@app/ledger';
import type { RateLimit, RateLimiter } from '../accounts/rate-limiter';
import type { GiftOrders } from '../billing/billing-service';
import type { GiftPaid, GiftPayments } from '../billing/gift-payments';
import type { GiftDetails } from '../billing/payment-gateway';
import type { UsersRepository } from '../accounts/users-repository';
import type { ProjectionsGate } from '../composition/projections-gate';
import type { MailDelivery } from '../mail/mail-delivery';
import { idFromKey } from '../shared/idempotency';
import type { RequestContext } from '../shared/request-context';
import { badInput, notFound } from '../shared/errors';
import type { GiftCodeVault } from './gift-codes';
import { giftCodeHash, newGiftCode, normalizeGiftCode } from './gift-codes';
import { GiftCredits } from './gift-credits';
import { giftPurchasedMail, giftReceivedMail } from './gift-mail';
import type { GiftRepository, GiftRow } from './gift-repository';

const log = componentLogger('gifts');

export interface PaidGift {
  buyerId: string;
  packId: string;
  credits: number;
  /** The payment (checkout session) id: the gift and its credit lot are attributed to it. */
  paymentRef: string;
  amountPaidCents: number;
  currency: string;
  paidAt: Date;
}

export type GiftStatus = 'unredeemed' | 'redeemed' | 'voided';

export interface GiftView {
  giftId: string;
  code: string;
  packId: string;
  credits: number;
  amountPaidCents: number;
  currency: string;
  status: GiftStatus;
  redeemedAt: Date | null;
  voidedAt: Date | null;
  recipientEmail: string | null;
  message: string | null;
  createdAt: Date;
}

export interface GiftLimits {
  redeemAttemptsPerAccount: RateLimit;
  redeemAttemptsPerIp: RateLimit;
}

/** Where a voided gift's payment goes back (the payment provider). */
export interface GiftPaymentRefunds {
  refundGiftPayment(paymentRef: string, idempotencyKey: string): Promise<void>;
}

/**
 * Gift codes: issued when the payment completes, redeemed exactly once, voided by staff. The gift
 * stream decides (one GiftRedeemed, whoever races); the credit lot that follows is keyed by the
 * gift, and `reconcile` finishes any redemption a crash left without its credits.
 */
export { GIFT_CREDITS_REASON } from './gift-credits';

export class GiftService implements GiftPayments, GiftOrders {
  private readonly credits: GiftCredits;

  constructor(
    private readonly ledger: Ledger,
    private readonly gifts: GiftRepository,
    private readonly users: UsersRepository,
    private readonly projections: ProjectionsGate,
    private readonly vault: GiftCodeVault,
    private readonly mail: MailDelivery,
    private readonly limiter: RateLimiter,
    private readonly refunds: GiftPaymentRefunds,
    private readonly publicUrl: string,
    private readonly limits: GiftLimits,
  ) {
    this.credits = new GiftCredits(ledger, projections);
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

  /** GiftPayments: a gift checkout's payment was refunded. */
  async refunded(checkoutSessionId: string, eventId: string): Promise<void> {
    await this.paymentRefunded(checkoutSessionId, eventId);
  }

  /** The gift a payment paid for: recorded once (a repeated payment event issues the same code). */
  async issuePaidGift(paid: PaidGift, correlationId: string): Promise<{ giftId: string }> {
    const giftId = idFromKey('gift', paid.paymentRef);
    const code = newGiftCode();
    const order = await this.gifts.orderFor(paid.paymentRef);
    const row = await this.gifts.insertOnce({
      giftId,
      ...paid,
      recipientEmail: order?.recipientEmail ?? null,
      message: order?.message ?? null,
      codeHash: giftCodeHash(code),
      codeSealed: this.vault.seal(code),
    });
    await this.issue(row, { kind: 'stripe', id: 'payment' }, correlationId);
    return { giftId };
  }

  private async issue(row: GiftRow, actor: Actor, correlationId: string) {
    const result = await this.ledger.gifts.handle(
      giftStreamId(row.giftId),
      {
        type: 'IssueGift',
        data: {
          giftId: row.giftId,
          buyerId: row.buyerId,
          packId: row.packId,
          credits: row.credits,
          paymentRef: row.paymentRef,
          amountPaidCents: row.amountPaidCents,
          currency: row.currency,
          codeHash: row.codeHash,
          paidAt: row.paidAt,
        },
      },
      {
        now: new Date(),
        actor,
        reason: 'Gift paid for',
        correlationId,
        idempotencyKey: `gift-issue:${row.giftId}`,
      },
    );
    if (result.events.length > 0) await this.sendIssuedMail(row);
  }

  private async sendIssuedMail(row: GiftRow) {
    const buyer = await this.users.findById(row.buyerId);
    const code = this.vault.open(row.codeSealed);
    if (buyer && !buyer.deletedAt) {
      this.mail.sendLater({
        to: buyer.email,
        userId: buyer.id,
        ...giftPurchasedMail(buyer.fullName ?? buyer.username, {
          code,
          credits: row.credits,
          cardUrl: `${this.publicUrl}/gift-card?id=${encodeURIComponent(row.giftId)}`,
          recipientEmail: row.recipientEmail,
        }),
      });
    }
    if (row.recipientEmail) {
      this.mail.sendLater({
        to: row.recipientEmail,
        userId: row.buyerId,
        ...giftReceivedMail({
          code,
          credits: row.credits,
          message: row.message,
          redeemUrl: `${this.publicUrl}/redeem?code=${encodeURIComponent(code)}`,
        }),
      });
    }
  }

  /** The buyer's gifts, newest first, with their codes and where each stands (from the log). */
  async listForBuyer(buyerId: string): Promise<GiftView[]> {
    return Promise.all((await this.gifts.listByBuyer(buyerId)).map((row) => this.view(row)));
  }

  /** One of the buyer's gifts (the gift card); anyone else's is not found. */
  async giftForBuyer(buyerId: string, giftId: string): Promise<GiftView> {
    const row = await this.gifts.byId(giftId);
    if (!row || row.buyerId !== buyerId) throw notFound('Gift not found');
    return this.view(row);
  }

  private async view(row: GiftRow): Promise<GiftView> {
    const { state } = await this.ledger.gifts.read(giftStreamId(row.giftId));
    return {
      giftId: row.giftId,
      code: this.vault.open(row.codeSealed),
      packId: row.packId,
      credits: row.credits,
      amountPaidCents: row.amountPaidCents,
      currency: row.currency,
      // Paid but not yet in the log (a crash the reconciler is about to finish): not redeemable yet.
      status: state.status === 'none' ? 'unredeemed' : state.status,
      redeemedAt: state.redeemedAt ? new Date(state.redeemedAt) : null,
      voidedAt: state.voidedAt ? new Date(state.voidedAt) : null,
      recipientEmail: row.recipientEmail,
      message: row.message,
      createdAt: row.createdAt,
    };
  }

  /**
   * Redeems a code into the user's account. Only wrong guesses count against the account's and
   * the address's limits (one atomic increment-and-compare each, so a burst of N wrong guesses is
   * answered exactly like N in sequence); once a limit is used up every attempt waits, a right code
   * too. Right codes never count: ten people behind one office address can redeem at once.
   */
  async redeem(
    userId: string,
    typedCode: unknown,
    context: RequestContext,
  ): Promise<{ giftId: string; credits: number }> {
    if (typeof typedCode !== 'string' || !typedCode.trim()) throw badInput('Enter a gift code');
    const limits: [string, RateLimit][] = [
      [`gift-redeem:user:${userId}`, this.limits.redeemAttemptsPerAccount],
      [`gift-redeem:ip:${context.ip}`, this.limits.redeemAttemptsPerIp],
    ];
    for (const [key, rule] of limits) await this.limiter.check(key, rule);
    const code = normalizeGiftCode(typedCode);
    const row = code ? await this.gifts.byCodeHash(giftCodeHash(code)) : null;
    if (!row) {
      for (const [key, rule] of limits) await this.limiter.hit(key, rule);
      throw new GiftNotFoundError();
    }

    const stream = giftStreamId(row.giftId);
    const decided = await this.ledger.gifts.handle(
      stream,
      { type: 'RedeemGift', data: { giftId: row.giftId, redeemerId: userId } },
      {
        now: new Date(),
        actor: { kind: 'user', id: userId },
        reason: 'Gift code redeemed',
        correlationId: context.correlationId,
        idempotencyKey: `gift-redeem:${row.giftId}:${userId}`,
      },
    );
    const justRedeemed = decided.events.length > 0;
    if (justRedeemed) await this.afterRedeemed(row.giftId);
    const { state } = await this.ledger.gifts.read(stream);
    await this.credits.write(state, context.correlationId, justRedeemed);
    await this.gifts.markSettled(row.giftId);
    return { giftId: row.giftId, credits: row.credits };
  }

  /** Staff void an unredeemed gift and its payment is refunded. */
  async voidGift(staffId: string, giftId: string, correlationId: string) {
    const row = await this.gifts.byId(giftId);
    if (!row) throw notFound('Gift not found');
    await this.ledger.gifts.handle(
      giftStreamId(giftId),
      { type: 'VoidGift', data: { giftId, cause: 'staff' } },
      {
        now: new Date(),
        actor: { kind: 'staff', id: staffId },
        reason: 'Gift voided by staff; payment refunded',
        correlationId,
        idempotencyKey: `gift-void:${giftId}`,
      },
    );
    await this.refunds.refundGiftPayment(row.paymentRef, `gift-void:${giftId}`);
    await this.gifts.markSettled(giftId);
    return this.view(row);
  }

  /**
   * The payment behind a gift came back (refunded at the provider): an unredeemed gift is voided;
   * a redeemed one loses what is unspent of its credits in the redeemer's account.
   */
  async paymentRefunded(paymentRef: string, correlationId: string): Promise<boolean> {
    const row = await this.gifts.byPaymentRef(paymentRef);
    if (!row) return false;
    const stream = giftStreamId(row.giftId);
    const { state } = await this.ledger.gifts.read(stream);
    const metadata = {
      now: new Date(),
      actor: { kind: 'stripe', id: 'payment' } as Actor,
      reason: 'Gift payment refunded',
      correlationId,
    };
    if (state.status === 'unredeemed') {
      await this.ledger.gifts.handle(
        stream,
        { type: 'VoidGift', data: { giftId: row.giftId, cause: 'payment_refunded' } },
        { ...metadata, idempotencyKey: `gift-refunded:${row.giftId}` },
      );
    } else if (state.status === 'redeemed' && state.redeemerId) {
      await this.credits.write(state, correlationId);
      await this.ledger.credits.handle(
        creditStreamId(state.redeemerId),
        {
          type: 'RevokeCredits',
          data: {
            userId: state.redeemerId,
            lotId: giftPurchaseId(row.giftId),
            reference: paymentRef,
          },
        },
        { ...metadata, idempotencyKey: `gift-revoke:${row.giftId}` },
      );
    }
    await this.gifts.markSettled(row.giftId);
    return true;
  }

  /**
   * Finishes what a crash interrupted: a paid gift not yet in the log is issued; a redemption
   * without its credits gets them; a voided gift's refund is asked for (again, idempotently).
   */
  async reconcile(
    correlationId: string,
  ): Promise<{ issued: number; credited: number; refunded: number }> {
    const report = { issued: 0, credited: 0, refunded: 0 };
    for (const row of await this.gifts.listUnsettled()) {
      try {
        const stream = giftStreamId(row.giftId);
        let { state } = await this.ledger.gifts.read(stream);
        if (state.status === 'none') {
          await this.issue(row, { kind: 'system', id: 'gift-reconciler' }, correlationId);
          report.issued++;
          ({ state } = await this.ledger.gifts.read(stream));
        }
        if (state.status === 'redeemed') {
          if (await this.credits.write(state, correlationId)) report.credited++;
          await this.gifts.markSettled(row.giftId);
        } else if (state.status === 'voided') {
          if (await this.wasVoidedByStaff(row.giftId)) {
            await this.refunds.refundGiftPayment(row.paymentRef, `gift-void:${row.giftId}`);
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

  private async wasVoidedByStaff(giftId: string) {
    const events = await this.ledger.store.readStream(giftStreamId(giftId));
    return events.some(
      (event) =>
        event.type === 'GiftVoided' && (event.data as { cause?: string }).cause === 'staff',
    );
  }
}
