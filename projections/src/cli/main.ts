import path from 'node:path';
import { openLedgerStorage, startTracing, stopTracing, type LedgerStorage } from '@app/ledger';
import { projectionMigrations } from '../migrations';
import { ProjectionOperations, type PrunedVersion } from '../operator/projection-operations';
import { readLiveRuntime } from '../operator/runtime-file';
import { allProjections } from '../registry';
import type { RebuildProgress } from '../runtime/rebuild';
import type { ProjectionStatus } from '../runtime/status';
import { runProjectionWorker } from '../worker';
import { startWorkerMetrics } from '../worker-metrics';
import { formatStatusTable } from './format-status';
import { renderProgress } from './progress-bar';
import { operatorClient } from './operator-client';

const usage = `usage: npm run projections -- <command>
  status              version, checkpoint, head and lag of every projection
  rebuild <name>      blue/green rebuild of one projection (${allProjections.map((p) => p.name).join(', ')})
  replay              blue/green rebuild of every projection from the start of the log
  prune               drop the tables of retired versions and of abandoned builds
  worker              run the projections worker (production)`;

interface Operations {
  status(): Promise<ProjectionStatus[]>;
  rebuild(name: string, onProgress: (p: RebuildProgress) => void): Promise<unknown>;
  replayAll(onProgress: (p: RebuildProgress) => void): Promise<unknown>;
  pruneRetired(): Promise<PrunedVersion[]>;
}

async function main(argv: string[]) {
  const [command, argument] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return;
  }
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
  const databaseUrl = process.env.DATABASE_URL || undefined;

  // Embedded mode: the running API owns the PGlite folder, so ask it to do the work.
  const runtime = databaseUrl ? null : await readLiveRuntime(dataDir);
  if (runtime && command !== 'worker') {
    await run(operatorClient(runtime), command, argument);
    return;
  }
  const storage = await openLedgerStorage({
    databaseUrl,
    dataDir,
    eventStoreConnectionString: process.env.EVENTSTORE_CONNECTION_STRING || undefined,
    migrations: [projectionMigrations],
    applicationName: 'projections-cli',
  });
  try {
    if (command === 'worker') return await worker(storage);
    await run(
      new ProjectionOperations(storage.database.pool, storage.store, allProjections),
      command,
      argument,
    );
  } finally {
    await storage.close();
  }
}

async function run(operations: Operations, command: string, argument: string | undefined) {
  switch (command) {
    case 'status':
      console.log(formatStatusTable(await operations.status()));
      return;
    case 'rebuild':
      if (!argument) throw new Error(`rebuild needs a projection name\n${usage}`);
      await operations.rebuild(argument, renderProgress);
      console.log(formatStatusTable(await operations.status()));
      return;
    case 'replay':
      await operations.replayAll(renderProgress);
      console.log(formatStatusTable(await operations.status()));
      return;
    case 'prune': {
      const dropped = await operations.pruneRetired();
      console.log(
        dropped.length
          ? dropped.map((d) => `dropped ${d.name} v${d.version} (${d.was})`).join('\n')
          : 'nothing to prune',
      );
      return;
    }
    default:
      throw new Error(`unknown command ${command}\n${usage}`);
  }
}

async function worker(storage: LedgerStorage) {
  // OTEL_EXPORTER_OTLP_ENDPOINT: a trace per projection batch, exported as the API's are.
  startTracing(process.env, 'stylised-projections');
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => controller.abort());
  const port = process.env.METRICS_PORT;
  const metrics = port
    ? startWorkerMetrics({
        port: Number(port),
        host: process.env.METRICS_HOST || '127.0.0.1',
        pool: storage.database.pool,
        status: () =>
          new ProjectionOperations(storage.database.pool, storage.store, allProjections).status(),
      })
    : null;
  try {
    await runProjectionWorker(storage, allProjections, controller.signal);
  } finally {
    metrics?.close();
    // The last batches' spans go out before the process does.
    await stopTracing().catch(() => undefined);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
