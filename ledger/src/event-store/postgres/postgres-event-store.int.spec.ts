import { describe, expect, it } from 'vitest';
import { ledgerMigrations } from '../../infrastructure/postgres/migrations';
import { createTestDatabase } from '../../testing/test-database';
import { eventStoreConformance, newEvent, type LateCommit } from '../event-store.conformance';
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
