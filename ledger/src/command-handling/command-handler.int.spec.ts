import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditStreamId } from '../credits/credit-account';
import { availableCredits } from '../credits/credit-account.balances';
import type { CreditAccountCommand } from '../credits/credit-account.decide';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { ledgerMigrations } from '../infrastructure/postgres/migrations';
import { createLedger } from '../ledger';
import { InsufficientCreditsError } from '../shared/errors';
import type { CommandMetadata } from '../shared/metadata';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { PostgresSnapshotStore, type SnapshotStore } from './snapshot-store';

const meta = (key: string = randomUUID(), now = new Date()): CommandMetadata => ({
  now,
  actor: { kind: 'user', id: 'u' },
  reason: 'test',
  correlationId: randomUUID(),
  idempotencyKey: key,
});
const grant = (userId: string, amount: number): CreditAccountCommand => ({
  type: 'GrantCredits',
  data: { userId, grantId: randomUUID(), amount, source: 'goodwill', expiresAt: null },
});
const hold = (userId: string): Extract<CreditAccountCommand, { type: 'HoldCredits' }> => ({
  type: 'HoldCredits',
  data: {
    userId,
    reservationId: randomUUID(),
    generationId: randomUUID(),
    amount: 5,
    deadline: new Date(Date.now() + 60_000),
  },
});

