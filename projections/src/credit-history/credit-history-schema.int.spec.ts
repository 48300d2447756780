import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger, ledgerMigrations, PostgresEventStore } from '@app/ledger';
import { createTestDatabase, type TestDatabase } from '@app/ledger/testing/test-database';
import { projectionMigrations } from '../migrations';
import { allProjections } from '../registry';
import { installMissingProjections } from '../runtime/ensure-projections';
import { createTablesSql } from '../runtime/projection';
import { ProjectionRunner } from '../runtime/projection-runner';
import { seedLedger } from '../testing/seed-ledger';
import { creditHistoryProjection } from './credit-history.projection';

async function collations(database: TestDatabase, view: string, columns: readonly string[]) {
  const result = await database.pool.query<{ attname: string; collname: string }>(
    `SELECT a.attname, c.collname FROM pg_attribute a JOIN pg_collation c ON c.oid = a.attcollation
     WHERE a.attrelid = $1::regclass AND a.attname = ANY($2::text[]) ORDER BY a.attname`,
    [view, columns],
  );
  return Object.fromEntries(result.rows.map((row) => [row.attname, row.collname]));
}

describe('credit_history and generation_history tables', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let userIds: string[];

  beforeAll(async () => {
    database = await createTestDatabase([ledgerMigrations, projectionMigrations]);
    store = new PostgresEventStore(database.pool);
    userIds = await seedLedger(createLedger(store), 3);
    await installMissingProjections(database.pool, allProjections);
    await new ProjectionRunner(database.pool, store, allProjections).runUntilCaughtUp();
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  it('declares the joined and indexed ids "C" on both sides', async () => {
    expect(await collations(database, 'credit_history', ['user_id', 'type', 'reference'])).toEqual({
      user_id: 'C',
      type: 'C',
      reference: 'C',
    });
    expect(await collations(database, 'generation_history', ['generation_id', 'user_id'])).toEqual({
      generation_id: 'C',
      user_id: 'C',
    });
  });

  it("joins a movement to its generation through generation_history's key", async () => {
    // With only one side "C", the join compares in "C" and the other side's index is unusable.
    const client = await database.pool.connect();
    try {
      await client.query(
        'BEGIN; SET LOCAL enable_seqscan = off; SET LOCAL enable_hashjoin = off; SET LOCAL enable_mergejoin = off',
      );
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT g.style FROM credit_history h
         JOIN generation_history g ON g.generation_id = h.reference
         WHERE h.user_id = $1`,
        [userIds[0]],
      );
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Index Scan using generation_history_v\d+_pkey/);
      expect(text).not.toMatch(/Seq Scan/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it("serves staff's page of one user and one type from the user index, newest first", async () => {
    // No (user_id, type) index since version 4: user_idx read backwards, the type a filter.
    const client = await database.pool.connect();
    try {
      await client.query(
        'BEGIN; SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off',
      );
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT * FROM credit_history WHERE user_id = $1 AND type = ANY($2::text[])
         ORDER BY seq DESC LIMIT 51`,
        [userIds[0], ['CreditsPurchased']],
      );
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Index Scan Backward using credit_history_v\d+_user_idx/);
      expect(text).not.toMatch(/Sort/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('creates a version to fill with no index to keep up, and keeps seq unique once built', async () => {
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      for (const sql of createTablesSql(creditHistoryProjection, 99)) await client.query(sql);
      const indexes = await client.query(
        `SELECT indexname FROM pg_indexes WHERE tablename = 'credit_history_v99'`,
      );
      expect(indexes.rows).toEqual([]);
      await client.query('ROLLBACK');
      await expect(
        client.query('INSERT INTO credit_history SELECT * FROM credit_history LIMIT 1'),
      ).rejects.toMatchObject({ code: '23505', constraint: expect.stringMatching(/_seq_idx$/) });
    } finally {
      client.release();
    }
  });
});
