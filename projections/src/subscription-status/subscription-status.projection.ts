import {
  evolveSubscription,
  initialSubscriptionState,
  subscriptionEventSchema,
  subscriptionEventTypes,
  type RecordedEvent,
  type SubscriptionEvent,
  type SubscriptionState,
} from '@app/ledger';
import type pg from 'pg';
import { parseOnce } from '../runtime/parse-once';
import type { Projection } from '../runtime/projection';
import { accountSnapshotNotice } from '../account-snapshot/change-notice';
import { subscriptionStatusBulkFill } from './subscription-status.bulk-fill';

// One row per user: the subscription badge and plan the profile shows.

interface Row {
  user_id: string;
  status: string;
  plan_id: string | null;
  customer_id: string | null;
  subscription_id: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  updated_at: string;
}

/** The read model follows the same rules as the stream itself: the ledger's evolve. */
function applyEvent(row: Row, event: SubscriptionEvent, recorded: RecordedEvent): Row {
  const state = evolveSubscription(
    {
      ...initialSubscriptionState(),
      status: row.status as SubscriptionState['status'],
      planId: row.plan_id,
      customerId: row.customer_id,
      subscriptionId: row.subscription_id,
      currentPeriodEnd: row.current_period_end,
      cancelAtPeriodEnd: row.cancel_at_period_end,
    },
    event,
    {
      idempotencyKey: recorded.metadata.idempotencyKey,
      occurredAt: Date.parse(recorded.metadata.occurredAt),
    },
  );
  return {
    user_id: row.user_id,
    status: state.status,
    plan_id: state.planId,
    customer_id: state.customerId,
    subscription_id: state.subscriptionId,
    current_period_end: state.currentPeriodEnd,
    cancel_at_period_end: state.cancelAtPeriodEnd,
    updated_at: recorded.metadata.occurredAt,
  };
}

export const subscriptionStatusProjection: Projection = {
  name: 'subscription_status',
  // 2: a late checkout of the plan followed keeps its plan and its cancellation at period end.
  version: 2,
  tables: [
    {
      name: 'subscription_status',
      columns: `user_id text PRIMARY KEY,
        status text NOT NULL,
        plan_id text,
        customer_id text,
        subscription_id text,
        current_period_end timestamptz,
        cancel_at_period_end boolean NOT NULL,
        updated_at timestamptz NOT NULL`,
      indexes: [
        'CREATE INDEX IF NOT EXISTS {table}_customer_idx ON {table} (customer_id)',
        'CREATE INDEX IF NOT EXISTS {table}_status_idx ON {table} (status)',
      ],
    },
  ],
  eventTypes: new Set(subscriptionEventTypes),
  changeNotice: accountSnapshotNotice,
  bulkFill: subscriptionStatusBulkFill,
  bulkFillCost: 800,

  async apply(client: pg.PoolClient, events: readonly RecordedEvent[], table) {
    const name = table('subscription_status');
    const parsed = events.map((recorded) => ({
      recorded,
      event: parseOnce(subscriptionEventSchema, recorded),
    }));
    const users = [...new Set(parsed.map(({ event }) => event.data.userId))];
    const existing = await client.query<Row>(
      `SELECT user_id, status, plan_id, customer_id, subscription_id,
         to_char(current_period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS current_period_end,
         cancel_at_period_end, updated_at::text FROM ${name} WHERE user_id = ANY($1::text[])`,
      [users],
    );
    const rows = new Map(existing.rows.map((row) => [row.user_id, row]));
    for (const { recorded, event } of parsed) {
      const row =
        rows.get(event.data.userId) ??
        ({
          user_id: event.data.userId,
          status: 'none',
          plan_id: null,
          customer_id: null,
          subscription_id: null,
          current_period_end: null,
          cancel_at_period_end: false,
          updated_at: recorded.metadata.occurredAt,
        } satisfies Row);
      rows.set(event.data.userId, applyEvent(row, event, recorded));
    }
    const all = [...rows.values()];
    await client.query(
      `INSERT INTO ${name} (user_id, status, plan_id, customer_id, subscription_id, current_period_end,
         cancel_at_period_end, updated_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[],
         $7::boolean[], $8::timestamptz[])
       ON CONFLICT (user_id) DO UPDATE SET status = excluded.status, plan_id = excluded.plan_id,
         customer_id = excluded.customer_id, subscription_id = excluded.subscription_id,
         current_period_end = excluded.current_period_end,
         cancel_at_period_end = excluded.cancel_at_period_end, updated_at = excluded.updated_at`,
      [
        all.map((r) => r.user_id),
        all.map((r) => r.status),
        all.map((r) => r.plan_id),
        all.map((r) => r.customer_id),
        all.map((r) => r.subscription_id),
        all.map((r) => r.current_period_end),
        all.map((r) => r.cancel_at_period_end),
        all.map((r) => r.updated_at),
      ],
    );
  },
};
