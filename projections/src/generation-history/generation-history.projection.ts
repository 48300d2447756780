import {
  assertNever,
  generationEventSchema,
  generationEventTypes,
  type GenerationEvent,
  type RecordedEvent,
} from '@app/ledger';
import type pg from 'pg';
import { parseOnce } from '../runtime/parse-once';
import type { Projection } from '../runtime/projection';
import { generationHistoryBulkFill } from './generation-history.bulk-fill';

// One row per generation: style, status, timings, error and result. The prompt is personal data
// and lives in the API's generation_requests table, joined when read.

interface Row {
  generation_id: string;
  user_id: string;
  style: string | null;
  provider: string | null;
  status: string;
  prediction_id: string | null;
  result_key: string | null;
  error_code: string | null;
  error_message: string | null;
  requested_at: string | null;
  submitted_at: string | null;
  completed_at: string | null;
  deleted_at: string | null;
}

function applyEvent(row: Row, event: GenerationEvent) {
  switch (event.type) {
    case 'GenerationRequested':
      row.style = event.data.style;
      row.provider = event.data.provider;
      row.requested_at = event.data.requestedAt;
      if (row.status === 'unknown') row.status = 'pending';
      return;
    case 'GenerationSubmitted':
      row.prediction_id = event.data.predictionId;
      row.submitted_at = event.data.submittedAt;
      return;
    case 'GenerationSucceeded':
      row.status = 'succeeded';
      row.result_key = event.data.resultKey;
      row.completed_at = event.data.completedAt;
      return;
    case 'GenerationFailed':
      row.status = 'failed';
      row.error_code = event.data.errorCode;
      row.error_message = event.data.errorMessage;
      row.completed_at = event.data.completedAt;
      return;
    case 'GenerationDeleted':
      // Kept (ids only) so the credit history still names the style of what was paid for.
      row.deleted_at = event.data.deletedAt;
      return;
    case 'GenerationShared':
    case 'GenerationUnshared':
      return; // the generation_shares read model
    case 'GenerationResultExpired':
      // The image is gone; a succeeded generation without a result key reads as expired.
      row.result_key = null;
      return;
    default:
      return assertNever(event);
  }
}

const COLUMNS = [
  'generation_id',
  'user_id',
  'style',
  'provider',
  'status',
  'prediction_id',
  'result_key',
  'error_code',
  'error_message',
  'requested_at',
  'submitted_at',
  'completed_at',
  'deleted_at',
] as const;

export const generationHistoryProjection: Projection = {
  name: 'generation_history',
  // 2: deleted generations (GenerationDeleted) carry deleted_at.
  // 3: generation_id and user_id in the "C" collation, like credit_history's, which joins them.
  version: 3,
  tables: [
    {
      name: 'generation_history',
      columns: `generation_id text COLLATE "C" PRIMARY KEY,
        user_id text COLLATE "C" NOT NULL,
        style text,
        provider text,
        status text NOT NULL,
        prediction_id text,
        result_key text,
        error_code text,
        error_message text,
        requested_at timestamptz,
        submitted_at timestamptz,
        completed_at timestamptz,
        deleted_at timestamptz`,
      indexes: [
        'CREATE INDEX IF NOT EXISTS {table}_user_idx ON {table} (user_id, requested_at DESC)',
      ],
    },
  ],
  eventTypes: new Set(generationEventTypes),
  bulkFill: generationHistoryBulkFill,
  bulkFillCost: 2800,

  async apply(client: pg.PoolClient, events: readonly RecordedEvent[], table) {
    const name = table('generation_history');
    const parsed = events.map((recorded) => parseOnce(generationEventSchema, recorded));
    const ids = [...new Set(parsed.map((event) => event.data.generationId))];
    const existing = await client.query<Row>(
      `SELECT ${COLUMNS.join(', ')} FROM ${name} WHERE generation_id = ANY($1::text[])`,
      [ids],
    );
    const rows = new Map(existing.rows.map((row) => [row.generation_id, row]));
    for (const event of parsed) {
      let row = rows.get(event.data.generationId);
      if (!row) {
        row = Object.fromEntries(COLUMNS.map((c) => [c, null])) as unknown as Row;
        row.generation_id = event.data.generationId;
        row.user_id = event.data.userId;
        row.status = 'unknown';
        rows.set(row.generation_id, row);
      }
      applyEvent(row, event);
    }
    const all = [...rows.values()];
    const column = (key: keyof Row) => all.map((row) => row[key]);
    await client.query(
      `INSERT INTO ${name} (${COLUMNS.join(', ')})
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::text[], $9::text[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[], $13::timestamptz[])
       ON CONFLICT (generation_id) DO UPDATE SET ${COLUMNS.slice(2)
         .map((c) => `${c} = excluded.${c}`)
         .join(', ')}`,
      COLUMNS.map((c) => column(c)),
    );
  },
};
