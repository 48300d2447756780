import { creditAccountEventSchema, creditAccountEventTypes, type RecordedEvent } from '@app/ledger';
import type pg from 'pg';
import { parseOnce } from '../runtime/parse-once';
import type { Projection } from '../runtime/projection';
import { creditBucketsBulkFill } from './credit-buckets.bulk-fill';
import { bucketChangesOf, inheritOrigin, type BucketLot } from './credit-buckets.fold';
import { creditReadModelsJointBulkFill } from '../credit-history/credit-read-models.joint-fill';
import { creditLotsJointBulkFill } from './credit-lots.joint-fill';

// Every lot of every account with its bucket (plan, pack, free), what is left of it and when it
// expires: the balance by bucket, and the lots the expiry warning looks for. Lots are kept after
// they are used up, so a refund can find the bucket of the lot its credits came from.

const key = (userId: string, lotId: string) => `${userId}\u0000${lotId}`;

export const creditBucketsProjection: Projection = {
  name: 'credit_buckets',
  version: 1,
  tables: [
    {
      name: 'credit_bucket_lots',
      columns: `user_id text NOT NULL,
        lot_id text NOT NULL,
        bucket text NOT NULL,
        funding text NOT NULL,
        source text NOT NULL,
        amount int NOT NULL,
        remaining int NOT NULL,
        expires_at timestamptz,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, lot_id)`,
      indexes: [
        `CREATE INDEX IF NOT EXISTS {table}_open_idx ON {table} (user_id) WHERE remaining > 0`,
        `CREATE INDEX IF NOT EXISTS {table}_expiring_idx ON {table} (expires_at) WHERE remaining > 0 AND expires_at IS NOT NULL`,
      ],
    },
  ],
  eventTypes: new Set(creditAccountEventTypes),
  bulkFill: creditBucketsBulkFill,
  bulkFillCost: 3300,
  jointBulkFills: [creditReadModelsJointBulkFill, creditLotsJointBulkFill],

  async apply(client: pg.PoolClient, events: readonly RecordedEvent[], table) {
    const lotsTable = table('credit_bucket_lots');
    const added = new Map<string, { lot: BucketLot; inheritFrom?: string }>();
    const adjustments = new Map<string, { userId: string; lotId: string; delta: number }>();
    for (const recorded of events) {
      const event = parseOnce(creditAccountEventSchema, recorded);
      for (const change of bucketChangesOf(event, recorded.metadata.occurredAt)) {
        const id = key(change.kind === 'add' ? change.lot.userId : change.userId, lotIdOf(change));
        if (change.kind === 'add') {
          if (!added.has(id)) added.set(id, { lot: change.lot, inheritFrom: change.inheritFrom });
          continue;
        }
        const fresh = added.get(id);
        if (fresh) fresh.lot.remaining += change.delta;
        else {
          const existing = adjustments.get(id);
          if (existing) existing.delta += change.delta;
          else adjustments.set(id, { ...change });
        }
      }
    }
    const newLots = await resolveInheritedBuckets(client, lotsTable, added);
    const changed = [...adjustments.values()].filter((a) => a.delta !== 0);
    await client.query(
      `WITH new_lots AS (
         INSERT INTO ${lotsTable} (user_id, lot_id, bucket, funding, source, amount, remaining, expires_at, created_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[],
           $7::int[], $8::timestamptz[], $9::timestamptz[])
         ON CONFLICT (user_id, lot_id) DO NOTHING
       )
       UPDATE ${lotsTable} AS l SET remaining = l.remaining + a.delta
       FROM unnest($10::text[], $11::text[], $12::int[]) AS a(user_id, lot_id, delta)
       WHERE l.user_id = a.user_id AND l.lot_id = a.lot_id`,
      [
        newLots.map((l) => l.userId),
        newLots.map((l) => l.lotId),
        newLots.map((l) => l.bucket),
        newLots.map((l) => l.funding),
        newLots.map((l) => l.source),
        newLots.map((l) => l.amount),
        newLots.map((l) => l.remaining),
        newLots.map((l) => l.expiresAt),
        newLots.map((l) => l.createdAt),
        changed.map((a) => a.userId),
        changed.map((a) => a.lotId),
        changed.map((a) => a.delta),
      ],
    );
  },
};

const lotIdOf = (change: ReturnType<typeof bucketChangesOf>[number]) =>
  change.kind === 'add' ? change.lot.lotId : change.lotId;

/** Refunded paid lots take the source of their origin: from this batch, or from the table. */
async function resolveInheritedBuckets(
  client: pg.PoolClient,
  lotsTable: string,
  added: Map<string, { lot: BucketLot; inheritFrom?: string }>,
): Promise<BucketLot[]> {
  const missing = [...added.values()].filter(
    ({ lot, inheritFrom }) => inheritFrom && !added.has(key(lot.userId, inheritFrom)),
  );
  const stored = new Map<string, string>();
  if (missing.length > 0) {
    const result = await client.query<{ user_id: string; lot_id: string; source: string }>(
      `SELECT l.user_id, l.lot_id, l.source FROM ${lotsTable} l
       JOIN unnest($1::text[], $2::text[]) AS o(user_id, lot_id)
         ON l.user_id = o.user_id AND l.lot_id = o.lot_id`,
      [missing.map(({ lot }) => lot.userId), missing.map(({ inheritFrom }) => inheritFrom!)],
    );
    for (const row of result.rows) stored.set(key(row.user_id, row.lot_id), row.source);
  }
  // In arrival order, so a refund of refunded credits finds its origin already resolved.
  const resolved = new Map<string, BucketLot>();
  for (const [id, { lot, inheritFrom }] of added) {
    const originKey = inheritFrom ? key(lot.userId, inheritFrom) : null;
    const source = originKey
      ? (resolved.get(originKey)?.source ?? stored.get(originKey))
      : undefined;
    resolved.set(id, source ? inheritOrigin(lot, { source }) : lot);
  }
  return [...resolved.values()];
}
