import fs from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../testing/accounts';
import { fixturePhoto } from '../testing/fixtures';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { createApp } from '../http/create-app';
import type {
  GenerationInput,
  ImageProvider,
  ProviderOutcome,
} from '../generation/engine/image-provider';
import { LocalImageProvider } from '../generation/engine/local/local-provider';

const OPERATOR_TOKEN = 'operator-token-for-metrics-tests-0123456789';

/** The local engine, except that every 'anime' generation fails at the image service. */
class AnimeFailsProvider implements ImageProvider {
  readonly name = 'local';
  private readonly local = new LocalImageProvider();
  private readonly failing = new Set<string>();
  async submit(input: GenerationInput) {
    const submission = await this.local.submit(input);
    if (input.style === 'anime') this.failing.add(submission.predictionId);
    return submission;
  }
  async wait(predictionId: string, signal?: AbortSignal): Promise<ProviderOutcome> {
    if (this.failing.has(predictionId))
      return { status: 'failed', code: 'PROVIDER_FAILED', message: 'The model refused' };
    return this.local.wait(predictionId, signal);
  }
  check(predictionId: string) {
    return this.wait(predictionId);
  }
}

/** Prometheus text → value of one series (labels in any order), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const match = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const found = Object.fromEntries(
      [...(match[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value))
      return Number(match[2]);
  }
  return 0;
}

describe('metrics', () => {
  let app: TestApp;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    app = await startTestApp({ PAYMENTS: 'local' }, undefined, {
      provider: new AnimeFailsProvider(),
    });
    server = createServer(createApp(app.runtime, app.services, { operatorToken: OPERATOR_TOKEN }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await app?.close();
  });

  const scrape = async () => {
    const response = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    return response.text();
  };

  it('counts exactly the credits and generations of a known sequence', async () => {
    const before = await scrape();
    const delta = (text: string, name: string, labels: Record<string, string> = {}) =>
      sample(text, name, labels) - sample(before, name, labels);

    // Register (5 granted), then two generations: one failed, one delivered (held 10, spent 5, released 5).
    const customer = await signedInUser(app);
    const client = new HttpClient(url);
    client.bearer = customer.token;
    const photo = new Uint8Array(await fs.readFile(fixturePhoto('chelsea.png')));
    const generate = async (style: string) => {
      const form = new FormData();
      form.set('style', style);
      form.set('profileImage', new Blob([photo], { type: 'image/png' }), 'photo.png');
      return client.fetch('/api/generate-image', { method: 'POST', body: form });
    };
    expect((await generate('anime')).status).toBe(502);
    const delivered = await generate('pixar');
    expect(delivered.status).toBe(200);
    const generationId = /generations\/([^/]+)\//.exec(
      ((await delivered.json()) as { url: string }).url,
    )![1]!;

    // A purchase through the local checkout (Pro: 300 purchased), delivered as a webhook.
    const checkout = await client.graphql<{ createSubscriptionCheckout: { url: string } }>(
      'mutation { createSubscriptionCheckout(planId: "pro") { url } }',
    );
    const paid = await client.fetch(`${checkout.data!.createSubscriptionCheckout.url}/pay`, {
      method: 'POST',
    });
    expect(paid.status).toBe(303);

    // A refund of the delivered generation by support staff (5 refunded).
    const staff = await signedInUser(app);
    await app.services.accounts.users.setRoles(staff.userId, ['support']);
    const refunded = await staff.client.graphql(
      `mutation ($input: RefundGenerationInput!) { staffRefundGeneration(input: $input) { id } }`,
      { input: { generationId, reason: 'Blurry result' } },
    );
    expect(refunded.errors).toBeUndefined();

    const after = await scrape();
    expect(delta(after, 'credits_moved_total', { kind: 'granted' })).toBe(10); // two signups
    expect(delta(after, 'credits_moved_total', { kind: 'held' })).toBe(10);
    expect(delta(after, 'credits_moved_total', { kind: 'spent' })).toBe(5);
    expect(delta(after, 'credits_moved_total', { kind: 'released' })).toBe(5);
    expect(delta(after, 'credits_moved_total', { kind: 'purchased' })).toBe(300);
    expect(delta(after, 'credits_moved_total', { kind: 'refunded' })).toBe(5);
    expect(delta(after, 'credits_moved_total', { kind: 'expired' })).toBe(0);

    const local = { provider: 'local' };
    expect(delta(after, 'generations_started_total', { style: 'pixar', ...local })).toBe(1);
    expect(delta(after, 'generations_started_total', { style: 'anime', ...local })).toBe(1);
    expect(delta(after, 'generations_succeeded_total', { style: 'pixar', ...local })).toBe(1);
    expect(delta(after, 'generations_succeeded_total', { style: 'anime', ...local })).toBe(0);
    expect(
      delta(after, 'generations_failed_total', {
        style: 'anime',
        code: 'PROVIDER_FAILED',
        ...local,
      }),
    ).toBe(1);
    expect(delta(after, 'generation_duration_seconds_count', { outcome: 'failed', ...local })).toBe(
      1,
    );
    // The local checkout delivers what Stripe would (checkout completed, invoice paid), each once.
    const { rows } = await app.services.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM stripe_events WHERE processed_at IS NOT NULL`,
    );
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(2);
    expect(
      delta(after, 'webhook_deliveries_total', { outcome: 'processed' }) +
        delta(after, 'webhook_deliveries_total', { outcome: 'ignored' }),
    ).toBe(Number(rows[0]!.n));
    expect(delta(after, 'webhook_deliveries_total', { outcome: 'failed' })).toBe(0);

    // Requests by route pattern and status, GraphQL by operation, appends, pool and lag.
    expect(
      delta(after, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/generate-image',
        status: '502',
      }),
    ).toBe(1);
    expect(
      delta(after, 'graphql_operation_duration_seconds_count', {
        operation: 'anonymous',
        type: 'mutation',
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      delta(after, 'event_store_append_duration_seconds_count', {
        category: 'credits',
        outcome: 'ok',
      }),
    ).toBeGreaterThan(0);
    expect(after).toMatch(/^db_pool_connections\{state="in_use"\} \d+/m);
    expect(after).toMatch(/^projection_lag_seconds\{projection="[\w_]+"\} [\d.e-]+/m);
    expect(after).toMatch(/^process_cpu_seconds_total /m);
    expect(after).toMatch(/^generation_queue_depth 0/m);
  });

  it('refuses anyone without the operator token, signed in or not', async () => {
    const user = await signedInUser(app);
    const client = new HttpClient(url);
    client.bearer = user.token;
    const signedIn = await client.fetch('/metrics');
    expect(signedIn.status).toBe(401);
    expect(await signedIn.text()).not.toContain('credits_moved_total');
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status,
    ).toBe(401);
    // Without an operator token configured, there is no /metrics on the public port at all.
    expect((await fetch(`${app.url}/metrics`)).status).toBe(404);
  });
});
