import type { FinanceReportRow } from '@app/projections';
import { csvCell } from './ledger-export';

export const FINANCE_CSV_COLUMNS = [
  'period',
  'currency',
  'revenue_plans_cents',
  'revenue_packs_cents',
  'revenue_gifts_cents',
  'revenue_total_cents',
  'recognised_cents',
  'breakage_cents',
  'refunded_cents',
  'deferred_opening_cents',
  'deferred_closing_cents',
  'paid_credits_sold',
  'paid_credits_spent',
  'paid_credits_expired',
  'paid_credits_revoked',
  'paid_credits_deferred',
  'credits_granted',
  'credits_purchased',
  'credits_spent',
  'credits_refunded',
  'credits_expired',
  'credits_revoked',
  'paid_consumed',
  'free_consumed',
] as const;

/**
 * The finance report as CSV: one line per period and currency (the credit counts repeat on each
 * currency's line of a period; a period without paid credits has one line, currency empty).
 */
export function financeReportCsv(rows: readonly FinanceReportRow[]): string {
  const lines: string[] = [FINANCE_CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const counts = [
      row.granted,
      row.purchased,
      row.spent,
      row.refunded,
      row.expired,
      row.revoked,
      row.paidConsumed,
      row.freeConsumed,
    ];
    const prepaid = row.prepaid.length > 0 ? row.prepaid : [null];
    for (const money of prepaid) {
      const sold = (product: string) =>
        money?.sales.find((sale) => sale.product === product)?.amountCents ?? 0;
      const cells = money
        ? [
            money.currency,
            sold('plan'),
            sold('pack'),
            sold('gift'),
            money.salesCents,
            money.recognisedCents,
            money.breakageCents,
            money.refundedCents,
            money.deferredOpeningCents,
            money.deferredCents,
            money.paidCreditsSold,
            money.paidCreditsSpent,
            money.paidCreditsExpired,
            money.paidCreditsRevoked,
            money.deferredCredits,
          ]
        : ['', ...Array<number>(14).fill(0)];
      lines.push([row.period, ...cells, ...counts].map(csvCell).join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}
