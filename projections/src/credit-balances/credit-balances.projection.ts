import {
  creditAccountEventSchema,
  creditAccountEventTypes,
  type CreditAccountEvent,
  type RecordedEvent,
} from '@app/ledger';
import type pg from 'pg';
import { parseOnce } from '../runtime/parse-once';
import type { Projection } from '../runtime/projection';
import { accountSnapshotNotice } from '../account-snapshot/change-notice';
import { creditBalancesBulkFill } from './credit-balances.bulk-fill';
import { creditLotsJointBulkFill } from '../credit-buckets/credit-lots.joint-fill';
import { creditReadModelsJointBulkFill } from '../credit-history/credit-read-models.joint-fill';

// Balances per user (held and lifetime totals) and the lots behind them. "Available" is computed
// when read, from lots not yet expired: credits are unusable from their instant of expiry.

interface BalanceDelta {
  held: number;
  granted: number;
  purchased: number;
  spent: number;
  refunded: number;
  expired: number;
  revoked: number;
  updatedAt: string;
}

interface NewLot {
  userId: string;
  lotId: string;
  funding: string;
  amount: number;
  expiresAt: string | null;
  createdAt: string;
}

const emptyDelta = (updatedAt: string): BalanceDelta => ({
  held: 0,
  granted: 0,
  purchased: 0,
  spent: 0,
  refunded: 0,
  expired: 0,
  revoked: 0,
  updatedAt,
});

/** Folds a batch into per-user deltas, new lots and per-lot adjustments, then writes each set once. */
class BatchAccumulator {
  readonly balances = new Map<string, BalanceDelta>();
  readonly newLots = new Map<string, NewLot>();
  readonly lotAdjustments = new Map<string, { userId: string; lotId: string; delta: number }>();

  balance(userId: string, at: string) {
    let delta = this.balances.get(userId);
    if (!delta) this.balances.set(userId, (delta = emptyDelta(at)));
    delta.updatedAt = at;
    return delta;
  }

  addLot(lot: NewLot) {
    this.newLots.set(`${lot.userId}\u0000${lot.lotId}`, lot);
  }

  adjustLot(userId: string, lotId: string, delta: number) {
    const key = `${userId}\u0000${lotId}`;
    const fresh = this.newLots.get(key);
    if (fresh) {
      fresh.amount += delta;
      return;
    }
    const existing = this.lotAdjustments.get(key);
    if (existing) existing.delta += delta;
    else this.lotAdjustments.set(key, { userId, lotId, delta });
  }

  add(event: CreditAccountEvent, at: string) {
    const userId = event.data.userId;
    const balance = this.balance(userId, at);
    switch (event.type) {
      case 'CreditsGranted':
        balance.granted += event.data.amount;
        this.addLot({
          userId,
          lotId: event.data.grantId,
          funding: 'free',
          amount: event.data.amount,
          expiresAt: event.data.expiresAt,
          createdAt: at,
        });
        return;
      case 'CreditsPurchased':
        balance.purchased += event.data.amount;
        this.addLot({
          userId,
          lotId: event.data.purchaseId,
          funding: 'paid',
          amount: event.data.amount,
          expiresAt: event.data.expiresAt,
          createdAt: at,
        });
        return;
      case 'CreditsReserved':
        balance.held += event.data.amount;
        for (const allocation of event.data.allocations)
          this.adjustLot(userId, allocation.lotId, -allocation.amount);
        return;
      case 'CreditsSpent':
        balance.held -= event.data.amount;
        balance.spent += event.data.amount;
        return;
      case 'CreditsReleased':
        balance.held -= event.data.amount;
        for (const allocation of event.data.allocations)
          this.adjustLot(userId, allocation.lotId, allocation.amount);
        return;
      case 'CreditsRefunded':
        balance.refunded += event.data.amount;
        for (const lot of event.data.lots) this.addLot({ userId, ...lot, createdAt: at });
        return;
      case 'CreditsExpired':
        balance.expired += event.data.amount;
        this.adjustLot(userId, event.data.lotId, -event.data.amount);
        return;
      case 'CreditsRevoked':
        balance.revoked += event.data.amount;
        this.adjustLot(userId, event.data.lotId, -event.data.amount);
        return;
    }
  }
}

