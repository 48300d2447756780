import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HANDOFF_HEADER, Lifecycle } from './lifecycle';

/** A real HTTP server whose handler runs only for requests the lifecycle lets through. */
async function serve(lifecycle: Lifecycle) {
  let served = 0;
  const server: Server = createServer((request, response) => {
    if (lifecycle.track(request, response)) return;
    served++;
    request.resume();
    request.on('end', () => response.end('served'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, served: () => served, server };
}

describe('a draining process hands new requests back to the balancer', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it('answers GET 503, other methods 421 and a handed-off request 503, serving none of them', async () => {
    const lifecycle = new Lifecycle();
    const app = await serve(lifecycle);
    server = app.server;
    expect((await fetch(`${app.url}/graphql`, { method: 'POST', body: '{}' })).status).toBe(200);
    lifecycle.startDraining({ handOff: true });

    const get = await fetch(`${app.url}/api/auth/user`);
    const post = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      body: 'x'.repeat(200_000),
    });
    const again = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { [HANDOFF_HEADER]: '1' },
      body: '{}',
    });
    expect([get.status, post.status, again.status]).toEqual([503, 421, 503]);
    expect(post.headers.get('connection')).toBe('close');
    expect(await post.json()).toMatchObject({ status: 'draining' });
    // Probes and scrapes still reach their handlers (readiness answers "draining" itself).
    expect((await fetch(`${app.url}/health/ready`)).status).toBe(200);
    expect(app.served()).toBe(2);
    expect(lifecycle.requestsInFlight).toBe(0);
  });

  it('without hand-off serves every request, with Connection: close', async () => {
    const lifecycle = new Lifecycle();
    const app = await serve(lifecycle);
    server = app.server;
    lifecycle.startDraining();
    const response = await fetch(`${app.url}/graphql`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect(app.served()).toBe(1);
  });
});
