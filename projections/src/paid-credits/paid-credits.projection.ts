import {
  creditAccountEventSchema,
  creditAccountEventTypes,
  giftEventSchema,
  giftEventTypes,
  type RecordedEvent,
} from '@app/ledger';
import type pg from 'pg';
import { parseOnce } from '../runtime/parse-once';
import type { Projection } from '../runtime/projection';
import {
  foldPaidCredits,
  lotIdsOf,
  type PaidCreditsEvent,
  type PaidLot,
  type PaidLots,
} from './paid-credits.fold';
import { paidCreditsBulkFill } from './paid-credits.bulk-fill';

// Paid lots and what became of their credits, valued in money: the read model behind finance's
// deferred revenue, recognised revenue and breakage (see paid-credits.fold.ts).

interface LotRow {
  lot_id: string;
  origin_lot_id: string;
  user_id: string;
  product: PaidLot['product'];
  item_id: string;
  reference: string;
  credits: number;
  amount_paid_cents: number;
  currency: string;
  moved: number;
}

const toLot = (row: LotRow): PaidLot => ({
  lotId: row.lot_id,
  originLotId: row.origin_lot_id,
  userId: row.user_id,
  product: row.product,
  itemId: row.item_id,
  reference: row.reference,
  credits: row.credits,
  amountPaidCents: row.amount_paid_cents,
  currency: row.currency,
  moved: row.moved,
});

async function loadLots(client: pg.PoolClient, table: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const result = await client.query<LotRow>(`SELECT * FROM ${table} WHERE lot_id = ANY($1)`, [ids]);
  return result.rows.map(toLot);
}

const giftTypes = new Set<string>(giftEventTypes);

/**
 * Credit events the fold returns nothing for: grants are free, and holds and their releases move
 * no money (a spend does). Left out, a rebuild need not read them.
 */
const UNPAID_MOVES = new Set<string>(['CreditsGranted', 'CreditsReserved', 'CreditsReleased']);

const parsePaidCreditsEvent = (recorded: RecordedEvent): PaidCreditsEvent =>
  giftTypes.has(recorded.type)
    ? parseOnce(giftEventSchema, recorded)
    : parseOnce(creditAccountEventSchema, recorded);

