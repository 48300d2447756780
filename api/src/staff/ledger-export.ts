import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { creditHistoryWhere, toMovement, type CreditHistoryFilter } from '@app/projections';
import type pg from 'pg';

const COLUMNS = [
  'seq',
  'occurred_at',
  'user_id',
  'type',
  'delta',
  'balance_after',
  'held_after',
  'paid_amount',
  'free_amount',
  'reference',
  'plan_id',
  'amount_paid_cents',
  'currency',
  'actor_kind',
  'actor_id',
  'reason',
  'event_id',
] as const;

/** RFC 4180 quoting, and a guard against spreadsheet formula injection. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  // Spreadsheets evaluate a cell that starts (after spaces) with = + - @ or | as a formula.
  if (typeof value === 'string' && /^(\s*[=+\-@|]|[\t\r])/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Streams a filtered ledger view as CSV, newest first, page by page (keyset on seq), waiting for
 * the client to drain each page: memory stays flat however many rows there are.
 */
export async function exportLedgerCsv(
  db: pg.Pool,
  filter: CreditHistoryFilter,
  out: Writable,
  pageSize = 2_000,
): Promise<number> {
  out.write(`${COLUMNS.join(',')}\n`);
  let before: number | null = null;
  let rows = 0;
  for (;;) {
    const { where, params } = creditHistoryWhere(filter);
    if (before !== null) params.push(before);
    params.push(pageSize);
    const result: pg.QueryResult = await db.query(
      `SELECT * FROM credit_history WHERE ${where}${before !== null ? ` AND seq < $${params.length - 1}` : ''}
       ORDER BY seq DESC LIMIT $${params.length}`,
      params,
    );
    if (result.rows.length === 0) break;
    let chunk = '';
    for (const row of result.rows) {
      const movement = toMovement(row);
      const values: Record<(typeof COLUMNS)[number], unknown> = {
        seq: movement.seq,
        occurred_at: movement.occurredAt,
        user_id: movement.userId,
        type: movement.type,
        delta: movement.delta,
        balance_after: movement.balanceAfter,
        held_after: movement.heldAfter,
        paid_amount: movement.paidAmount,
        free_amount: movement.freeAmount,
        reference: movement.reference,
        plan_id: movement.planId,
        amount_paid_cents: movement.amountPaidCents,
        currency: movement.currency,
        actor_kind: movement.actorKind,
        actor_id: movement.actorId,
        reason: movement.reason,
        event_id: movement.eventId,
      };
      chunk += `${COLUMNS.map((column) => csvCell(values[column])).join(',')}\n`;
    }
    rows += result.rows.length;
    before = Number(result.rows[result.rows.length - 1].seq);
    if (!out.write(chunk)) await once(out, 'drain');
    if (result.rows.length < pageSize) break;
  }
  return rows;
}
