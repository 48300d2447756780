import fs from 'node:fs/promises';
import { creditStreamId } from '@app/ledger';
import { listCreditHistory } from '@app/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ImageProvider,
  GenerationInput,
  ProviderOutcome,
} from '../generation/engine/image-provider';
import { LocalImageProvider } from '../generation/engine/local/local-provider';
import { signedInUser } from '../testing/accounts';
import { fixturePhoto } from '../testing/fixtures';
import type { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';

/** The local engine, except that the generations it is told to fail fail. */
class SometimesFailingProvider implements ImageProvider {
  readonly name = 'sometimes-failing';
  failNext = false;
  private readonly local = new LocalImageProvider();
  private readonly failing = new Set<string>();
  async submit(input: GenerationInput) {
    const submission = await this.local.submit(input);
    if (this.failNext) this.failing.add(submission.predictionId);
    this.failNext = false;
    return submission;
  }
  async wait(predictionId: string, signal?: AbortSignal): Promise<ProviderOutcome> {
    if (this.failing.has(predictionId))
      return { status: 'failed', code: 'PROVIDER_FAILED', message: 'The model gave up' };
    return this.local.wait(predictionId, signal);
  }
  async check(predictionId: string): Promise<ProviderOutcome> {
    return this.wait(predictionId);
  }
}

const generate = async (client: HttpClient, style: string) => {
  const form = new FormData();
  form.set('style', style);
  form.set(
    'profileImage',
    new Blob([new Uint8Array(await fs.readFile(fixturePhoto('chelsea.png')))], {
      type: 'image/png',
    }),
    'cat.png',
  );
  return client.fetch('/api/generate-image', { method: 'POST', body: form });
};

type Row = {
  label: string;
  delta: number;
  balanceAfter: number;
  inProgress: boolean;
  type: string;
};

const HISTORY = `query ($first: Int, $before: String) {
  myCreditHistory(first: $first, before: $before) {
    movements { label delta balanceAfter inProgress type }
    nextCursor
  }
}`;

describe("a user's credit history", () => {
  let app: TestApp;
  const provider = new SometimesFailingProvider();
  beforeAll(async () => {
    app = await startTestApp({}, undefined, { provider });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has one row per generation with the running balance, and nothing for a failed one; staff still see every movement', async () => {
    const { client, userId } = await signedInUser(app, 15);

    provider.failNext = true;
    expect((await generate(client, 'pixar')).status).toBeGreaterThanOrEqual(500);
    expect((await generate(client, 'ghibli')).status).toBe(200);
    expect((await generate(client, 'snoopy')).status).toBe(200);
    await app.settle();

    const { data, errors } = await client.graphql<{
      myCreditHistory: { movements: Row[]; nextCursor: string | null };
    }>(HISTORY, { first: 20 });
    expect(errors).toBeUndefined();
    expect(
      data!.myCreditHistory.movements.map((row) => [row.label, row.delta, row.balanceAfter]),
    ).toEqual([
      ['Snoopy comic image', -5, 5],
      ['Ghibli image', -5, 10],
      ['Credits added', 10, 15],
      ['Welcome credits', 5, 5],
    ]);
    expect(data!.myCreditHistory.movements.every((row) => !row.inProgress)).toBe(true);
    expect(data!.myCreditHistory.nextCursor).toBeNull();

    // Pages are cut on the same rows.
    const first = await client.graphql<{
      myCreditHistory: { movements: Row[]; nextCursor: string | null };
    }>(HISTORY, { first: 1 });
    expect(first.data!.myCreditHistory.movements.map((row) => row.label)).toEqual([
      'Snoopy comic image',
    ]);
    const second = await client.graphql<{
      myCreditHistory: { movements: Row[]; nextCursor: string | null };
    }>(HISTORY, { first: 2, before: first.data!.myCreditHistory.nextCursor });
    expect(second.data!.myCreditHistory.movements.map((row) => row.label)).toEqual([
      'Ghibli image',
      'Credits added',
    ]);

    // The full history (staff) keeps the holds and the release.
    const full = await listCreditHistory(app.database.pool, { userId }, { first: 50 });
    expect(full.movements.map((movement) => movement.type)).toEqual([
      'CreditsSpent',
      'CreditsReserved',
      'CreditsSpent',
      'CreditsReserved',
      'CreditsReleased',
      'CreditsReserved',
      'CreditsGranted',
      'CreditsGranted',
    ]);
  });

  it('shows a running generation as credits on hold, once', async () => {
    const { client, userId } = await signedInUser(app, 5);
    // A hold whose generation has not settled yet, as the service takes it before the provider.
    const result = await app.services.ledger.credits.handle(
      creditStreamId(userId),
      {
        type: 'HoldCredits',
        data: {
          userId,
          reservationId: '00000000-0000-4000-8000-000000000001',
          generationId: '00000000-0000-4000-8000-000000000001',
          amount: 5,
          deadline: new Date(Date.now() + 600_000),
        },
      },
      {
        now: new Date(),
        actor: { kind: 'system', id: 'test' },
        reason: 'Generation ghibli',
        correlationId: 'hold-test',
        idempotencyKey: 'hold-test',
      },
    );
    await app.services.projections.waitFor(result.position);
    const { data } = await client.graphql<{ myCreditHistory: { movements: Row[] } }>(HISTORY, {
      first: 5,
    });
    const [running, welcome] = data!.myCreditHistory.movements;
    expect(running).toMatchObject({ inProgress: true, delta: 0, balanceAfter: 5 });
    expect(welcome).toMatchObject({ label: 'Welcome credits', inProgress: false });
  });
});