export const paidCreditsProjection: Projection = {
  name: 'paid_credits',
  // 2: gifts are paid lots from their payment (GiftIssued), not from their redemption.
  version: 2,
  tables: [
    {
      name: 'paid_lots',
      columns: `lot_id text PRIMARY KEY,
        origin_lot_id text NOT NULL,
        user_id text NOT NULL,
        event_id uuid NOT NULL,
        product text NOT NULL,
        item_id text NOT NULL,
        reference text NOT NULL,
        credits int NOT NULL,
        amount_paid_cents int NOT NULL,
        currency text NOT NULL,
        purchased_at timestamptz NOT NULL,
        moved int NOT NULL,
        redeemer_id text`,
      indexes: ['CREATE INDEX IF NOT EXISTS {table}_purchased_idx ON {table} (purchased_at)'],
    },
    {
      name: 'paid_lot_movements',
      columns: `event_id uuid NOT NULL,
        lot_id text NOT NULL,
        origin_lot_id text NOT NULL,
        user_id text NOT NULL,
        occurred_at timestamptz NOT NULL,
        kind text NOT NULL,
        credits int NOT NULL,
        cents int NOT NULL,
        product text NOT NULL,
        currency text NOT NULL,
        PRIMARY KEY (event_id, lot_id)`,
      indexes: ['CREATE INDEX IF NOT EXISTS {table}_occurred_idx ON {table} (occurred_at)'],
    },
  ],
  eventTypes: new Set<string>([
    ...creditAccountEventTypes.filter((type) => !UNPAID_MOVES.has(type)),
    ...giftEventTypes,
  ]),
  bulkFill: paidCreditsBulkFill,
  bulkFillCost: 3500,

  async apply(client: pg.PoolClient, events: readonly RecordedEvent[], table) {
    const lotsTable = table('paid_lots');
    const movementsTable = table('paid_lot_movements');
    const parsed = events.map((recorded) => ({
      recorded,
      event: parsePaidCreditsEvent(recorded),
    }));
    // The lots these events touch, then the origins of those (a support refund's lot names one).
    const lots: PaidLots = new Map();
    const touched = [...new Set(parsed.flatMap(({ event }) => lotIdsOf(event)))];
    for (const lot of await loadLots(client, lotsTable, touched)) lots.set(lot.lotId, lot);
    const origins = [...lots.values()].map((lot) => lot.originLotId).filter((id) => !lots.has(id));
    for (const lot of await loadLots(client, lotsTable, origins)) lots.set(lot.lotId, lot);
    const loadedMoved = new Map([...lots.values()].map((lot) => [lot.lotId, lot.moved]));

    const lotRows: unknown[][] = [];
    const movementRows: unknown[][] = [];
    const redemptions = new Map<string, string>();
    for (const { recorded, event } of parsed) {
      const change = foldPaidCredits(lots, event);
      // A gift is paid for when the buyer pays; its voiding is the buyer's refund.
      const purchasedAt = event.type === 'GiftIssued' ? event.data.paidAt : null;
      for (const lot of change.lots) {
        lotRows.push([
          lot.lotId,
          lot.originLotId,
          lot.userId,
          recorded.eventId,
          lot.product,
          lot.itemId,
          lot.reference,
          lot.credits,
          lot.amountPaidCents,
          lot.currency,
          purchasedAt ?? recorded.metadata.occurredAt,
        ]);
      }
      for (const redemption of change.redemptions)
        redemptions.set(redemption.lotId, redemption.redeemerId);
      for (const movement of change.movements) {
        movementRows.push([
          recorded.eventId,
          movement.lotId,
          movement.originLotId,
          'userId' in event.data
            ? event.data.userId
            : (lots.get(movement.originLotId)?.userId ?? ''),
          recorded.metadata.occurredAt,
          movement.kind,
          movement.credits,
          movement.cents,
          movement.product,
          movement.currency,
        ]);
      }
    }
    if (lotRows.length > 0) {
      await client.query(
        `INSERT INTO ${lotsTable} (lot_id, origin_lot_id, user_id, event_id, product, item_id, reference,
           credits, amount_paid_cents, currency, purchased_at, moved)
         SELECT *, 0 FROM unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::text[], $6::text[],
           $7::text[], $8::int[], $9::int[], $10::text[], $11::timestamptz[])
         ON CONFLICT (lot_id) DO NOTHING`,
        columns(lotRows, 11),
      );
    }
    if (movementRows.length > 0) {
      await client.query(
        `INSERT INTO ${movementsTable} (event_id, lot_id, origin_lot_id, user_id, occurred_at, kind, credits,
           cents, product, currency)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::text[],
           $7::int[], $8::int[], $9::text[], $10::text[])`,
        columns(movementRows, 10),
      );
    }
    if (redemptions.size > 0) {
      await client.query(
        `UPDATE ${lotsTable} AS l SET redeemer_id = r.redeemer_id
         FROM unnest($1::text[], $2::text[]) AS r(lot_id, redeemer_id) WHERE l.lot_id = r.lot_id`,
        [[...redemptions.keys()], [...redemptions.values()]],
      );
    }
    // How far each origin lot has been consumed: the next batch continues from it.
    const moved = [...lots.values()].filter(
      (lot) => lot.lotId === lot.originLotId && loadedMoved.get(lot.lotId) !== lot.moved,
    );
    if (moved.length > 0) {
      await client.query(
        `UPDATE ${lotsTable} AS l SET moved = m.moved
         FROM unnest($1::text[], $2::int[]) AS m(lot_id, moved) WHERE l.lot_id = m.lot_id`,
        [moved.map((lot) => lot.lotId), moved.map((lot) => lot.moved)],
      );
    }
  },
};

/** Row-major values to the column arrays `unnest` takes. */
function columns(rows: readonly unknown[][], count: number): unknown[][] {
  return Array.from({ length: count }, (_, index) => rows.map((row) => row[index]));
}
