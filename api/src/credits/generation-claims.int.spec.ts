import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { creditStreamId } from '@app/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../testing/accounts';
import { auditAfterSettling, burst, graphqlPost, jsonPost } from '../testing/burst';
import { fixturePhoto } from '../testing/fixtures';
import { ScriptedProvider } from '../testing/scripted-provider';
import { startTestApp, type TestApp } from '../testing/test-app';
import { CLAIM_MESSAGES } from './generation-claims';

type User = Awaited<ReturnType<typeof signedInUser>>;

describe('"Doesn\'t look like me": claiming a result\'s credits back', () => {
  let app: TestApp;
  let photo: Buffer;

  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_DECODE_QUEUE: '32' }, undefined, {
      provider: new ScriptedProvider(),
    });
    photo = await fs.readFile(fixturePhoto('chelsea.png'));
  });
  afterAll(async () => {
    await app?.close();
  });

  async function generate(user: User, count: number, style = 'ghibli'): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const form = new FormData();
      form.set('style', style);
      form.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'p.png');
      const response = await user.client.fetch('/api/generate-image', {
        method: 'POST',
        body: form,
      });
      expect(response.status).toBe(200);
      ids.push(((await response.json()) as { url: string }).url.split('/')[3]!);
    }
    return ids;
  }

  const claim = (user: User, id: string, reason: unknown, key?: string) =>
    user.client.fetch(`/api/generations/${id}/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify({ reason }),
    });

  const credits = async (user: User) =>
    (await user.client.graphql<{ me: { credits: number } }>('{ me { credits } }')).data!.me.credits;

  const refunds = async (userId: string) =>
    (await app.runtime.storage.store.readStream(creditStreamId(userId))).filter(
      (e) => e.type === 'CreditsRefunded',
    );

  it('within the window and the limits: refunds 5 credits once, by the user, with the reason; the result shows as claimed', async () => {
    const user = await signedInUser(app, 25);
    const [first] = await generate(user, 5);
    expect(await credits(user)).toBe(0);

    const key = randomUUID();
    const answer = await claim(user, first!, 'does_not_look_like_me', key);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({
      generationId: first,
      reason: 'does_not_look_like_me',
      credits: 5,
    });
    expect(await credits(user)).toBe(5);
    // The same request again (a retry with its key) answers the same and gives nothing more.
    expect((await claim(user, first!, 'does_not_look_like_me', key)).status).toBe(201);
    // A new request for the same result is refused.
    const again = await claim(user, first!, 'other');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      CLAIM_MESSAGES.alreadyClaimed,
    );

    const events = await refunds(user.userId);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      reservationId: first,
      amount: 5,
      claimReason: 'does_not_look_like_me',
    });
    expect(events[0]!.metadata.actor).toEqual({ kind: 'user', id: user.userId });
    expect(await credits(user)).toBe(5);

    const mine = await user.client.graphql<{
      myGenerations: { generations: { id: string; claim: { reason: string } | null }[] };
    }>('{ myGenerations { generations { id claim { reason credits } claimableUntil } } }');
    const claimed = mine.data!.myGenerations.generations.filter((g) => g.claim);
    expect(claimed).toEqual([
      expect.objectContaining({
        id: first,
        claim: { reason: 'DOES_NOT_LOOK_LIKE_ME', credits: 5 },
      }),
    ]);
    expect((await auditAfterSettling(app)).mismatches).toEqual([]);
  });

  it('10 concurrent claims on one generation refund once', async () => {
    const user = await signedInUser(app, 25);
    const [target] = await generate(user, 5);
    const { codes } = await burst(app.url, 10, (i) =>
      jsonPost(
        `/api/generations/${target}/claim`,
        { reason: i % 2 ? 'wrong_style' : 'broken_image' },
        user.client.cookieHeader(),
      ),
    );
    expect(codes).toEqual({ 201: 1, 409: 9 });
    expect(await refunds(user.userId)).toHaveLength(1);
    expect(await credits(user)).toBe(5);
  });

  it('concurrent claims on different results of one user: the 30-day limit holds (2 win)', async () => {
    const user = await signedInUser(app, 75);
    const ids = await generate(user, 15);
    const { codes } = await burst(app.url, 6, (i) =>
      graphqlPost(
        'mutation ($input: ClaimGenerationCreditsInput!) { claimGenerationCredits(input: $input) { credits } }',
        { input: { generationId: ids[i], reason: 'OTHER' } },
        user.client.cookieHeader(),
      ),
    );
    expect(codes).toEqual({ 200: 6 });
    expect(await refunds(user.userId)).toHaveLength(2);
    expect(await credits(user)).toBe(10);
  });

  it('the third claim in 30 days is refused with its message', async () => {
    const user = await signedInUser(app, 75);
    const ids = await generate(user, 15);
    expect((await claim(user, ids[0]!, 'wrong_style')).status).toBe(201);
    expect((await claim(user, ids[1]!, 'broken_image')).status).toBe(201);
    const third = await claim(user, ids[2]!, 'does_not_look_like_me');
    expect(third.status).toBe(409);
    expect(await third.json()).toMatchObject({ message: CLAIM_MESSAGES.tooManyRecent });
    expect(await refunds(user.userId)).toHaveLength(2);
  });

  it('a claim after 24 hours is refused with its message', async () => {
    const user = await signedInUser(app, 25);
    const [old] = await generate(user, 5);
    await app.database.pool.query(
      `UPDATE generation_requests SET completed_at = now() - interval '24 hours 1 minute' WHERE id = $1`,
      [old],
    );
    const late = await claim(user, old!, 'does_not_look_like_me');
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: CLAIM_MESSAGES.windowPassed });
    expect(await refunds(user.userId)).toHaveLength(0);
  });

  it("never more than 1 in 5 of the user's generations", async () => {
    const user = await signedInUser(app, 20);
    const ids = await generate(user, 4);
    const refused = await claim(user, ids[0]!, 'other');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: CLAIM_MESSAGES.tooManyOverall });
  });

  it("someone else's generation is refused like a missing id; a bad reason is refused; nothing changes", async () => {
    const owner = await signedInUser(app, 25);
    const [theirs] = await generate(owner, 5);
    const other = await signedInUser(app, 25);
    await generate(other, 5);
    const foreign = await claim(other, theirs!, 'other');
    const missing = await claim(other, randomUUID(), 'other');
    const malformed = await claim(other, 'not-an-id', 'other');
    for (const answer of [foreign, missing, malformed]) {
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ message: CLAIM_MESSAGES.notFound });
    }
    const badReason = await claim(owner, theirs!, 'ugly');
    expect(badReason.status).toBe(400);
    expect(((await badReason.json()) as { message: string }).message).toMatch(/Choose a reason/);
    const signedOut = await fetch(`${app.url}/api/generations/${theirs}/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'other' }),
    });
    expect(signedOut.status).toBe(401);
    expect(await refunds(owner.userId)).toHaveLength(0);
    expect(await refunds(other.userId)).toHaveLength(0);
  });

  it('staff see claims by style and reason; others are refused', async () => {
    const user = await signedInUser(app, 25);
    const [pixar] = await generate(user, 5, 'pixar');
    expect((await claim(user, pixar!, 'wrong_style')).status).toBe(201);
    const staff = await signedInUser(app);
    await app.services.accounts.users.setRoles(staff.userId, ['support']);
    const query = '{ staffGenerationClaims { style reason claims generations } }';
    const seen = await staff.client.graphql<{
      staffGenerationClaims: { style: string; reason: string; claims: number }[];
    }>(query);
    expect(seen.data!.staffGenerationClaims).toContainEqual(
      expect.objectContaining({ style: 'pixar', reason: 'WRONG_STYLE', claims: 1, generations: 5 }),
    );
    const refused = await user.client.graphql(query);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
