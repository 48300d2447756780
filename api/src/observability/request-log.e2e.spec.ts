import fs from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eServer, type E2eServer } from '../testing/e2e-server';
import { fixturePhoto } from '../testing/fixtures';
import { HttpClient } from '../testing/http-client';
import { requestLogger } from './request-log';

interface LogLine {
  level: string;
  msg: string;
  component?: string;
  req?: { id: string; method: string; path: string };
  res?: { status: number };
  route?: string;
  operation?: string;
  userId?: string;
  durationMs?: number;
  requestId?: string;
}

const parseLines = (output: string): LogLine[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

describe('request logs of the real server', () => {
  let server: E2eServer;
  beforeAll(async () => {
    // The test plays the balancer on loopback: X-Request-Id is believed only from a trusted proxy.
    server = await startE2eServer({
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      PAYMENTS: 'local',
      TRUST_PROXY: 'loopback',
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('writes one line per request with id, route, status and duration, and no secret or personal data', async () => {
    const label = randomUUID().slice(0, 8);
    const email = `logged-${label}@example.com`;
    const password = `pw-${randomUUID()}`;
    const prompt = `a knight riding a zebra ${randomUUID()}`;
    const requests: { id: string; route: string; status: number; userId?: boolean }[] = [];
    const seen = (response: Response, route: string, userId = false) => {
      const id = response.headers.get('x-request-id');
      expect(id).toBeTruthy();
      requests.push({ id: id!, route, status: response.status, userId });
    };

    const api = new HttpClient(server.url);
    const registered = await api.json('/api/auth/register', {
      email,
      password,
      username: `log_${label}`,
    });
    seen(registered, '/api/auth/register');
    const { token, user } = (await registered.json()) as { token: string; user: { id: string } };

    const browser = new HttpClient(server.url);
    const login = await browser.json('/api/auth/login', { email, password });
    seen(login, '/api/auth/login');
    const sessionCookie = browser.cookie('sa_session');
    expect(sessionCookie).toBeTruthy();

    // The password-related request: a wrong password is refused, and neither password is logged.
    const wrongPassword = `wrong-${randomUUID()}`;
    const refused = await new HttpClient(server.url).json('/api/auth/login', {
      email,
      password: wrongPassword,
    });
    expect(refused.status).toBe(401);
    seen(refused, '/api/auth/login');

    api.bearer = token;
    const form = new FormData();
    form.set('style', 'anime');
    form.set('prompt', prompt);
    form.set(
      'profileImage',
      new Blob([new Uint8Array(await fs.readFile(fixturePhoto('chelsea.png')))], {
        type: 'image/png',
      }),
      'chelsea.png',
    );
    const generated = await api.fetch('/api/generate-image?token=not-in-logs', {
      method: 'POST',
      body: form,
    });
    expect(generated.status).toBe(200);
    seen(generated, '/api/generate-image', true);

    const checkout = await browser.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
      body: JSON.stringify({
        operationName: 'BuyPro',
        query: 'mutation BuyPro { createSubscriptionCheckout(planId: "pro") { url } }',
      }),
    });
    seen(checkout, '/graphql', true);
    const { url } = (
      (await checkout.json()) as { data: { createSubscriptionCheckout: { url: string } } }
    ).data.createSubscriptionCheckout;
    const paid = await browser.fetch(`${url}/pay`, { method: 'POST' });
    expect(paid.status).toBe(303);
    seen(paid, 'purchase', true);

    // A GraphQL error carries the request id; a trusted proxy's X-Request-Id is kept.
    const failed = await api.fetch('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-graphql-yoga-csrf': '1',
        'x-request-id': `proxy-${label}`,
      },
      body: JSON.stringify({ query: 'query Broken { nothingHere }' }),
    });
    expect(failed.headers.get('x-request-id')).toBe(`proxy-${label}`);
    const failedBody = (await failed.json()) as {
      errors: { extensions?: { requestId?: string } }[];
    };
    expect(failedBody.errors[0]?.extensions?.requestId).toBe(`proxy-${label}`);
    // Validation fails before the viewer is looked up: no user id on this one.
    seen(failed, '/graphql');

    // Lines are written when each response ends; give the pipe a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const output = server.api.output();
    const lines = parseLines(output).filter((line) => line.msg?.startsWith('request '));
    for (const request of requests) {
      const matching = lines.filter((line) => line.req?.id === request.id);
      expect(matching, `one line for ${request.route}`).toHaveLength(1);
      const [line] = matching;
      expect(line!.res?.status).toBe(request.status);
      expect(typeof line!.durationMs).toBe('number');
      if (request.route !== 'purchase') expect(line!.route).toBe(request.route);
      else expect(line!.route).toMatch(/^\/billing\/checkout\/:/);
      if (request.userId) expect(line!.userId, JSON.stringify(line)).toBe(user.id);
    }
    const checkoutLine = lines.find((line) => line.req?.id === requests[4]!.id);
    expect(checkoutLine?.operation).toBe('BuyPro');
    expect(lines.find((line) => line.req?.id === `proxy-${label}`)?.operation).toBe('Broken');

    // On the embedded database (no DATABASE_URL) mail is printed whole, address and link, by
    // design (README, Account care): that block is the local mailbox, not the request log.
    const logged = output.replace(/^\[outbox\] mail to .*\n(?: {2}\|.*\n?)*/gm, '');
    for (const secret of [password, wrongPassword, token, sessionCookie!, email, prompt]) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).not.toContain('not-in-logs');
  }, 120_000);
});

describe('the request id', () => {
  it('is generated when the caller is not a trusted proxy', async () => {
    const log = requestLogger(() => false);
    const server = createServer((request, response) =>
      log(request, response, () => response.end('ok')),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { 'x-request-id': 'forged-by-client' },
      });
      const id = response.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(id).not.toBe('forged-by-client');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
