import type pg from 'pg';

export interface Snapshot {
  readonly streamVersion: number;
  readonly stateVersion: number;
  readonly state: unknown;
  /** Length of the state's JSON, when the store read it as text. */
  readonly stateJsonLength?: number;
}

/** A snapshot to save, its state already serialised (the caller needs its size anyway). */
export interface SerializedSnapshot {
  readonly streamVersion: number;
  readonly stateVersion: number;
  readonly stateJson: string;
}

/** Saved stream states, so loading a long stream reads only its tail. */
export interface SnapshotStore {
  load(streamId: string): Promise<Snapshot | null>;
  save(streamId: string, snapshot: SerializedSnapshot): Promise<void>;
}

export class PostgresSnapshotStore implements SnapshotStore {
  constructor(private readonly pool: pg.Pool) {}

  async load(streamId: string): Promise<Snapshot | null> {
    // As text, parsed here: the same JSON.parse the driver would do, and its length comes free.
    const result = await this.pool.query<{
      stream_version: string;
      state_version: number;
      state_json: string;
    }>(
      'SELECT stream_version, state_version, state::text AS state_json FROM stream_snapshots WHERE stream_id = $1',
      [streamId],
    );
    const row = result.rows[0];
    return row
      ? {
          streamVersion: Number(row.stream_version),
          stateVersion: row.state_version,
          state: JSON.parse(row.state_json) as unknown,
          stateJsonLength: row.state_json.length,
        }
      : null;
  }

  async save(streamId: string, snapshot: SerializedSnapshot): Promise<void> {
    await this.pool.query(
      `INSERT INTO stream_snapshots (stream_id, stream_version, state_version, state, updated_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (stream_id) DO UPDATE SET stream_version = excluded.stream_version,
         state_version = excluded.state_version, state = excluded.state, updated_at = now()
       WHERE stream_snapshots.stream_version < excluded.stream_version
          OR stream_snapshots.state_version <> excluded.state_version`,
      [streamId, snapshot.streamVersion, snapshot.stateVersion, snapshot.stateJson],
    );
  }
}
