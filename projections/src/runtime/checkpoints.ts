import type { GlobalPosition } from '@app/ledger';
import type pg from 'pg';

export type CheckpointStatus = 'building' | 'live' | 'retired';

export interface Checkpoint {
  name: string;
  version: number;
  schemaVersion: number;
  status: CheckpointStatus;
  position: GlobalPosition;
  eventsApplied: number;
  buildTarget: number | null;
  lastError: string | null;
  updatedAt: Date;
}

interface CheckpointRow {
  name: string;
  version: number;
  schema_version: number;
  status: CheckpointStatus;
  position_commit: string;
  position_prepare: string;
  events_applied: string;
  build_target: string | null;
  last_error: string | null;
  updated_at: Date;
}

const toCheckpoint = (row: CheckpointRow): Checkpoint => ({
  name: row.name,
  version: row.version,
  schemaVersion: row.schema_version,
  status: row.status,
  position: { commit: BigInt(row.position_commit), prepare: BigInt(row.position_prepare) },
  eventsApplied: Number(row.events_applied),
  buildTarget: row.build_target === null ? null : Number(row.build_target),
  lastError: row.last_error,
  updatedAt: row.updated_at,
});

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export async function loadCheckpoints(
  db: Queryable,
  statuses?: readonly CheckpointStatus[],
): Promise<Checkpoint[]> {
  const result = await db.query<CheckpointRow>(
    `SELECT * FROM projection_checkpoints
     WHERE $1::text[] IS NULL OR status = ANY($1::text[]) ORDER BY name, version`,
    [statuses ?? null],
  );
  return result.rows.map(toCheckpoint);
}

export async function loadCheckpoint(db: Queryable, name: string, version: number, lock = false) {
  const result = await db.query<CheckpointRow>(
    `SELECT * FROM projection_checkpoints WHERE name = $1 AND version = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [name, version],
  );
  return result.rows[0] ? toCheckpoint(result.rows[0]) : null;
}

export async function loadLiveCheckpoint(db: Queryable, name: string, lock = false) {
  const result = await db.query<CheckpointRow>(
    `SELECT * FROM projection_checkpoints WHERE name = $1 AND status = 'live' ${lock ? 'FOR UPDATE' : ''}`,
    [name],
  );
  return result.rows[0] ? toCheckpoint(result.rows[0]) : null;
}

/**
 * Where a live checkpoint's moves are announced (the name, then its new position), delivered when
 * the batch commits: read-your-writes waiters in other processes wake on it (CheckpointWatch)
 * instead of polling.
 */
export const CHECKPOINT_CHANNEL = 'projection_checkpoints';

const ADVANCE_SQL = `UPDATE projection_checkpoints
     SET position_commit = $3, position_prepare = $4, events_applied = events_applied + $5,
         last_error = NULL, updated_at = now()
     WHERE name = $1 AND version = $2 AND position_commit = $6 AND position_prepare = $7
       AND status <> 'retired'
     RETURNING CASE WHEN status = 'live' THEN pg_notify('${CHECKPOINT_CHANNEL}',
       name || ' ' || position_commit || ' ' || position_prepare) END AS announced`;

/**
 * Moves a checkpoint from `from` to `to` only if it is still at `from` (compare-and-set), inside
 * the batch's transaction: two runners can never both apply the same batch.
 */
export async function advanceCheckpoint(
  client: pg.PoolClient,
  checkpoint: Pick<Checkpoint, 'name' | 'version'>,
  from: GlobalPosition,
  to: GlobalPosition,
  applied: number,
): Promise<boolean> {
  const result = await client.query(ADVANCE_SQL, [
    checkpoint.name,
    checkpoint.version,
    to.commit,
    to.prepare,
    applied,
    from.commit,
    from.prepare,
  ]);
  return result.rowCount === 1;
}

/**
 * The same compare-and-set as `advanceCheckpoint`, as literal SQL, so a batch can send it in one
 * round trip with its BEGIN (the simple protocol takes several statements, but no parameters).
 * Every value is a number or a quoted literal.
 */
export function advanceCheckpointSql(
  client: pg.PoolClient,
  checkpoint: Pick<Checkpoint, 'name' | 'version'>,
  from: GlobalPosition,
  to: GlobalPosition,
  applied: number,
): string {
  const values = [
    client.escapeLiteral(checkpoint.name),
    String(Math.trunc(checkpoint.version)),
    to.commit.toString(),
    to.prepare.toString(),
    String(Math.trunc(applied)),
    from.commit.toString(),
    from.prepare.toString(),
  ];
  return ADVANCE_SQL.replace(/\$(\d)/g, (_, n: string) => values[Number(n) - 1]!);
}

export async function recordCheckpointError(
  db: Queryable,
  name: string,
  version: number,
  error: string,
) {
  await db.query(
    `UPDATE projection_checkpoints SET last_error = $3, updated_at = now() WHERE name = $1 AND version = $2`,
    [name, version, error.slice(0, 2000)],
  );
}
