import { giftPaymentsByReference, purchasesByInvoice } from '@app/projections';
import type pg from 'pg';
import type { GiftPaymentRecord } from '@app/projections';
import type { PaidPackCheckout, PaymentGateway } from '../billing/payment-gateway';

export interface ReconciliationIssue {
  kind:
    | 'PAID_INVOICE_WITHOUT_PURCHASE'
    | 'PAID_CHECKOUT_WITHOUT_PURCHASE'
    | 'DUPLICATE_PURCHASE'
    | 'PURCHASE_WITHOUT_INVOICE'
    | 'REFUNDED_GIFT_NOT_VOIDED'
    | 'VOIDED_GIFT_NOT_REFUNDED';
  /** The invoice (plans) or the payment-mode checkout session (packs, gifts) the money came with. */
  invoiceId: string;
  userId: string | null;
  purchases: number;
  amountPaidCents: number | null;
}

export interface Reconciliation {
  invoicesChecked: number;
  checkoutsChecked: number;
  issues: ReconciliationIssue[];
}

/**
 * Every paid invoice (plans) and every paid payment-mode checkout of a pack the payment provider
 * knows should have exactly one purchase in the ledger, every paid gift checkout exactly one gift,
 * and every purchase a payment. Gift refunds both ways: a gift whose payment the provider refunded
 * must be voided (or its credits taken back), and a gift the ledger voided must have its payment
 * refunded. Lists what does not hold. (A redeemed gift's purchase names the gift's checkout
 * session as its invoice; a refused second plan's invoice buys nothing.)
 */
export async function reconcile(db: pg.Pool, gateway: PaymentGateway): Promise<Reconciliation> {
  const [purchases, gifts, secondPlans] = await Promise.all([
    purchasesByInvoice(db),
    giftPaymentsByReference(db),
    refusedSecondPlanInvoices(db),
  ]);
  const issues: ReconciliationIssue[] = [];
  const payments = new Set<string>();
  const check = (
    id: string,
    customerUser: () => Promise<string | null>,
    amountPaid: number,
    missingKind: ReconciliationIssue['kind'] | null,
  ) => {
    payments.add(id);
    const purchase = purchases.get(id);
    if (!purchase) {
      if (!missingKind) return null;
      return customerUser().then((userId) =>
        issues.push({
          kind: missingKind,
          invoiceId: id,
          userId,
          purchases: 0,
          amountPaidCents: amountPaid,
        }),
      );
    }
    if (purchase.count > 1) {
      issues.push({
        kind: 'DUPLICATE_PURCHASE',
        invoiceId: id,
        userId: purchase.userId,
        purchases: purchase.count,
        amountPaidCents: amountPaid,
      });
    }
    return null;
  };
  let invoicesChecked = 0;
  for await (const invoice of gateway.listPaidInvoices()) {
    invoicesChecked++;
    await check(
      invoice.invoiceId,
      async () => {
        const owner = await db.query<{ user_id: string }>(
          'SELECT user_id FROM billing_customers WHERE customer_id = $1',
          [invoice.customerId],
        );
        return owner.rows[0]?.user_id ?? null;
      },
      invoice.amountPaid,
      // A second plan's invoice is refunded and buys nothing (billing/webhook/second-plans.ts).
      secondPlans.has(invoice.invoiceId) ? null : 'PAID_INVOICE_WITHOUT_PURCHASE',
    );
  }
  let checkoutsChecked = 0;
  for await (const checkout of gateway.listPaidPackCheckouts()) {
    checkoutsChecked++;
    if (checkout.kind === 'gift') {
      payments.add(checkout.checkoutSessionId);
      const issue = giftIssue(checkout, gifts.get(checkout.checkoutSessionId));
      if (issue) issues.push(issue);
      continue;
    }
    await check(
      checkout.checkoutSessionId,
      () => Promise.resolve(checkout.userId),
      checkout.amountPaid,
      'PAID_CHECKOUT_WITHOUT_PURCHASE',
    );
  }
  for (const [paymentRef, gift] of gifts) {
    if (!payments.has(paymentRef)) {
      issues.push({
        kind: 'PURCHASE_WITHOUT_INVOICE',
        invoiceId: paymentRef,
        userId: gift.buyerId,
        purchases: gift.gifts,
        amountPaidCents: null,
      });
    }
  }
  for (const [invoiceId, purchase] of purchases) {
    if (gifts.has(invoiceId)) continue; // a redeemed gift: its payment was checked above
    if (!payments.has(invoiceId)) {
      issues.push({
        kind: 'PURCHASE_WITHOUT_INVOICE',
        invoiceId,
        userId: purchase.userId,
        purchases: purchase.count,
        amountPaidCents: null,
      });
    }
  }
  return { invoicesChecked, checkoutsChecked, issues };
}

/** What is wrong with one paid gift checkout, if anything. */
function giftIssue(
  checkout: PaidPackCheckout,
  gift: GiftPaymentRecord | undefined,
): ReconciliationIssue | null {
  const issue = (kind: ReconciliationIssue['kind']): ReconciliationIssue => ({
    kind,
    invoiceId: checkout.checkoutSessionId,
    userId: gift?.buyerId ?? checkout.userId,
    purchases: gift?.gifts ?? 0,
    amountPaidCents: checkout.amountPaid,
  });
  if (!gift) return issue('PAID_CHECKOUT_WITHOUT_PURCHASE');
  if (gift.gifts > 1) return issue('DUPLICATE_PURCHASE');
  const takenBack = gift.revokedCredits > 0;
  // Refunded after every credit was spent or expired: nothing was left to take back.
  const nothingLeft = gift.movedCredits >= gift.credits;
  if (checkout.refunded && !takenBack && !nothingLeft) return issue('REFUNDED_GIFT_NOT_VOIDED');
  if (!checkout.refunded && takenBack) return issue('VOIDED_GIFT_NOT_REFUNDED');
  return null;
}

async function refusedSecondPlanInvoices(db: pg.Pool): Promise<Set<string>> {
  const { rows } = await db.query<{ invoice_id: string }>(
    'SELECT invoice_id FROM billing_invoices WHERE second_plan_refused_at IS NOT NULL',
  );
  return new Set(rows.map((row) => row.invoice_id));
}