describe('command handler on Postgres', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase([ledgerMigrations]);
    store = new PostgresEventStore(database.pool);
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  it('gives events time-ordered ids (UUID v7), so appends fill the right edge of the event id index', async () => {
    const userId = randomUUID();
    const ledger = createLedger(store);
    await ledger.credits.handle(creditStreamId(userId), grant(userId, 25), meta());
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      await ledger.credits.handle(creditStreamId(userId), hold(userId), meta());
    }
    const ids = (await store.readStream(creditStreamId(userId))).map(
      (event) => event.metadata.eventId,
    );
    expect(ids).toHaveLength(4);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    const millis = ids.map((id) => id.replace('-', '').slice(0, 12));
    expect([...millis].sort()).toEqual(millis);
    expect(new Set(millis).size).toBe(4);
  });

  it('50 concurrent holds against 25 credits, from two handlers (two API replicas): exactly 5 succeed', async () => {
    const userId = randomUUID();
    const replicaA = createLedger(store);
    const replicaB = createLedger(store);
    await replicaA.credits.handle(creditStreamId(userId), grant(userId, 25), meta());
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? replicaA : replicaB).credits.handle(creditStreamId(userId), hold(userId), meta()),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(succeeded).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const failure of refused) expect(failure.reason).toBeInstanceOf(InsufficientCreditsError);
    const events = await store.readStream(creditStreamId(userId));
    expect(events.filter((e) => e.type === 'CreditsReserved')).toHaveLength(5);
  });

  it('a replica whose cached state is behind decides a refusal or a no-op again from the log: a hold, a release and a revoke after another replica appended', async () => {
    const userId = randomUUID();
    const stream = creditStreamId(userId);
    const [replicaA, replicaB, replicaC] = [
      createLedger(store),
      createLedger(store),
      createLedger(store),
    ];
    await replicaA.credits.handle(stream, grant(userId, 5), meta());
    // C caches the account too, with only those 5 credits.
    expect(availableCredits((await replicaC.credits.read(stream)).state, new Date())).toBe(5);
    // B sells a pack.
    const purchaseId = `pack-${randomUUID()}`;
    await replicaB.credits.handle(
      stream,
      {
        type: 'PurchaseCredits',
        data: {
          userId,
          purchaseId,
          amount: 100,
          planId: 'pack-100',
          invoiceId: `cs_${purchaseId}`,
          amountPaidCents: 900,
          currency: 'usd',
          periodStart: new Date(),
          periodEnd: new Date(),
          expiresAt: null,
          product: 'pack',
          packId: 'pack-100',
        },
      },
      meta(),
    );
    // A, its cache at 5 credits, is asked for 50: taken, not refused.
    const big = hold(userId);
    big.data.amount = 50;
    const taken = await replicaA.credits.handle(stream, big, meta());
    expect(taken.events.map((event) => event.type)).toEqual(['CreditsReserved']);
    // B takes a hold A has never seen; A (a recovery there) releases it.
    const other = hold(userId);
    await replicaB.credits.handle(stream, other, meta());
    const released = await replicaA.credits.handle(
      stream,
      { type: 'ReleaseHold', data: { userId, reservationId: other.data.reservationId } },
      meta(),
    );
    expect(released.events.map((event) => event.type)).toEqual(['CreditsReleased']);
    // The pack's payment is refunded; C, which cached the account before the pack, revokes it.
    const revoked = await replicaC.credits.handle(
      stream,
      { type: 'RevokeCredits', data: { userId, lotId: purchaseId, reference: 're_1' } },
      meta(),
    );
    expect(revoked.events.map((event) => event.type)).toEqual(['CreditsRevoked']);
    // And a read on B shows all of it, though B appended none of the last three events.
    const { state } = await replicaB.credits.read(stream);
    expect(Object.keys(state.holds)).toEqual([big.data.reservationId]);
    expect(state.lots[purchaseId]).toMatchObject({ remaining: 0 });
  });

  it('a repeated idempotency key appends nothing, even from a cold handler', async () => {
    const userId = randomUUID();
    const key = `signup:${userId}`;
    const first = await createLedger(store).credits.handle(
      creditStreamId(userId),
      grant(userId, 5),
      meta(key),
    );
    const second = await createLedger(store).credits.handle(
      creditStreamId(userId),
      grant(userId, 5),
      meta(key),
    );
    expect(first.events).toHaveLength(1);
    expect(second.events).toEqual([]);
    expect(await store.readStream(creditStreamId(userId))).toHaveLength(1);
  });

  it('writes full metadata on every event', async () => {
    const userId = randomUUID();
    const correlationId = randomUUID();
    await createLedger(store).credits.handle(creditStreamId(userId), grant(userId, 5), {
      ...meta('k-1'),
      correlationId,
      actor: { kind: 'staff', id: 'staff-7' },
      reason: 'goodwill after outage',
      causationId: 'cause-1',
    });
    const [event] = await store.readStream(creditStreamId(userId));
    expect(event!.metadata).toMatchObject({
      actor: { kind: 'staff', id: 'staff-7' },
      reason: 'goodwill after outage',
      causationId: 'cause-1',
      idempotencyKey: 'k-1',
      schemaVersion: 1,
    });
    expect(event!.metadata.correlationId).toBe(correlationId);
    expect(event!.metadata.eventId).toBe(event!.eventId);
  });

  it('loads a long stream from its snapshot and tail, and a new handler agrees with the old one', async () => {
    const userId = randomUUID();
    const snapshots = new PostgresSnapshotStore(database.pool);
    const ledger = createLedger(store, snapshots);
    const streamId = creditStreamId(userId);
    await ledger.credits.handle(streamId, grant(userId, 1000), meta());
    for (let i = 0; i < 130; i++) await ledger.credits.handle(streamId, grant(userId, 1), meta());
    await ledger.credits.flushSnapshots();
    expect(await snapshots.load(streamId)).toMatchObject({ streamVersion: expect.any(Number) });
    const fresh = await createLedger(store, snapshots).credits.read(streamId);
    const warm = await ledger.credits.read(streamId);
    expect(fresh).toEqual(warm);
    expect(fresh.version).toBe(130);
  });

  it('a state loaded from its snapshot is saved again only after the tail its size allows', async () => {
    const userId = randomUUID();
    const streamId = creditStreamId(userId);
    const snapshots = new PostgresSnapshotStore(database.pool);
    const withSnapshots = createLedger(store, snapshots);
    await withSnapshots.credits.handle(streamId, grant(userId, 1000), meta());
    for (let i = 0; i < 100; i++)
      await withSnapshots.credits.handle(streamId, grant(userId, 1), meta());
    await withSnapshots.credits.flushSnapshots();
    expect(await snapshots.load(streamId)).toMatchObject({ streamVersion: 99 });
    const withoutSnapshots = createLedger(store);
    for (let i = 0; i < 120; i++)
      await withoutSnapshots.credits.handle(streamId, grant(userId, 1), meta());
    // The stored snapshot as if its state were this long, and saves only recorded.
    const sized = (stateJsonLength: number) => {
      const saved: number[] = [];
      const sizedStore: SnapshotStore = {
        load: async (id) => {
          const snapshot = await snapshots.load(id);
          return snapshot && { ...snapshot, stateJsonLength };
        },
        save: async (_id, snapshot) => void saved.push(snapshot.streamVersion),
      };
      return { sizedStore, saved };
    };
    const expected = await createLedger(store).credits.read(streamId);

    const large = sized(200_000);
    const fromLarge = createLedger(store, large.sizedStore);
    expect(await fromLarge.credits.read(streamId)).toEqual(expected);
    await fromLarge.credits.flushSnapshots();
    expect(large.saved).toEqual([]);

    const small = sized(5_000);
    const fromSmall = createLedger(store, small.sizedStore);
    expect(await fromSmall.credits.read(streamId)).toEqual(expected);
    await fromSmall.credits.flushSnapshots();
    expect(small.saved).toEqual([220]);
  });
});
