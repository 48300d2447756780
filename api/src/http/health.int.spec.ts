import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Lifecycle } from '../composition/lifecycle';
import { startTestApp, type TestApp } from '../testing/test-app';
import { createApp } from './create-app';

describe('health endpoints', () => {
  let app: TestApp;
  let server: Server;
  let url: string;
  const lifecycle = new Lifecycle();
  beforeAll(async () => {
    app = await startTestApp();
    server = createServer(createApp(app.runtime, app.services, { lifecycle }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await app?.close();
  });

  it('live answers without looking at dependencies; ready checks database, event store and migrations', async () => {
    const live = await fetch(`${url}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'live' });

    const ready = await fetch(`${url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      database: true,
      eventStore: true,
      migrations: true,
      requestsInFlight: 0,
    });

    // /health keeps its shape.
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { ok: true } });
  });

  it('is not ready while a migration the code expects is missing', async () => {
    const pool = app.runtime.storage.database.pool;
    const { rows } = await pool.query<{ id: number; name: string; run_on: Date }>(
      'SELECT id, name, run_on FROM pgmigrations_ledger ORDER BY id DESC LIMIT 1',
    );
    const last = rows[0]!;
    await pool.query('DELETE FROM pgmigrations_ledger WHERE id = $1', [last.id]);
    try {
      const ready = await fetch(`${url}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'not ready', migrations: false });
      expect((await fetch(`${url}/health/live`)).status).toBe(200);
    } finally {
      await pool.query('INSERT INTO pgmigrations_ledger (id, name, run_on) VALUES ($1, $2, $3)', [
        last.id,
        last.name,
        last.run_on,
      ]);
    }
    expect((await fetch(`${url}/health/ready`)).status).toBe(200);
  });

  it('turns not ready when draining, while live and other requests still answer', async () => {
    lifecycle.startDraining();
    const ready = await fetch(`${url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'draining' });
    expect((await fetch(`${url}/health/live`)).status).toBe(200);
    const plans = await fetch(`${url}/api/subscription-plans`);
    expect(plans.status).toBe(200);
    // Keep-alive ends: the client's next request goes to another replica.
    expect(plans.headers.get('connection')).toBe('close');
  });
});
