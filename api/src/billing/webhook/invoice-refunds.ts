import type pg from 'pg';
import { creditStreamId, subscriptionStreamId, type Ledger } from '@app/ledger';
import type { PaymentGateway } from '../payment-gateway';
import { refundMetadata } from './refund-metadata';

/** A recorded plan invoice: what a refunded charge takes back. */
export interface PaidInvoice {
  invoice_id: string;
  user_id: string;
}

/**
 * Refunds of plan invoices: a fully refunded payment takes back what is unspent of the credits it
 * bought, and a refund of the period being served ends the plan.
 */
export class InvoiceRefunds {
  constructor(
    private readonly db: pg.Pool,
    private readonly ledger: Ledger,
    private readonly gateway: PaymentGateway,
  ) {}

  async invoiceForPayment(paymentIntentId: string): Promise<PaidInvoice | null> {
    const byPayment = await this.db.query<PaidInvoice>(
      'SELECT invoice_id, user_id FROM billing_invoices WHERE payment_intent_id = $1',
      [paymentIntentId],
    );
    if (byPayment.rows[0]) return byPayment.rows[0];
    const invoiceId = await this.gateway.findInvoiceForPayment(paymentIntentId);
    if (!invoiceId) return null;
    const byInvoice = await this.db.query<PaidInvoice>(
      'SELECT invoice_id, user_id FROM billing_invoices WHERE invoice_id = $1',
      [invoiceId],
    );
    return byInvoice.rows[0] ?? null;
  }

  async purchaseRecorded(invoice: PaidInvoice) {
    const { state } = await this.ledger.credits.read(creditStreamId(invoice.user_id));
    return state.seenKeys[`invoice:${invoice.invoice_id}`] !== undefined;
  }

  async revoke(eventId: string, chargeId: string, invoice: PaidInvoice) {
    await this.db.query(
      'UPDATE billing_invoices SET refunded_at = coalesce(refunded_at, now()) WHERE invoice_id = $1',
      [invoice.invoice_id],
    );
    await this.ledger.credits.handle(
      creditStreamId(invoice.user_id),
      {
        type: 'RevokeCredits',
        data: {
          userId: invoice.user_id,
          lotId: `purchase-${invoice.invoice_id}`,
          reference: chargeId,
        },
      },
      refundMetadata(eventId, chargeId, 'Payment refunded: unspent credits taken back'),
    );
    await this.db.query('DELETE FROM pending_refunds WHERE charge_id = $1', [chargeId]);
    await this.endPlanOfRefundedPeriod(chargeId, invoice);
  }

  /**
   * The refund of a second plan's payment (second-plans.ts): it bought no credits, so nothing is
   * taken back; the invoice is marked refunded. False for any other invoice.
   */
  async settleSecondPlan(chargeId: string, invoice: PaidInvoice): Promise<boolean> {
    const { rows } = await this.db.query<{ subscription_id: string | null }>(
      'SELECT subscription_id FROM billing_invoices WHERE invoice_id = $1',
      [invoice.invoice_id],
    );
    const subscriptionId = rows[0]?.subscription_id;
    if (!subscriptionId) return false;
    const { state } = await this.ledger.subscriptions.read(subscriptionStreamId(invoice.user_id));
    if (!state.secondPlans[subscriptionId]) return false;
    await this.db.query(
      'UPDATE billing_invoices SET refunded_at = coalesce(refunded_at, now()) WHERE invoice_id = $1',
      [invoice.invoice_id],
    );
    await this.db.query('DELETE FROM pending_refunds WHERE charge_id = $1', [chargeId]);
    return true;
  }

  /** Refunds of a second plan's payment kept before the plan was refused, settled now. */
  async settlePendingOfSecondPlan(invoice: PaidInvoice, paymentIntentId: string) {
    const pending = await this.db.query<{ charge_id: string }>(
      'SELECT charge_id FROM pending_refunds WHERE payment_intent_id = $1',
      [paymentIntentId],
    );
    for (const refund of pending.rows) await this.settleSecondPlan(refund.charge_id, invoice);
  }

  /** Refunds that arrived before this invoice, applied now that its credits are bought. */
  async applyPending(invoice: PaidInvoice, paymentIntentId: string | null) {
    if (!paymentIntentId) return;
    const pending = await this.db.query<{ charge_id: string; event_id: string }>(
      'SELECT charge_id, event_id FROM pending_refunds WHERE payment_intent_id = $1',
      [paymentIntentId],
    );
    for (const refund of pending.rows)
      await this.revoke(refund.event_id, refund.charge_id, invoice);
  }

  /**
   * A refund of the period being served ends the plan: the customer has their money back, so the
   * paid plan (and its renewal) must not go on. The provider cancels the subscription and its
   * customer.subscription.deleted event ends the plan here (status, plan and credits), as for any
   * other end. A refund of an earlier period, or of a plan already ended, changes nothing more.
   */
  private async endPlanOfRefundedPeriod(chargeId: string, invoice: PaidInvoice) {
    const { rows } = await this.db.query<{ subscription_id: string | null; period_end: Date }>(
      'SELECT subscription_id, period_end FROM billing_invoices WHERE invoice_id = $1',
      [invoice.invoice_id],
    );
    const refunded = rows[0];
    if (!refunded?.subscription_id || refunded.period_end.getTime() <= Date.now()) return;
    const { state } = await this.ledger.subscriptions.read(subscriptionStreamId(invoice.user_id));
    if (state.subscriptionId !== refunded.subscription_id || state.status === 'canceled') return;
    await this.gateway.endSubscriptionNow(refunded.subscription_id, `refund-end:${chargeId}`);
  }
}
