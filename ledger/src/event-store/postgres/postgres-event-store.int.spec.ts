import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ledgerMigrations } from '../../infrastructure/postgres/migrations';
import { createTestDatabase } from '../../testing/test-database';
import { eventStoreConformance, newEvent, type LateCommit } from '../event-store.conformance';
import { DuplicateEventError, WrongExpectedVersionError } from '../event-store';
import { PostgresEventStore } from './postgres-event-store';

eventStoreConformance('postgres', async () => {
  const database = await createTestDatabase([ledgerMigrations]);
  const store = new PostgresEventStore(database.pool);
  const plantLateCommit = database.embedded
    ? undefined // PGlite has one connection: a transaction held open would block every writer.
    : async (streamId: string): Promise<LateCommit> => {
        const client = await database.pool.connect();
        const event = newEvent('LateCommitted');
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
           VALUES ($1, 0, $2, $3, '{}', $4)`,
          [streamId, event.metadata.eventId, event.type, JSON.stringify(event.metadata)],
        );
        return {
          async commit() {
            await client.query('COMMIT');
            client.release();
          },
        };
      };
  return {
    store,
    plantLateCommit,
    async close() {
      await store.close();
      await database.close();
    },
  };
});

describe('postgres event store: append-only log', () => {
  it('refuses to update or delete an event', async () => {
    const database = await createTestDatabase([ledgerMigrations]);
    try {
      const store = new PostgresEventStore(database.pool);
      await store.append('audit-1', [newEvent('A')], 'no_stream');
      await expect(database.pool.query(`UPDATE events SET type = 'B'`)).rejects.toThrow(
        /append-only/,
      );
      await expect(database.pool.query('DELETE FROM events')).rejects.toThrow(/append-only/);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('postgres event store: visibility horizon', () => {
  it('a long write in another database of the cluster does not hold readers back; one in this database does', async () => {
    const ours = await createTestDatabase([ledgerMigrations]);
    const theirs = await createTestDatabase([ledgerMigrations]);
    const store = new PostgresEventStore(ours.pool);
    const elsewhere = await theirs.pool.connect();
    const here = await ours.pool.connect();
    try {
      await elsewhere.query('BEGIN');
      await elsewhere.query('SELECT pg_current_xact_id()'); // a running write transaction elsewhere
      await store.append('horizon-1', [newEvent('A')], 'no_stream');
      expect((await store.readAll({ commit: 0n, prepare: 0n }, 10)).map((e) => e.type)).toEqual([
        'A',
      ]);

      await here.query('BEGIN');
      await here.query('SELECT pg_current_xact_id()'); // a running write transaction here
      await store.append('horizon-2', [newEvent('B')], 'no_stream');
      const head = await store.headPosition();
      expect((await store.readAll(head!, 10)).map((e) => e.type)).toEqual([]);
      await here.query('COMMIT');
      expect((await store.readAll(head!, 10)).map((e) => e.type)).toEqual(['B']);
    } finally {
      await elsewhere.query('ROLLBACK').catch(() => {});
      elsewhere.release();
      here.release();
      await store.close();
      await theirs.close();
      await ours.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('postgres event store: LISTEN connection', () => {
  const waitUntil = async (check: () => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('condition not reached in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  /** Resolves with how long a reader slept before it was woken. */
  const timedWait = async (store: PostgresEventStore, timeoutMs: number) => {
    const started = Date.now();
    await store.waitForAppend(timeoutMs);
    return Date.now() - started;
  };

  it('reconnects after the server terminates it, and notifications from another process wake readers again', async () => {
    const database = await createTestDatabase([ledgerMigrations]);
    // The reader (as a projections worker would be) and a writer in "another process" (its own pool).
    const reader = new PostgresEventStore(database.pool, {
      listenConnectionString: database.connectionString,
      logger: { warn: () => undefined },
    });
    const writerPool = new pg.Pool({ connectionString: database.connectionString, max: 2 });
    writerPool.on('error', () => undefined);
    const writer = new PostgresEventStore(writerPool, { notify: true });
    try {
      await reader.start();
      expect(reader.listener?.connected).toBe(true);
      const firstPid = reader.listener!.backendPid();

      // Before: an append elsewhere wakes a reader that would otherwise sleep 20 s.
      const before = timedWait(reader, 20_000);
      await writer.append('listen-1', [newEvent('A')], 'no_stream');
      expect(await before).toBeLessThan(10_000);

      // Every connection to the database ends, as in a failover or an operator's clean-up.
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      let terminated: number[];
      try {
        const { rows } = await admin.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE datname = $1',
          [database.name],
        );
        terminated = rows.map((row) => row.pid);
        for (const pid of terminated) await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
      expect(terminated).toContain(firstPid);
      await waitUntil(
        () => reader.listener!.state !== 'listening' || reader.listener!.connects > 1,
        5_000,
      );

      // It comes back on a new backend within a few seconds.
      await waitUntil(() => reader.listener!.connected && reader.listener!.connects > 1, 5_000);
      expect(reader.listener!.backendPid()).not.toBe(firstPid);

      // And notifications flow again: the 20 s sleep ends at the next append by the other process.
      const after = timedWait(reader, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await writer.append('listen-2', [newEvent('A')], 'no_stream');
      expect(await after).toBeLessThan(10_000);
      expect(await reader.readAll({ commit: 0n, prepare: 0n }, 10)).toHaveLength(2);
    } finally {
      await writer.close();
      await writerPool.end();
      await reader.close();
      await database.close();
    }
  });

  it('readers poll while the LISTEN connection cannot be opened', async () => {
    const database = await createTestDatabase([ledgerMigrations]);
    const unreachable = new URL(database.connectionString);
    unreachable.port = '1'; // nothing listens there
    const reader = new PostgresEventStore(database.pool, {
      listenConnectionString: unreachable.toString(),
      logger: { warn: () => undefined },
    });
    try {
      await reader.start(); // does not throw: it keeps retrying in the background
      expect(reader.listener?.connected).toBe(false);
      // A reader asking to sleep 20 s is back within the polling interval.
      expect(await timedWait(reader, 20_000)).toBeLessThan(5_000);
    } finally {
      await reader.close();
      await database.close();
    }
  });
});

describe('postgres event store: group commit', () => {
  it('concurrent appends to different streams share transactions, and a conflict fails only its own append', async () => {
    const database = await createTestDatabase([ledgerMigrations]);
    const store = new PostgresEventStore(database.pool);
    try {
      await store.append('group-taken', [newEvent('Seeded')], 'no_stream');
      const duplicate = newEvent('Duplicate');
      await store.append('group-dup-first', [duplicate], 'no_stream');

      const results = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) =>
          i === 17
            ? store.append('group-taken', [newEvent('Late')], 'no_stream') // wrong version
            : i === 23
              ? store.append('group-dup-second', [duplicate], 'no_stream') // duplicate event id
              : store.append(`group-${i}`, [newEvent('A'), newEvent('B')], 'no_stream'),
        ),
      );

      const refused = results.flatMap((result, i) => (result.status === 'rejected' ? [i] : []));
      expect(refused).toEqual([17, 23]);
      const wrongVersion = (results[17] as PromiseRejectedResult).reason as unknown;
      expect(wrongVersion).toBeInstanceOf(WrongExpectedVersionError);
      expect((wrongVersion as WrongExpectedVersionError).actual).toBe(0);
      expect((results[23] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEventError);

      // Every accepted append is whole, versions 0 and 1, and its result says so.
      for (const [i, result] of results.entries()) {
        if (result.status !== 'fulfilled') continue;
        expect(result.value.nextExpectedVersion).toBe(1);
        const events = await store.readStream(`group-${i}`);
        expect(events.map((e) => [e.type, e.streamVersion])).toEqual([
          ['A', 0],
          ['B', 1],
        ]);
        expect(events[1]!.position).toEqual(result.value.position);
      }
      // The refused ones changed nothing.
      expect((await store.readStream('group-taken')).map((e) => e.type)).toEqual(['Seeded']);
      expect(await store.readStream('group-dup-second')).toEqual([]);

      // Fewer transactions than appends: they were committed in groups.
      const transactions = await database.pool.query<{ appends: number; transactions: number }>(
        `SELECT count(DISTINCT stream_id)::int AS appends, count(DISTINCT transaction_id)::int AS transactions
         FROM events WHERE stream_id LIKE 'group-%' AND stream_id NOT IN ('group-taken', 'group-dup-first')`,
      );
      expect(transactions.rows[0]!.appends).toBe(38);
      expect(transactions.rows[0]!.transactions).toBeLessThan(38);
    } finally {
      await store.close();
      await database.close();
    }
  });

  it('a unique violation inside a group (the same event id twice) still fails only one append', async () => {
    const database = await createTestDatabase([ledgerMigrations]);
    const store = new PostgresEventStore(database.pool);
    try {
      const twin = newEvent('Twin');
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          store.append(`twin-${i}`, [i === 6 || i === 7 ? twin : newEvent('A')], 'no_stream'),
        ),
      );
      const refused = results.flatMap((result, i) => (result.status === 'rejected' ? [i] : []));
      expect(refused).toHaveLength(1);
      expect([6, 7]).toContain(refused[0]);
      expect((results[refused[0]!] as PromiseRejectedResult).reason).toBeInstanceOf(
        DuplicateEventError,
      );
      for (const [i, result] of results.entries()) {
        expect((await store.readStream(`twin-${i}`)).length).toBe(
          result.status === 'fulfilled' ? 1 : 0,
        );
      }
    } finally {
      await store.close();
      await database.close();
    }
  });
});
