import type pg from 'pg';
import type { PaidProduct } from '../paid-credits/paid-credits.fold';
import { prepaidByPeriod, type PrepaidRow } from '../paid-credits/prepaid-report';

type Queryable = Pick<pg.Pool, 'query'>;

export type ReportGranularity = 'day' | 'month';

export interface FinanceReportRow {
  period: Date;
  granted: number;
  purchased: number;
  spent: number;
  refunded: number;
  expired: number;
  revoked: number;
  /** Of the credits spent, how many had been paid for, and how many were free. */
  paidConsumed: number;
  freeConsumed: number;
  /** Money received, per product (plan, pack, gift), plan or pack id, and currency. */
  revenue: { product: PaidProduct; planId: string; currency: string; amountCents: number }[];
  /** Deferred, recognised and breakage of paid credits, per currency. */
  prepaid: PrepaidRow[];
}

/** Credit movements and revenue per day or month, from the ledger's history (UTC periods). */
export async function financeReport(
  db: Queryable,
  range: { from: Date; to: Date; granularity: ReportGranularity },
): Promise<FinanceReportRow[]> {
  const unit = range.granularity === 'month' ? 'month' : 'day';
  const movements = await db.query<Record<string, string | Date | null>>(
    `SELECT date_trunc('${unit}', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS period,
       coalesce(sum(delta) FILTER (WHERE type = 'CreditsGranted'), 0) AS granted,
       coalesce(sum(delta) FILTER (WHERE type = 'CreditsPurchased'), 0) AS purchased,
       coalesce(-sum(delta) FILTER (WHERE type = 'CreditsSpent'), 0) AS spent,
       coalesce(sum(delta) FILTER (WHERE type = 'CreditsRefunded'), 0) AS refunded,
       coalesce(-sum(delta) FILTER (WHERE type = 'CreditsExpired'), 0) AS expired,
       coalesce(-sum(delta) FILTER (WHERE type = 'CreditsRevoked'), 0) AS revoked,
       coalesce(sum(paid_amount) FILTER (WHERE type = 'CreditsSpent'), 0) AS paid_consumed,
       coalesce(sum(free_amount) FILTER (WHERE type = 'CreditsSpent'), 0) AS free_consumed
     FROM credit_history WHERE occurred_at >= $1 AND occurred_at < $2
     GROUP BY 1 ORDER BY 1`,
    [range.from, range.to],
  );
  const revenue = await db.query<{
    period: Date;
    product: PaidProduct;
    plan_id: string;
    currency: string;
    cents: string;
  }>(
    `SELECT date_trunc('${unit}', purchased_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS period, product,
       item_id AS plan_id, currency, sum(amount_paid_cents) AS cents
     FROM paid_lots WHERE lot_id = origin_lot_id AND purchased_at >= $1 AND purchased_at < $2
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3`,
    [range.from, range.to],
  );
  const prepaid = await prepaidByPeriod(
    db,
    range,
    movements.rows.map((row) => (row.period as Date).getTime()),
  );
  const n = (value: unknown) => Number(value ?? 0);
  return movements.rows.map((row) => {
    const period = row.period as Date;
    return {
      period,
      granted: n(row.granted),
      purchased: n(row.purchased),
      spent: n(row.spent),
      refunded: n(row.refunded),
      expired: n(row.expired),
      revoked: n(row.revoked),
      paidConsumed: n(row.paid_consumed),
      freeConsumed: n(row.free_consumed),
      revenue: revenue.rows
        .filter((r) => r.period.getTime() === period.getTime())
        .map((r) => ({
          product: r.product,
          planId: r.plan_id,
          currency: r.currency,
          amountCents: n(r.cents),
        })),
      prepaid: prepaid.get(period.getTime()) ?? [],
    };
  });
}

/** Purchases per invoice, for reconciliation against the payment provider's paid invoices. */
export async function purchasesByInvoice(
  db: Queryable,
): Promise<Map<string, { count: number; userId: string; amountCents: number }>> {
  const result = await db.query<{ reference: string; n: string; user_id: string; cents: string }>(
    `SELECT reference, count(*) AS n, min(user_id) AS user_id, sum(amount_paid_cents) AS cents
     FROM credit_history WHERE type = 'CreditsPurchased' GROUP BY reference`,
  );
  return new Map(
    result.rows.map((r) => [
      r.reference,
      { count: Number(r.n), userId: r.user_id, amountCents: Number(r.cents) },
    ]),
  );
}

/** Credits refunded so far per spend (a generation's reservation), for support's refund buttons. */
export async function refundedCreditsBySpend(
  db: Queryable,
  reservationIds: readonly string[],
): Promise<Map<string, number>> {
  if (reservationIds.length === 0) return new Map();
  const result = await db.query<{ reference: string; refunded: string }>(
    `SELECT reference, sum(delta) AS refunded FROM credit_history
     WHERE type = 'CreditsRefunded' AND reference = ANY($1::text[]) GROUP BY reference`,
    [reservationIds],
  );
  return new Map(result.rows.map((row) => [row.reference, Number(row.refunded)]));
}
