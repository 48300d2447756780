import path from 'node:path';
import { PostgresSnapshotStore } from '../command-handling/snapshot-store';
import { KurrentDBEventStore } from '../event-store/kurrentdb/kurrentdb-event-store';
import type { EventStore } from '../event-store/event-store';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { createLedger, type Ledger } from '../ledger';
import { openDatabase, type Database } from './postgres/database';
import { ledgerMigrations, migrate, type MigrationSet } from './postgres/migrations';

export interface StorageConfig {
  /** Postgres server; without it an embedded PGlite in `dataDir`. */
  readonly databaseUrl?: string | undefined;
  readonly dataDir: string;
  /** KurrentDB (kurrentdb:// or esdb://); without it the Postgres event store. */
  readonly eventStoreConnectionString?: string | undefined;
  readonly poolSize?: number;
  readonly applicationName?: string;
  /** Migration sets of the other workspaces, applied after the ledger's. */
  readonly migrations?: readonly MigrationSet[];
  /** Wraps the event store (metrics, traces) before the ledger is built on it. */
  readonly wrapStore?: (store: EventStore) => EventStore;
  /** An already open database (tests); it is not closed with the storage. */
  readonly database?: Database;
}

export interface LedgerStorage {
  readonly database: Database;
  readonly store: EventStore;
  readonly ledger: Ledger;
  readonly eventStoreKind: 'postgres' | 'kurrentdb';
  /** Every migration set this process expects applied (the ledger's first). */
  readonly migrations: readonly MigrationSet[];
  close(): Promise<void>;
}

/** Opens the database (migrated), the event store the config names, and the ledger over them. */
export async function openLedgerStorage(config: StorageConfig): Promise<LedgerStorage> {
  const ownsDatabase = !config.database;
  const database =
    config.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'pglite'),
      ...(config.poolSize ? { poolSize: config.poolSize } : {}),
      ...(config.applicationName ? { applicationName: config.applicationName } : {}),
    }));
  try {
    const migrations = [ledgerMigrations, ...(config.migrations ?? [])];
    await migrate(database.pool, migrations);
    let store: EventStore;
    if (config.eventStoreConnectionString) {
      store = KurrentDBEventStore.connect(config.eventStoreConnectionString);
    } else {
      const postgres = new PostgresEventStore(database.pool, {
        notify: !database.embedded,
        ...(database.embedded ? {} : { listenConnectionString: database.connectionString }),
      });
      await postgres.start();
      store = postgres;
    }
    if (config.wrapStore) store = config.wrapStore(store);
    const ledger = createLedger(store, new PostgresSnapshotStore(database.pool));
    return {
      database,
      store,
      ledger,
      eventStoreKind: config.eventStoreConnectionString ? 'kurrentdb' : 'postgres',
      migrations,
      async close() {
        await Promise.all([
          ledger.credits.flushSnapshots(),
          ledger.subscriptions.flushSnapshots(),
          ledger.generations.flushSnapshots(),
        ]);
        await store.close();
        if (ownsDatabase) await database.close();
      },
    };
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
}
