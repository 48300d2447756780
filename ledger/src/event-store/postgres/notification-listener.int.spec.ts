import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createScratchDatabase, type ScratchDatabase } from '../../testing/scratch-database';
import { NotificationListener } from './notification-listener';

// A LISTEN connection whose peer goes silent (a network cut: no FIN, no RST) is found dead by its
// heartbeat and replaced, instead of staying "listening" while it hears nothing.

/** A TCP proxy to Postgres that can stop forwarding without closing anything. */
async function freezableProxy(target: { host: string; port: number }) {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(target.port, target.host);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    inbound.on('data', (chunk) => frozen || outbound.write(chunk));
    outbound.on('data', (chunk) => frozen || inbound.write(chunk));
    inbound.on('end', () => outbound.end());
    outbound.on('end', () => inbound.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => (frozen = true),
    /** New connections flow again; the frozen ones stay silent. */
    thawForNewConnections: () => {
      const silent = new Set(sockets);
      frozen = false;
      for (const socket of silent) socket.removeAllListeners('data');
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const until = async (condition: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

// Over TCP to a Postgres server (DATABASE_URL); embedded PGlite has no connection to cut.
describe.skipIf(!process.env.DATABASE_URL)('a LISTEN connection that goes silent', () => {
  let database: ScratchDatabase;
  beforeAll(async () => {
    database = await createScratchDatabase(process.env.DATABASE_URL!);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('is found dead by its heartbeat, readers told to poll, and replaced by one that hears', async () => {
    const url = new URL(database.url);
    const proxy = await freezableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const viaProxy = Object.assign(new URL(database.url), { port: String(proxy.port) }).toString();
    const heard: string[] = [];
    let wakes = 0;
    const listener = new NotificationListener({
      connectionString: viaProxy,
      channel: 'heartbeat_spec',
      onWake: () => wakes++,
      onNotification: (payload) => heard.push(payload),
      heartbeatMs: 100,
      heartbeatTimeoutMs: 300,
      minBackoffMs: 20,
      // Retries while the proxy is frozen double the delay; at the default 5 s cap, the retry
      // after the thaw could come later than the wait below allows (it did once, on a loaded CI).
      maxBackoffMs: 200,
    });
    try {
      await listener.start();
      expect(listener.connected).toBe(true);
      proxy.freeze();
      const wakesBefore = wakes;
      await until(() => !listener.connected, 2_000);
      expect(wakes).toBeGreaterThan(wakesBefore);
      proxy.thawForNewConnections();
      await until(() => listener.connected && listener.connects === 2, 10_000);
      const notifier = new pg.Client({ connectionString: database.url });
      await notifier.connect();
      await notifier.query(`NOTIFY heartbeat_spec, 'after the cut'`);
      await notifier.end();
      await until(() => heard.includes('after the cut'));
    } finally {
      await listener.close();
      await proxy.close();
    }
  });
});
