import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { removeRuntimeFile, writeRuntimeFile } from '@app/projections';
import { loadConfig } from './config';
import { openRuntime } from './composition/runtime';
import { createServices } from './composition/services';
import { createApp } from './http/create-app';
import { backgroundJobs } from './jobs/jobs';
import { Scheduler } from './jobs/scheduler';

async function main() {
  const config = loadConfig();
  const runtime = await openRuntime(config);
  const embedded = runtime.storage.database.embedded;
  const operatorToken = embedded ? randomBytes(24).toString('hex') : process.env.OPERATOR_TOKEN;
  const services = await createServices(runtime);
  const app = createApp(runtime, services, operatorToken ? { operatorToken } : {});
  const scheduler = new Scheduler();
  scheduler.start(backgroundJobs(services));
  const server = createServer(app).listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    if (embedded && operatorToken) {
      void writeRuntimeFile(config.dataDir, { pid: process.pid, port, operatorToken });
    }
    console.log(
      `listening on ${config.publicUrl.replace(/:\d+$/, `:${port}`)} (${embedded ? 'embedded PGlite in ' + config.dataDir : 'Postgres'}, ${runtime.storage.eventStoreKind} event store, projections ${config.projectionsMode})`,
    );
  });
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    server.close();
    server.closeAllConnections();
    if (embedded) await removeRuntimeFile(config.dataDir);
    await scheduler.stop();
    await services.decodePool.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
