import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../testing/accounts';
import { fixturePhoto } from '../testing/fixtures';
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../testing/local-s3';
import { startTestApp, type TestApp } from '../testing/test-app';
import { S3BlobStore } from './s3-blob-store';

describe('generation with BLOB_STORE=s3', () => {
  let s3: LocalS3;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3();
    app = await startTestApp(s3.env);
  });
  afterAll(async () => {
    await app?.close();
    await s3?.stop();
  });

  it('keeps the upload and the result in the bucket, where another replica reads them', async () => {
    const { client } = await signedInUser(app, 5);
    const form = new FormData();
    form.set('style', 'anime');
    const photo = await fs.readFile(fixturePhoto('chelsea.png'));
    form.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'c.png');
    const response = await client.fetch('/api/generate-image', { method: 'POST', body: form });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const served = Buffer.from(await (await client.fetch(url)).arrayBuffer());
    expect((await sharp(served).metadata()).width).toBe(1024);

    // Another replica: its own client on the same bucket, nothing shared in memory or on disk.
    const other = new S3BlobStore({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: LOCAL_S3_CREDENTIALS,
    });
    const results = await other.list('results/');
    expect(results).toHaveLength(1);
    const stored = await other.get(results[0]!.key);
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.data.equals(served)).toBe(true);
    // The uploaded photo is deleted once the result is stored (the photo promise).
    expect(await other.list('uploads/')).toEqual([]);
    // Nothing went to local disk.
    await expect(fs.access(path.join(app.runtime.config.dataDir, 'blobs'))).rejects.toThrow();
  });
});
