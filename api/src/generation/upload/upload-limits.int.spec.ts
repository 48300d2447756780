import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INSUFFICIENT_CREDITS_MESSAGE } from '@app/ledger';
import { getCreditBalance } from '@app/projections';
import { signedInUser } from '../../testing/accounts';
import { fixturePhoto } from '../../testing/fixtures';
import { pathologicalPng } from '../../testing/pathological-png';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { DECODE_BUSY_MESSAGE } from './decode-queue';
import { UPLOAD_MESSAGES } from './sanitize-upload';
import { filesUnder, graphqlUpload, restUpload } from '../../testing/photo-uploads';

describe('uploads cannot starve the server', () => {
  let app: TestApp;
  let uploadDir: string;
  const bomb = pathologicalPng(); // 1 × 39,000,000: seconds of decoding, under the pixel limit

  beforeAll(async () => {
    uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'upload-limits-'));
    // One decode process, one place in the queue, and a short time limit per image.
    app = await startTestApp({
      UPLOAD_DECODE_CONCURRENCY: '1',
      UPLOAD_DECODE_QUEUE: '1',
      UPLOAD_DECODE_TIMEOUT_MS: '1500',
      UPLOAD_TMP_DIR: uploadDir,
    });
  });
  afterEach(async () => {
    // REST and GraphQL uploads are written to files as they arrive: whatever the answer, none is kept.
    await expect.poll(() => filesUnder(uploadDir), { timeout: 2_000 }).toEqual([]);
  });
  afterAll(async () => {
    await app?.close();
    await fs.rm(uploadDir, { recursive: true, force: true });
  });

  it('a user without credits is answered from the balance, before any pixel is decoded', async () => {
    const { client, userId } = await signedInUser(app, 0);
    const before = app.services.decodePool.started;
    const responses = await Promise.all([restUpload(client, bomb), restUpload(client, bomb)]);
    for (const response of responses) {
      expect(response.status).toBe(402);
      expect((await response.json()).message).toBe(INSUFFICIENT_CREDITS_MESSAGE);
    }
    expect(app.services.decodePool.started).toBe(before);
    expect((await getCreditBalance(app.database.pool, userId)).available).toBe(0);
  });

  it('a decode past its time limit is stopped and refused; nothing is held and the next photo works', async () => {
    const { client, userId } = await signedInUser(app, 5);
    const response = await restUpload(client, bomb);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      code: 'UPLOAD_TOO_SLOW',
      message: UPLOAD_MESSAGES.tooSlow,
    });
    expect(await getCreditBalance(app.database.pool, userId)).toMatchObject({
      available: 5,
      held: 0,
    });
    // The killed decode process is replaced: an ordinary photo goes through.
    const photo = await fs.readFile(fixturePhoto('chelsea.png'));
    const ok = await restUpload(client, photo);
    expect(ok.status).toBe(200);
  });

  it('when the decode queue is full, uploads are refused with 503 and Retry-After (REST and GraphQL)', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => signedInUser(app, 5)));
    // One decoding, one waiting: the other two find the queue full.
    const responses = await Promise.all([
      restUpload(users[0]!.client, bomb),
      restUpload(users[1]!.client, bomb),
      restUpload(users[2]!.client, bomb),
      graphqlUpload(users[3]!.client, bomb),
    ]);
    const outcomes = await Promise.all(
      responses.map(async (response) => {
        const body = (await response.json()) as {
          code?: string;
          message?: string;
          errors?: { message: string; extensions: { code: string } }[];
        };
        return {
          status: response.status,
          retryAfter: Number(response.headers.get('retry-after')),
          code: body.code ?? body.errors?.[0]?.extensions.code,
          message: body.message ?? body.errors?.[0]?.message,
        };
      }),
    );
    const codes = outcomes.map((outcome) => outcome.code).sort();
    expect(codes).toEqual(['SERVER_BUSY', 'SERVER_BUSY', 'UPLOAD_TOO_SLOW', 'UPLOAD_TOO_SLOW']);
    for (const busy of outcomes.filter((outcome) => outcome.code === 'SERVER_BUSY')) {
      expect(busy).toMatchObject({ status: 503, message: DECODE_BUSY_MESSAGE });
      expect(busy.retryAfter).toBeGreaterThan(0);
    }
    for (const { userId } of users)
      expect((await getCreditBalance(app.database.pool, userId)).available).toBe(5);
  });
});
