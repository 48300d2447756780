import { purchasesByInvoice } from '@app/projections';
import type pg from 'pg';
import type { PaymentGateway } from '../billing/payment-gateway';

export interface ReconciliationIssue {
  kind:
    | 'PAID_INVOICE_WITHOUT_PURCHASE'
    | 'PAID_CHECKOUT_WITHOUT_PURCHASE'
    | 'DUPLICATE_PURCHASE'
    | 'PURCHASE_WITHOUT_INVOICE';
  /** The invoice (plans) or the payment-mode checkout session (packs) the money came with. */
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
 * knows should have exactly one purchase in the ledger, and every purchase a payment. Lists what
 * does not. A paid gift checkout buys credits only when the gift is redeemed (its purchase names
 * the gift's checkout session as its invoice), so a gift not yet redeemed is not missed.
 */
export async function reconcile(db: pg.Pool, gateway: PaymentGateway): Promise<Reconciliation> {
  const purchases = await purchasesByInvoice(db);
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
      'PAID_INVOICE_WITHOUT_PURCHASE',
    );
  }
  let checkoutsChecked = 0;
  for await (const checkout of gateway.listPaidPackCheckouts()) {
    checkoutsChecked++;
    await check(
      checkout.checkoutSessionId,
      () => Promise.resolve(checkout.userId),
      checkout.amountPaid,
      checkout.kind === 'pack' ? 'PAID_CHECKOUT_WITHOUT_PURCHASE' : null,
    );
  }
  for (const [invoiceId, purchase] of purchases) {
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
