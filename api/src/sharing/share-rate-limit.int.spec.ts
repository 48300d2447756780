import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationStreamId } from '@app/ledger';
import { signedInUser } from '../testing/accounts';
import type { TestApp } from '../testing/test-app';
import { generate, startSharingApp } from './testing/sharing-setup';

const LIMIT = 2;

describe('share links per account', { timeout: 240_000 }, () => {
  let app: TestApp;
  let photo: Buffer;

  beforeAll(async () => {
    ({ app, photo } = await startSharingApp({ SHARE_LINKS_PER_ACCOUNT_PER_HOUR: String(LIMIT) }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a burst of concurrent new links opens exactly the limit; the rest get 429 with a clear message', async () => {
    const owner = await signedInUser(app, 20);
    const generationIds: string[] = [];
    for (let i = 0; i < LIMIT + 2; i++) generationIds.push(await generate(owner.client, photo));

    const answers = await Promise.all(
      generationIds.map((id) =>
        owner.client.fetch(`/api/generations/${id}/share`, { method: 'POST' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(await refused.json()).toMatchObject({
      message: expect.stringMatching(/many share links in the last hour.*try again in \d+ min/),
    });

    // Only the links let through are in the log.
    let sharedStreams = 0;
    for (const id of generationIds) {
      const events = await app.services.ledger.store.readStream(generationStreamId(id));
      if (events.some((event) => event.type === 'GenerationShared')) sharedStreams++;
    }
    expect(sharedStreams).toBe(LIMIT);

    // Asking again for a link already open is not a new link: it is answered, not refused.
    const openId = generationIds[statuses.indexOf(201)]!;
    const again = await owner.client.fetch(`/api/generations/${openId}/share`, { method: 'POST' });
    expect(again.status).toBe(201);

    // GraphQL refuses a new one with the same code.
    const refusedId = generationIds[statuses.indexOf(429)]!;
    const viaGraphql = await owner.client.graphql(
      'mutation ($input: ShareGenerationInput!) { shareGeneration(input: $input) { id } }',
      { input: { generationId: refusedId } },
    );
    expect(viaGraphql.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });

    // The limit is the account's: another account shares at once.
    const other = await signedInUser(app);
    const othersGeneration = await generate(other.client, photo);
    const othersShare = await other.client.fetch(`/api/generations/${othersGeneration}/share`, {
      method: 'POST',
    });
    expect(othersShare.status).toBe(201);
  });
});
