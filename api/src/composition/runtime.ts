import { componentLogger, openLedgerStorage, type Database, type LedgerStorage } from '@app/ledger';
import { traceStore, tracingEnabled } from '../observability/tracing';
import {
  allProjections,
  CheckpointWatch,
  ensureProjections,
  ProjectionOperations,
  ProjectionRunner,
  projectionMigrations,
} from '@app/projections';
import type { Config } from '../config';
import { apiMigrations } from '../migrations';
import { Metrics } from '../observability/metrics';
import { checkpointGate, inProcessGate, type ProjectionsGate } from './projections-gate';

/** Everything with a lifetime: storage, the projection runner, and what is built on them. */
export interface Runtime {
  readonly config: Config;
  readonly storage: LedgerStorage;
  readonly projections: ProjectionsGate;
  readonly projectionOperations: ProjectionOperations;
  readonly runner: ProjectionRunner | null;
  /** This process's Prometheus metrics. */
  readonly metrics: Metrics;
  close(): Promise<void>;
}

export async function openRuntime(
  config: Config,
  options: { database?: Database } = {},
): Promise<Runtime> {
  const metrics = new Metrics();
  const storage = await openLedgerStorage({
    wrapStore: (store) => {
      const measured = metrics.instrumentStore(store);
      return tracingEnabled() ? traceStore(measured) : measured;
    },
    ...options,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    eventStoreConnectionString: config.eventStoreConnectionString,
    poolSize: config.databasePoolSize,
    applicationName: 'api',
    migrations: [projectionMigrations, apiMigrations],
  });
  const { pool } = storage.database;
  let runner: ProjectionRunner | null = null;
  let watch: CheckpointWatch | null = null;
  let projections: ProjectionsGate;
  if (config.projectionsMode === 'in-process') {
    await ensureProjections(pool, storage.store, allProjections);
    runner = new ProjectionRunner(pool, storage.store, allProjections, {
      logger: componentLogger('projections'),
    });
    runner.start();
    projections = inProcessGate(runner, config.readYourWritesTimeoutMs);
  } else {
    if (config.databaseUrl) {
      watch = new CheckpointWatch(config.databaseUrl, componentLogger('projections'));
      await watch.start();
    }
    projections = checkpointGate(
      pool,
      allProjections.map((p) => p.name),
      config.readYourWritesTimeoutMs,
      watch ?? undefined,
    );
  }
  const projectionOperations = new ProjectionOperations(
    pool,
    storage.store,
    allProjections,
    runner ?? undefined,
  );
  return {
    config,
    storage,
    projections,
    projectionOperations,
    runner,
    metrics,
    async close() {
      await runner?.stop();
      await watch?.close();
      await storage.close();
    },
  };
}
