import {
  creditAccountEventSchema,
  giftEventSchema,
  type GlobalPosition,
  type RecordedEvent,
} from '@app/ledger';
import type pg from 'pg';
import { loadLiveCheckpoint } from '../runtime/checkpoints';
import {
  foldPaidCredits,
  type PaidLots,
  type PaidMovementKind,
} from '../paid-credits/paid-credits.fold';
import { paidCreditsProjection } from '../paid-credits/paid-credits.projection';
import type { AuditMismatch } from './audit-mismatch';

// Finance's money from the log alone: every event folded in memory (one event at a time, no SQL,
// no batches) and compared with the paid_credits read model, lot by lot and, for each lot, the
// credits and cents of each kind of movement. A rebuild, a replay or a batch boundary that changes
// a figure shows up here.

interface LotTotals {
  userId: string;
  redeemerId: string | null;
  moved: number;
  byKind: Map<PaidMovementKind, { credits: number; cents: number }>;
}

export interface PaidCreditsReadModel {
  position: GlobalPosition | null;
  lots: {
    lot_id: string;
    user_id: string;
    redeemer_id: string | null;
    moved: number;
    amount_paid_cents: number;
    credits: number;
  }[];
  movements: { origin_lot_id: string; kind: PaidMovementKind; credits: string; cents: string }[];
}

/** The read model and the position it was built to, inside the audit's snapshot. */
export async function readPaidCredits(client: pg.PoolClient): Promise<PaidCreditsReadModel> {
  const checkpoint = await loadLiveCheckpoint(client, 'paid_credits');
  if (!checkpoint) return { position: null, lots: [], movements: [] };
  const lots = await client.query<PaidCreditsReadModel['lots'][number]>(
    'SELECT lot_id, user_id, redeemer_id, moved, amount_paid_cents, credits FROM paid_lots WHERE lot_id = origin_lot_id',
  );
  const movements = await client.query<PaidCreditsReadModel['movements'][number]>(
    `SELECT origin_lot_id, kind, sum(credits) AS credits, sum(cents) AS cents
     FROM paid_lot_movements GROUP BY origin_lot_id, kind`,
  );
  return { position: checkpoint.position, lots: lots.rows, movements: movements.rows };
}

export class PaidCreditsAuditFold {
  private readonly lots: PaidLots = new Map();
  private readonly totals = new Map<string, LotTotals>();

  apply(recorded: RecordedEvent) {
    if (!paidCreditsProjection.eventTypes.has(recorded.type)) return;
    const raw = { type: recorded.type, data: recorded.data };
    const parsed = recorded.streamId.startsWith('gift-')
      ? giftEventSchema.safeParse(raw)
      : creditAccountEventSchema.safeParse(raw);
    if (!parsed.success) return; // the credit audit reports events that do not parse
    const change = foldPaidCredits(this.lots, parsed.data);
    for (const lot of change.lots) {
      if (lot.lotId === lot.originLotId)
        this.totals.set(lot.lotId, {
          userId: lot.userId,
          redeemerId: null,
          moved: 0,
          byKind: new Map(),
        });
    }
    for (const redemption of change.redemptions) {
      const totals = this.totals.get(redemption.lotId);
      if (totals) totals.redeemerId = redemption.redeemerId;
    }
    for (const movement of change.movements) {
      const totals = this.totals.get(movement.originLotId);
      if (!totals) continue;
      totals.moved += movement.credits;
      const kind = totals.byKind.get(movement.kind) ?? { credits: 0, cents: 0 };
      kind.credits += movement.credits;
      kind.cents += movement.cents;
      totals.byKind.set(movement.kind, kind);
    }
  }

  /** Differences between the fold and the read model (empty: the read model is the fold). */
  compare(model: PaidCreditsReadModel, report: (mismatch: AuditMismatch) => void) {
    const rows = new Map(model.lots.map((row) => [row.lot_id, row]));
    const movements = new Map<string, Map<string, { credits: number; cents: number }>>();
    for (const row of model.movements) {
      const kinds = movements.get(row.origin_lot_id) ?? new Map();
      kinds.set(row.kind, { credits: Number(row.credits), cents: Number(row.cents) });
      movements.set(row.origin_lot_id, kinds);
    }
    for (const lotId of new Set([...this.totals.keys(), ...rows.keys()])) {
      const expected = this.totals.get(lotId);
      const row = rows.get(lotId);
      const userId = expected?.userId ?? row?.user_id ?? '';
      const check = (field: string, log: unknown, readModel: unknown) => {
        if (String(log) !== String(readModel))
          report({
            userId,
            field: `paid lot ${lotId}.${field}`,
            expected: String(log),
            actual: String(readModel),
          });
      };
      if (!expected || !row) {
        check('exists', Boolean(expected), Boolean(row));
        continue;
      }
      const lot = this.lots.get(lotId)!;
      check('user_id', expected.userId, row.user_id);
      check('redeemer_id', expected.redeemerId, row.redeemer_id);
      check('moved', expected.moved, row.moved);
      check('amount_paid_cents', lot.amountPaidCents, row.amount_paid_cents);
      check('credits', lot.credits, row.credits);
      const kinds = movements.get(lotId) ?? new Map();
      for (const kind of new Set([...expected.byKind.keys(), ...kinds.keys()])) {
        const log = expected.byKind.get(kind) ?? { credits: 0, cents: 0 };
        const stored = kinds.get(kind) ?? { credits: 0, cents: 0 };
        check(`${kind}.credits`, log.credits, stored.credits);
        check(`${kind}.cents`, log.cents, stored.cents);
      }
    }
  }
}
