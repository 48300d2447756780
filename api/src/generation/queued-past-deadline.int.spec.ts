import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditStreamId } from '@app/ledger';
import { signedInUser } from '../testing/accounts';
import { fixturePhoto } from '../testing/fixtures';
import type { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import type { ImageProvider, ProviderOutcome } from './engine/image-provider';
import { LocalImageProvider } from './engine/local/local-provider';
import { GenerationRecovery } from './generation-recovery';

// A generation that waits in one replica's provider queue past its deadline may be settled by
// another replica's recovery meanwhile: it is then never sent to the image service (a cost with
// no one to pay it). One that reaches the service starts its deadline again.

/** The local engine, whose submits wait while the gate is closed; counts what it is sent. */
class GatedProvider implements ImageProvider {
  readonly name = 'gated';
  readonly submitted: string[] = [];
  private open: () => void = () => undefined;
  private readonly opened = new Promise<void>((resolve) => (this.open = resolve));
  constructor(private readonly engine = new LocalImageProvider()) {}
  openGate() {
    this.open();
  }
  async submit(input: Parameters<ImageProvider['submit']>[0]) {
    this.submitted.push(input.generationId);
    await this.opened;
    return this.engine.submit(input);
  }
  wait(predictionId: string, signal: AbortSignal): Promise<ProviderOutcome> {
    return this.engine.wait(predictionId, signal);
  }
  check(predictionId: string): Promise<ProviderOutcome> {
    return this.engine.check(predictionId);
  }
}

describe('a generation queued past its deadline', () => {
  let app: TestApp;
  const provider = new GatedProvider();
  beforeAll(async () => {
    app = await startTestApp({ PROVIDER_CONCURRENCY: '1' }, undefined, { provider });
  });
  afterAll(async () => {
    provider.openGate();
    await app?.close();
  });

  async function generate(client: HttpClient, key: string) {
    const form = new FormData();
    form.set('style', 'chibi');
    const photo = await fs.readFile(fixturePhoto('chelsea.png'));
    form.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'c.png');
    return client.fetch('/api/generate-image', {
      method: 'POST',
      body: form,
      headers: { 'idempotency-key': key },
    });
  }

  it('is not sent to the image service once another replica settled it; the one ahead is served', async () => {
    const { client, userId } = await signedInUser(app, 10);
    const first = generate(client, 'queued-first');
    while (provider.submitted.length === 0) await new Promise((r) => setTimeout(r, 20));
    const second = generate(client, 'queued-second');
    const pool = app.database.pool;
    let queued: string | undefined;
    while (!queued) {
      const rows = await pool.query<{ id: string }>(
        `SELECT id FROM generation_requests WHERE user_id = $1 AND idempotency_key = 'queued-second'`,
        [userId],
      );
      queued = rows.rows[0]?.id;
      await new Promise((r) => setTimeout(r, 20));
    }
    // Its deadline passes while it waits; another replica's recovery (not running it) settles it.
    await pool.query(
      `UPDATE generation_requests SET deadline = now() - interval '1 second' WHERE id = $1`,
      [queued],
    );
    const services = app.services;
    const otherReplica = new GenerationRecovery(
      services.ledger,
      Object.assign(Object.create(services.generations), { inFlight: new Map() }),
      provider,
      services.blobs,
    );
    const report = await otherReplica.run();
    expect(report.released).toBeGreaterThanOrEqual(1);

    provider.openGate();
    expect((await first).status).toBe(200);
    const refused = await second;
    expect(refused.status).toBe(502);
    expect(provider.submitted).toHaveLength(1);
    const { state } = await services.ledger.credits.read(creditStreamId(userId));
    expect(Object.keys(state.holds)).toEqual([]);
  });
});
