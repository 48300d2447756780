import { purchasesByInvoice } from '@app/projections';
import type pg from 'pg';
import type { PaymentGateway } from '../billing/payment-gateway';

export interface ReconciliationIssue {
  kind: 'PAID_INVOICE_WITHOUT_PURCHASE' | 'DUPLICATE_PURCHASE' | 'PURCHASE_WITHOUT_INVOICE';
  invoiceId: string;
  userId: string | null;
  purchases: number;
  amountPaidCents: number | null;
}

/**
 * Every paid invoice the payment provider knows should have exactly one purchase in the ledger,
 * and every purchase a paid invoice. Lists what does not.
 */
export async function reconcile(
  db: pg.Pool,
  gateway: PaymentGateway,
): Promise<{ invoicesChecked: number; issues: ReconciliationIssue[] }> {
  const purchases = await purchasesByInvoice(db);
  const issues: ReconciliationIssue[] = [];
  const invoices = new Set<string>();
  for await (const invoice of gateway.listPaidInvoices()) {
    invoices.add(invoice.invoiceId);
    const purchase = purchases.get(invoice.invoiceId);
    if (!purchase) {
      const owner = await db.query<{ user_id: string }>(
        'SELECT user_id FROM billing_customers WHERE customer_id = $1',
        [invoice.customerId],
      );
      issues.push({
        kind: 'PAID_INVOICE_WITHOUT_PURCHASE',
        invoiceId: invoice.invoiceId,
        userId: owner.rows[0]?.user_id ?? null,
        purchases: 0,
        amountPaidCents: invoice.amountPaid,
      });
    } else if (purchase.count > 1) {
      issues.push({
        kind: 'DUPLICATE_PURCHASE',
        invoiceId: invoice.invoiceId,
        userId: purchase.userId,
        purchases: purchase.count,
        amountPaidCents: invoice.amountPaid,
      });
    }
  }
  for (const [invoiceId, purchase] of purchases) {
    if (!invoices.has(invoiceId)) {
      issues.push({
        kind: 'PURCHASE_WITHOUT_INVOICE',
        invoiceId,
        userId: purchase.userId,
        purchases: purchase.count,
        amountPaidCents: null,
      });
    }
  }
  return { invoicesChecked: invoices.size, issues };
}
