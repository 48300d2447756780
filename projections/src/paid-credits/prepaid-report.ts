import type pg from 'pg';
import type { PaidProduct } from './paid-credits.fold';

type Queryable = Pick<pg.Pool, 'query'>;

/** Money received per product in one period and currency. */
export interface ProductSales {
  product: PaidProduct;
  amountCents: number;
  credits: number;
}

/**
 * Prepaid credits in one period (UTC) and currency, as an accountant reads them: sales by product;
 * of the paid credits, the value recognised as they were spent (net of support refunds giving
 * some back), breakage (expired unspent), taken back by refunded payments; and what is still
 * deferred at the period's end. closing deferred = opening + sales - recognised - breakage - refunded.
 */
export interface PrepaidRow {
  currency: string;
  sales: ProductSales[];
  salesCents: number;
  recognisedCents: number;
  breakageCents: number;
  refundedCents: number;
  deferredOpeningCents: number;
  deferredCents: number;
  paidCreditsSold: number;
  paidCreditsSpent: number;
  paidCreditsExpired: number;
  paidCreditsRevoked: number;
  deferredCredits: number;
}

const PRODUCTS: readonly PaidProduct[] = ['plan', 'pack', 'gift'];

const emptyRow = (currency: string, cents: number, credits: number): PrepaidRow => ({
  currency,
  sales: PRODUCTS.map((product) => ({ product, amountCents: 0, credits: 0 })),
  salesCents: 0,
  recognisedCents: 0,
  breakageCents: 0,
  refundedCents: 0,
  deferredOpeningCents: cents,
  deferredCents: cents,
  paidCreditsSold: 0,
  paidCreditsSpent: 0,
  paidCreditsExpired: 0,
  paidCreditsRevoked: 0,
  deferredCredits: credits,
});

/**
 * Per period in [from, to), keyed by the period's start (epoch ms): one row per currency that has
 * a deferred balance or activity. Periods are `day` or `month`, UTC, as the finance report's.
 */
export async function prepaidByPeriod(
  db: Queryable,
  range: { from: Date; to: Date; granularity: 'day' | 'month' },
  /** Periods to answer even without prepaid activity (they carry the deferred balance). */
  alsoPeriods: readonly number[] = [],
): Promise<Map<number, PrepaidRow[]>> {
  const unit = range.granularity === 'month' ? 'month' : 'day';
  const period = (column: string) =>
    `date_trunc('${unit}', ${column} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
  const [opening, sales, movements] = await Promise.all([
    db.query<{ currency: string; cents: string; credits: string }>(
      `SELECT currency, sum(cents) AS cents, sum(credits) AS credits FROM (
         SELECT currency, amount_paid_cents AS cents, credits FROM paid_lots
         WHERE lot_id = origin_lot_id AND purchased_at < $1
         UNION ALL
         SELECT currency, -cents, -credits FROM paid_lot_movements WHERE occurred_at < $1
       ) AS balance GROUP BY currency`,
      [range.from],
    ),
    db.query<{
      period: Date;
      currency: string;
      product: PaidProduct;
      cents: string;
      credits: string;
    }>(
      `SELECT ${period('purchased_at')} AS period, currency, product,
         sum(amount_paid_cents) AS cents, sum(credits) AS credits
       FROM paid_lots WHERE lot_id = origin_lot_id AND purchased_at >= $1 AND purchased_at < $2
       GROUP BY 1, 2, 3`,
      [range.from, range.to],
    ),
    db.query<{ period: Date; currency: string; kind: string; cents: string; credits: string }>(
      `SELECT ${period('occurred_at')} AS period, currency, kind, sum(cents) AS cents,
         sum(credits) AS credits
       FROM paid_lot_movements WHERE occurred_at >= $1 AND occurred_at < $2
       GROUP BY 1, 2, 3`,
      [range.from, range.to],
    ),
  ]);
  const n = (value: unknown) => Number(value ?? 0);
  const balance = new Map(
    opening.rows.map((row) => [row.currency, { cents: n(row.cents), credits: n(row.credits) }]),
  );
  const periods = [
    ...new Set([
      ...[...sales.rows, ...movements.rows].map((row) => row.period.getTime()),
      ...alsoPeriods,
    ]),
  ].sort((a, b) => a - b);
  const result = new Map<number, PrepaidRow[]>();
  for (const at of periods) {
    const rows = new Map<string, PrepaidRow>();
    const rowFor = (currency: string) => {
      let row = rows.get(currency);
      if (!row) {
        const open = balance.get(currency) ?? { cents: 0, credits: 0 };
        row = emptyRow(currency, open.cents, open.credits);
        rows.set(currency, row);
      }
      return row;
    };
    for (const currency of balance.keys()) rowFor(currency);
    for (const sale of sales.rows.filter((row) => row.period.getTime() === at)) {
      const row = rowFor(sale.currency);
      const entry = row.sales.find((s) => s.product === sale.product);
      if (entry) {
        entry.amountCents += n(sale.cents);
        entry.credits += n(sale.credits);
      }
      row.salesCents += n(sale.cents);
      row.paidCreditsSold += n(sale.credits);
    }
    for (const movement of movements.rows.filter((row) => row.period.getTime() === at)) {
      const row = rowFor(movement.currency);
      const cents = n(movement.cents);
      const credits = n(movement.credits);
      if (movement.kind === 'spent' || movement.kind === 'restored') {
        row.recognisedCents += cents;
        row.paidCreditsSpent += credits;
      } else if (movement.kind === 'expired') {
        row.breakageCents += cents;
        row.paidCreditsExpired += credits;
      } else {
        row.refundedCents += cents;
        row.paidCreditsRevoked += credits;
      }
    }
    for (const row of rows.values()) {
      row.deferredCents =
        row.deferredOpeningCents +
        row.salesCents -
        row.recognisedCents -
        row.breakageCents -
        row.refundedCents;
      row.deferredCredits +=
        row.paidCreditsSold -
        row.paidCreditsSpent -
        row.paidCreditsExpired -
        row.paidCreditsRevoked;
      balance.set(row.currency, { cents: row.deferredCents, credits: row.deferredCredits });
    }
    result.set(
      at,
      [...rows.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    );
  }
  return result;
}
