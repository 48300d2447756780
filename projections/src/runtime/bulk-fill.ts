import { withTransaction, type GlobalPosition } from '@app/ledger';
import type pg from 'pg';
import { advanceCheckpointSql } from './checkpoints';
import { CheckpointMovedError } from './apply-batch';
import { tableNamesFor, type Projection } from './projection';

/**
 * The events a bulk fill folds: those of `$3` (types) up to and including the position
 * `($1, $2)`, which the caller took below the visibility horizon (every transaction up to it has
 * ended, so the set is fixed).
 */
export const BULK_EVENTS_WHERE = `(transaction_id, global_position) <= ($1::text::xid8, $2::bigint)
  AND type = ANY($3::text[])`;

export interface BulkFillTarget {
  readonly projection: Projection;
  readonly version: number;
}

/** How many events of each type lie at or before `upTo` (what each bulk fill folds). */
export async function countEventsByType(
  pool: pg.Pool,
  upTo: GlobalPosition,
): Promise<Map<string, number>> {
  const result = await pool.query<{ type: string; n: string }>(
    `SELECT type, count(*)::text AS n FROM events
     WHERE (transaction_id, global_position) <= ($1::text::xid8, $2::bigint) GROUP BY type`,
    [upTo.commit.toString(), upTo.prepare.toString()],
  );
  return new Map(result.rows.map((row) => [row.type, Number(row.n)]));
}

/**
 * Fills an empty new version from the start of the log to `upTo` with the projection's set-wise
 * SQL, and moves its checkpoint there, in one transaction (the same compare-and-set as a batch).
 */
export async function bulkFill(
  pool: pg.Pool,
  target: BulkFillTarget,
  start: GlobalPosition,
  upTo: GlobalPosition,
  applied: number,
): Promise<GlobalPosition> {
  const fill = target.projection.bulkFill;
  if (!fill) throw new Error(`${target.projection.name} has no bulk fill`);
  await withTransaction(pool, async (client) => {
    const opened = (await client.query(
      `SET LOCAL synchronous_commit = off; SET LOCAL work_mem = '256MB'; ${advanceCheckpointSql(
        client,
        { name: target.projection.name, version: target.version },
        start,
        upTo,
        applied,
      )}`,
    )) as unknown as pg.QueryResult[];
    if (opened[opened.length - 1]?.rowCount !== 1)
      throw new CheckpointMovedError(target.projection.name, target.version);
    const params = [
      upTo.commit.toString(),
      upTo.prepare.toString(),
      [...target.projection.eventTypes],
    ];
    // A statement that reads only the tables filled before it takes no parameters.
    for (const sql of fill(tableNamesFor(target.version)))
      await client.query(sql, sql.includes('$1') ? params : []);
  });
  return upTo;
}
