import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { removeRuntimeFile, writeRuntimeFile } from '@app/projections';
import { componentLogger } from '@app/ledger';
import { loadConfig } from './config';
import { Lifecycle } from './composition/lifecycle';
import { startTracing, stopTracing } from './observability/tracing';
import { openRuntime } from './composition/runtime';
import { createServices, listenForSessionChanges } from './composition/services';
import { createApp } from './http/create-app';
import { backgroundJobs } from './jobs/jobs';
import { Scheduler } from './jobs/scheduler';
import express from 'express';
import { metricsRouter } from './observability/app-metrics';

const log = componentLogger('api');

async function main() {
  const config = loadConfig();
  // Before anything opens a connection: OTEL_EXPORTER_OTLP_ENDPOINT turns traces on.
  if (startTracing()) log.info('tracing to the OTLP endpoint');
  const runtime = await openRuntime(config);
  const embedded = runtime.storage.database.embedded;
  const operatorToken = embedded ? randomBytes(24).toString('hex') : process.env.OPERATOR_TOKEN;
  const services = await createServices(runtime);
  await listenForSessionChanges(runtime, services);
  const lifecycle = new Lifecycle();
  const app = createApp(runtime, services, {
    lifecycle,
    ...(operatorToken ? { operatorToken } : {}),
  });
  const metricsServer = config.metricsListener
    ? createServer(express().use(metricsRouter(runtime.metrics, 'open'))).listen(
        config.metricsListener.port,
        config.metricsListener.host,
        () => log.info({ ...config.metricsListener }, 'metrics listening'),
      )
    : null;
  const scheduler = new Scheduler();
  scheduler.start(backgroundJobs(services));
  const server = createServer(app).listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    if (embedded && operatorToken) {
      void writeRuntimeFile(config.dataDir, { pid: process.pid, port, operatorToken });
    }
    log.info(
      {
        url: config.publicUrl.replace(/:\d+$/, `:${port}`),
        database: embedded ? `embedded PGlite in ${config.dataDir}` : 'Postgres',
        eventStore: runtime.storage.eventStoreKind,
        projections: config.projectionsMode,
      },
      'listening',
    );
  });

  /**
   * SIGTERM: not ready at once, no new connections, requests and generations in flight finish
   * within the grace period; then the scheduler and the projection runner stop (at a batch
   * boundary) and the pools close. Only what still runs at the deadline is cut; the reconciler
   * settles those holds as it does after a crash.
   */
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const deadline = Date.now() + config.shutdownGraceMs;
    lifecycle.startDraining({ handOff: config.shutdownDrainMs > 0 });
    log.info(
      {
        signal,
        graceMs: config.shutdownGraceMs,
        drainMs: config.shutdownDrainMs,
        requestsInFlight: lifecycle.requestsInFlight,
        generationsInFlight: services.generations.inFlight.size,
      },
      'draining',
    );
    // Behind nginx: keep listening a while, handing every new request back unserved (GET 503,
    // else 421: nginx sends it to another replica and marks this one failed; see Lifecycle and
    // deploy/nginx.conf). Closing the listener at once
    // would reset the connections the kernel has queued but Node not yet accepted, and nginx
    // never replays a POST it has sent. In flight meanwhile: everything accepted before.
    if (config.shutdownDrainMs > 0)
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(config.shutdownDrainMs, config.shutdownGraceMs)),
      );
    // Stop listening, but leave open keep-alive connections alone: a request already on its way
    // over one is served (with `Connection: close`); idle ones end at their keep-alive timeout,
    // which clients know from the Keep-Alive header. (http's close() would reset them at once.)
    const closed = new Promise<void>((resolve) =>
      net.Server.prototype.close.call(server, () => resolve()),
    );
    const requestsDone = await lifecycle.requestsDone(deadline);
    const generations = [...services.generations.inFlight.values()].map((work) =>
      work.catch(() => undefined),
    );
    const generationsDone = await Promise.race([
      Promise.all(generations).then(() => true),
      new Promise<boolean>((resolve) =>
        setTimeout(() => resolve(false), Math.max(0, deadline - Date.now())).unref(),
      ),
    ]);
    if (!requestsDone || !generationsDone) {
      log.warn(
        {
          requestsInFlight: lifecycle.requestsInFlight,
          generationsInFlight: services.generations.inFlight.size,
        },
        'grace period over: cutting what still runs (the reconciler settles its holds)',
      );
    }
    await Promise.race([
      closed,
      new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref()),
    ]);
    server.closeAllConnections();
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    await scheduler.stop();
    if (embedded) await removeRuntimeFile(config.dataDir);
    await services.decodePool.close();
    await services.accounts.sessionCache.close();
    await services.accountSnapshots.close();
    await runtime.close();
    // The last spans (this shutdown's requests) go out before the process does.
    await stopTracing().catch(() => undefined);
    log.info({ clean: requestsDone && generationsDone }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'start-up failed');
  process.exit(1);
});
