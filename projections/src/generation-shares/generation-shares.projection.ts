import { generationEventSchema, type RecordedEvent } from '@app/ledger';
import type pg from 'pg';
import { parseOnce } from '../runtime/parse-once';
import { generationSharesBulkFill } from './generation-shares.bulk-fill';
import type { Projection } from '../runtime/projection';
import { shareChangeOf } from './generation-shares.fold';

// One row per public link a generation ever had: open while revoked_at is null. Links are few
// and changed one at a time, so each event is one statement; every statement is idempotent.

export const generationSharesProjection: Projection = {
  name: 'generation_shares',
  version: 1,
  tables: [
    {
      name: 'generation_shares',
      columns: `share_id text PRIMARY KEY,
        generation_id text NOT NULL,
        user_id text NOT NULL,
        includes_original boolean NOT NULL,
        shared_at timestamptz NOT NULL,
        revoked_at timestamptz`,
      indexes: [
        'CREATE INDEX IF NOT EXISTS {table}_generation_idx ON {table} (generation_id)',
        'CREATE INDEX IF NOT EXISTS {table}_user_idx ON {table} (user_id)',
      ],
    },
  ],
  eventTypes: new Set(['GenerationShared', 'GenerationUnshared', 'GenerationDeleted']),
  bulkFill: generationSharesBulkFill,
  bulkFillCost: 300,

  async apply(client: pg.PoolClient, events: readonly RecordedEvent[], table) {
    const name = table('generation_shares');
    for (const recorded of events) {
      const change = shareChangeOf(parseOnce(generationEventSchema, recorded));
      switch (change.kind) {
        case 'open':
          await client.query(
            `INSERT INTO ${name} (share_id, generation_id, user_id, includes_original, shared_at)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (share_id) DO NOTHING`,
            [
              change.shareId,
              change.generationId,
              change.userId,
              change.includesOriginal,
              change.at,
            ],
          );
          break;
        case 'close':
          await client.query(
            `UPDATE ${name} SET revoked_at = coalesce(revoked_at, $2) WHERE share_id = $1`,
            [change.shareId, change.at],
          );
          break;
        case 'close-all':
          await client.query(
            `UPDATE ${name} SET revoked_at = $2 WHERE generation_id = $1 AND revoked_at IS NULL`,
            [change.generationId, change.at],
          );
          break;
        case 'none':
          break;
      }
    }
  },
};
