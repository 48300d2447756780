import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

export interface CreditMovement {
  seq: number;
  eventId: string;
  userId: string;
  occurredAt: Date;
  type: string;
  delta: number;
  heldDelta: number;
  balanceAfter: number;
  heldAfter: number;
  paidAmount: number;
  freeAmount: number;
  reference: string | null;
  planId: string | null;
  amountPaidCents: number | null;
  currency: string | null;
  actorKind: string;
  actorId: string;
  reason: string;
  /** The generation's style, for movements of a generation (the user's view only). */
  style?: string | null;
}

export interface CreditHistoryFilter {
  userId?: string;
  types?: readonly string[];
  from?: Date;
  to?: Date;
}

export interface CreditHistoryPage {
  movements: CreditMovement[];
  /** Pass as `before` to get the next (older) page; null on the last page. */
  nextCursor: number | null;
}

interface Row {
  seq: string;
  event_id: string;
  user_id: string;
  occurred_at: Date;
  type: string;
  delta: number;
  held_delta: number;
  balance_after: number;
  held_after: number;
  paid_amount: number;
  free_amount: number;
  reference: string | null;
  plan_id: string | null;
  amount_paid_cents: number | null;
  currency: string | null;
  actor_kind: string;
  actor_id: string;
  reason: string;
  style?: string | null;
}

export const toMovement = (row: Row): CreditMovement => ({
  seq: Number(row.seq),
  eventId: row.event_id,
  userId: row.user_id,
  occurredAt: row.occurred_at,
  type: row.type,
  delta: row.delta,
  heldDelta: row.held_delta,
  balanceAfter: row.balance_after,
  heldAfter: row.held_after,
  paidAmount: row.paid_amount,
  freeAmount: row.free_amount,
  reference: row.reference,
  planId: row.plan_id,
  amountPaidCents: row.amount_paid_cents,
  currency: row.currency,
  actorKind: row.actor_kind,
  actorId: row.actor_id,
  reason: row.reason,
  ...(row.style !== undefined ? { style: row.style } : {}),
});

/** The WHERE clause and parameters of a filtered ledger view (shared by pages and exports). */
export function creditHistoryWhere(filter: CreditHistoryFilter, params: unknown[] = []) {
  const clauses: string[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    clauses.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.userId) add('user_id = ?', filter.userId);
  if (filter.types && filter.types.length > 0) add('type = ANY(?::text[])', filter.types);
  if (filter.from) add('occurred_at >= ?', filter.from);
  if (filter.to) add('occurred_at < ?', filter.to);
  return { where: clauses.length ? clauses.join(' AND ') : 'true', params };
}

/** Newest first, keyset-paginated on seq so page 1,000 is as fast as page 1. */
export async function listCreditHistory(
  db: Queryable,
  filter: CreditHistoryFilter,
  page: { first: number; before?: number | null },
): Promise<CreditHistoryPage> {
  const { where, params } = creditHistoryWhere(filter);
  let beforeClause = '';
  if (page.before) {
    params.push(page.before);
    beforeClause = ` AND seq < $${params.length}`;
  }
  params.push(page.first + 1);
  const result = await db.query<Row>(
    `SELECT * FROM credit_history WHERE ${where}${beforeClause} ORDER BY seq DESC LIMIT $${params.length}`,
    params,
  );
  const rows = result.rows.slice(0, page.first).map(toMovement);
  const hasMore = result.rows.length > page.first;
  return { movements: rows, nextCursor: hasMore ? rows[rows.length - 1]!.seq : null };
}

/**
 * A user's own history, one row per thing that happened to their credits: a generation is its
 * capture (with the generation's style), a hold shows only while its generation runs, and a
 * released hold (a failed generation: nothing was taken) is left out. Grants, purchases,
 * refunds and expiries are as they are. Newest first, keyset-paginated like the full history;
 * staff views read the full history.
 */
export async function listUserCreditHistory(
  db: Queryable,
  userId: string,
  page: { first: number; before?: number | null },
): Promise<CreditHistoryPage> {
  const params: unknown[] = [userId];
  let beforeClause = '';
  if (page.before) {
    params.push(page.before);
    beforeClause = ` AND h.seq < $${params.length}`;
  }
  params.push(page.first + 1);
  const result = await db.query<Row>(
    `SELECT h.*, g.style
       FROM credit_history h
       LEFT JOIN generation_history g
         ON h.type IN ('CreditsReserved', 'CreditsSpent', 'CreditsRefunded')
        AND g.generation_id = h.reference AND g.user_id = h.user_id
      WHERE h.user_id = $1${beforeClause}
        AND h.type <> 'CreditsReleased'
        AND NOT (h.type = 'CreditsReserved' AND EXISTS (
          SELECT 1 FROM credit_history settled
           WHERE settled.reference = h.reference AND settled.user_id = h.user_id
             AND settled.type IN ('CreditsSpent', 'CreditsReleased')))
      ORDER BY h.seq DESC LIMIT $${params.length}`,
    params,
  );
  const rows = result.rows.slice(0, page.first).map(toMovement);
  const hasMore = result.rows.length > page.first;
  return { movements: rows, nextCursor: hasMore ? rows[rows.length - 1]!.seq : null };
}
