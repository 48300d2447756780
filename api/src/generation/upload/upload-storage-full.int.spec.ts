import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCreditBalance } from '@app/projections';
import { signedInUser } from '../../testing/accounts';
import { fixturePhoto } from '../../testing/fixtures';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { UPLOAD_MESSAGES } from './sanitize-upload';
import { filesUnder, graphqlUpload, restUpload } from '../../testing/photo-uploads';

/** A real filesystem of 512 KB (a tmpfs, as in docker-compose), or null where mounting needs root we lack. */
function mountTinyTmpfs(folder: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512k,mode=0700', 'tmpfs', folder], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

describe('a full upload folder', () => {
  let app: TestApp;
  let uploadDir: string;
  let mounted = false;

  beforeAll(async () => {
    uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'upload-full-'));
    mounted = mountTinyTmpfs(uploadDir);
    app = await startTestApp({ UPLOAD_TMP_DIR: uploadDir });
  });
  afterAll(async () => {
    await app?.close();
    if (mounted) execFileSync('umount', [uploadDir]);
    await fs.rm(uploadDir, { recursive: true, force: true });
  });

  it('refuses a photo it has no room for with 503 and Retry-After; nothing held, no file left, counted', async (context) => {
    if (!mounted) context.skip('mounting a tmpfs needs root');
    const { client, userId } = await signedInUser(app, 5);
    const tooBig = await fs.readFile(fixturePhoto('astronaut.png')); // 773 KB > 512 KB
    const response = await restUpload(client, tooBig);

    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({
      code: 'UPLOADS_UNAVAILABLE',
      message: UPLOAD_MESSAGES.storageFull,
    });
    expect(await getCreditBalance(app.database.pool, userId)).toMatchObject({
      available: 5,
      held: 0,
    });
    expect(await filesUnder(uploadDir)).toEqual([]);
    const refused = await app.services.metrics.uploadsRefused.get();
    expect(refused.values).toContainEqual(
      expect.objectContaining({ labels: { reason: 'storage_full' }, value: 1 }),
    );

    // The folder itself works: a photo that fits goes through.
    const fits = await restUpload(client, await fs.readFile(fixturePhoto('chelsea.png')));
    expect(fits.status).toBe(200);
  });

  it('refuses a GraphQL upload it has no room for the same way', async (context) => {
    if (!mounted) context.skip('mounting a tmpfs needs root');
    const { client, userId } = await signedInUser(app, 5);
    const response = await graphqlUpload(client, await fs.readFile(fixturePhoto('astronaut.png')));

    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await response.json()) as {
      errors: { message: string; extensions: { code: string } }[];
    };
    expect(body.errors[0]).toMatchObject({
      message: UPLOAD_MESSAGES.storageFull,
      extensions: { code: 'UPLOADS_UNAVAILABLE' },
    });
    expect(await getCreditBalance(app.database.pool, userId)).toMatchObject({
      available: 5,
      held: 0,
    });
    expect(await filesUnder(uploadDir)).toEqual([]);

    const fits = await graphqlUpload(client, await fs.readFile(fixturePhoto('chelsea.png')));
    expect(((await fits.json()) as { errors?: unknown }).errors).toBeUndefined();
  });
});
