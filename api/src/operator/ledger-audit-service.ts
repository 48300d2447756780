import { randomUUID } from 'node:crypto';
import type { EventStore } from '@app/ledger';
import { runLedgerAudit, type AuditMismatch, type LedgerAuditResult } from '@app/projections';
import type pg from 'pg';

/** Mismatches kept per run record (the count is always exact). */
const KEPT_MISMATCHES = 500;

export interface LedgerAuditRun extends Omit<LedgerAuditResult, 'mismatches'> {
  id: string;
  runBy: string;
  mismatchCount: number;
  /** The first mismatches found (at most 500). */
  mismatches: AuditMismatch[];
}

interface RunRow {
  id: string;
  started_at: Date;
  finished_at: Date;
  run_by: string;
  events_read: number;
  accounts_checked: number;
  subscriptions_checked: number;
  credits_position: string;
  subscriptions_position: string;
  mismatch_count: number;
  mismatches: AuditMismatch[];
}

const toRun = (row: RunRow): LedgerAuditRun => ({
  id: row.id,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  runBy: row.run_by,
  eventsRead: row.events_read,
  accountsChecked: row.accounts_checked,
  subscriptionsChecked: row.subscriptions_checked,
  creditsPosition: row.credits_position,
  subscriptionsPosition: row.subscriptions_position,
  mismatchCount: row.mismatch_count,
  mismatches: row.mismatches,
});

/**
 * Runs the ledger audit and keeps a record of each run (an operator action, not money: an ordinary
 * table), so the staff console can show the last one.
 */
export class LedgerAuditService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
  ) {}

  /** Runs the audit; returns the whole result (every mismatch) and records the run. */
  async run(runBy: string): Promise<{ run: LedgerAuditRun; result: LedgerAuditResult }> {
    const result = await runLedgerAudit({ pool: this.pool, store: this.store });
    const inserted = await this.pool.query<RunRow>(
      `INSERT INTO ledger_audit_runs (id, started_at, finished_at, run_by, events_read,
         accounts_checked, subscriptions_checked, credits_position, subscriptions_position,
         mismatch_count, mismatches)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
      [
        randomUUID(),
        result.startedAt,
        result.finishedAt,
        runBy,
        result.eventsRead,
        result.accountsChecked,
        result.subscriptionsChecked,
        result.creditsPosition,
        result.subscriptionsPosition,
        result.mismatches.length,
        JSON.stringify(result.mismatches.slice(0, KEPT_MISMATCHES)),
      ],
    );
    return { run: toRun(inserted.rows[0]!), result };
  }

  async last(): Promise<LedgerAuditRun | null> {
    const found = await this.pool.query<RunRow>(
      'SELECT * FROM ledger_audit_runs ORDER BY finished_at DESC LIMIT 1',
    );
    return found.rows[0] ? toRun(found.rows[0]) : null;
  }
}