export const creditBalancesProjection: Projection = {
  name: 'credit_balances',
  version: 1,
  tables: [
    {
      name: 'credit_balances',
      columns: `user_id text PRIMARY KEY,
        held int NOT NULL,
        lifetime_granted bigint NOT NULL,
        lifetime_purchased bigint NOT NULL,
        lifetime_spent bigint NOT NULL,
        lifetime_refunded bigint NOT NULL,
        lifetime_expired bigint NOT NULL,
        lifetime_revoked bigint NOT NULL,
        updated_at timestamptz NOT NULL`,
    },
    {
      name: 'credit_lots',
      columns: `user_id text NOT NULL,
        lot_id text NOT NULL,
        funding text NOT NULL,
        remaining int NOT NULL,
        expires_at timestamptz,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, lot_id)`,
      indexes: [
        `CREATE INDEX IF NOT EXISTS {table}_open_idx ON {table} (user_id) WHERE remaining > 0`,
      ],
    },
  ],
  eventTypes: new Set(creditAccountEventTypes),
  changeNotice: accountSnapshotNotice,
  bulkFill: creditBalancesBulkFill,
  bulkFillCost: 4700,
  jointBulkFills: [creditReadModelsJointBulkFill, creditLotsJointBulkFill],

  async apply(client: pg.PoolClient, events: readonly RecordedEvent[], table) {
    const batch = new BatchAccumulator();
    for (const recorded of events) {
      batch.add(parseOnce(creditAccountEventSchema, recorded), recorded.metadata.occurredAt);
    }
    const lots = table('credit_lots');
    const balances = table('credit_balances');

    const newLots = [...batch.newLots.values()];
    const adjustments = [...batch.lotAdjustments.values()].filter((a) => a.delta !== 0);
    const users = [...batch.balances.keys()];
    const deltas = [...batch.balances.values()];
    const column = (pick: (d: BalanceDelta) => number) => deltas.map(pick);
    // One statement, one round trip. Its parts cannot see each other's rows, and need not: an
    // adjustment of a lot created in this batch was folded into the new lot above.
    await client.query(
      `WITH new_lots AS (
         INSERT INTO ${lots} (user_id, lot_id, funding, remaining, expires_at, created_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::timestamptz[], $6::timestamptz[])
         ON CONFLICT (user_id, lot_id) DO NOTHING
       ), adjusted AS (
         UPDATE ${lots} AS l SET remaining = l.remaining + a.delta
         FROM unnest($7::text[], $8::text[], $9::int[]) AS a(user_id, lot_id, delta)
         WHERE l.user_id = a.user_id AND l.lot_id = a.lot_id
       )
       INSERT INTO ${balances} AS b (user_id, held, lifetime_granted, lifetime_purchased, lifetime_spent,
         lifetime_refunded, lifetime_expired, lifetime_revoked, updated_at)
       SELECT * FROM unnest($10::text[], $11::int[], $12::bigint[], $13::bigint[], $14::bigint[], $15::bigint[],
         $16::bigint[], $17::bigint[], $18::timestamptz[])
       ON CONFLICT (user_id) DO UPDATE SET
         held = b.held + excluded.held,
         lifetime_granted = b.lifetime_granted + excluded.lifetime_granted,
         lifetime_purchased = b.lifetime_purchased + excluded.lifetime_purchased,
         lifetime_spent = b.lifetime_spent + excluded.lifetime_spent,
         lifetime_refunded = b.lifetime_refunded + excluded.lifetime_refunded,
         lifetime_expired = b.lifetime_expired + excluded.lifetime_expired,
         lifetime_revoked = b.lifetime_revoked + excluded.lifetime_revoked,
         updated_at = greatest(b.updated_at, excluded.updated_at)`,
      [
        newLots.map((r) => r.userId),
        newLots.map((r) => r.lotId),
        newLots.map((r) => r.funding),
        newLots.map((r) => r.amount),
        newLots.map((r) => r.expiresAt),
        newLots.map((r) => r.createdAt),
        adjustments.map((a) => a.userId),
        adjustments.map((a) => a.lotId),
        adjustments.map((a) => a.delta),
        users,
        column((d) => d.held),
        column((d) => d.granted),
        column((d) => d.purchased),
        column((d) => d.spent),
        column((d) => d.refunded),
        column((d) => d.expired),
        column((d) => d.revoked),
        deltas.map((d) => d.updatedAt),
      ],
    );
  },
};
