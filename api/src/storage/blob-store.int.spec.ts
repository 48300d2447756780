import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../testing/local-s3';
import type { BlobStore } from './blob-store';
import { LocalDiskBlobStore } from './local-disk-blob-store';
import { S3BlobStore } from './s3-blob-store';

/** One behaviour for every blob store: what the generation pipeline and the sweeps rely on. */
function blobStoreConformance(
  name: string,
  open: () => Promise<{ store: BlobStore; close(): Promise<void> }>,
) {
  describe(`${name} blob store`, () => {
    let store: BlobStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(async () => {
      await close?.();
    });

    it('puts, reads back with its content type, and deletes', async () => {
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
      await store.put('results/a.png', png, 'image/png');
      expect(await store.exists('results/a.png')).toBe(true);
      const blob = await store.get('results/a.png');
      expect(blob?.data.equals(png)).toBe(true);
      expect(blob?.contentType).toBe('image/png');
      await store.delete('results/a.png');
      expect(await store.exists('results/a.png')).toBe(false);
      expect(await store.get('results/a.png')).toBeNull();
      await store.delete('results/a.png'); // deleting what is gone is fine
    });

    it('overwrites a key, and lists by prefix with modification times', async () => {
      await store.put('uploads/x.jpg', Buffer.from('one'), 'image/jpeg');
      await store.put('uploads/x.jpg', Buffer.from('two'), 'image/jpeg');
      await store.put('uploads/y.jpg', Buffer.from('three'), 'image/jpeg');
      await store.put('results/z.png', Buffer.from('four'), 'image/png');
      expect((await store.get('uploads/x.jpg'))?.data.toString()).toBe('two');
      const listed = await store.list('uploads/');
      expect(listed.map((blob) => blob.key).sort()).toEqual(['uploads/x.jpg', 'uploads/y.jpg']);
      for (const blob of listed) {
        expect(Math.abs(blob.modifiedAt.getTime() - Date.now())).toBeLessThan(5 * 60_000);
      }
    });

    it('refuses unsafe keys', async () => {
      await expect(store.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
        /unsafe blob key/,
      );
      await expect(store.get('/etc/passwd')).rejects.toThrow(/unsafe blob key/);
    });
  });
}

blobStoreConformance('local disk', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'blobs-'));
  return {
    store: new LocalDiskBlobStore(root),
    close: () => fs.rm(root, { recursive: true, force: true }),
  };
});

let s3: LocalS3;
blobStoreConformance('S3 (local s3rver)', async () => {
  s3 = await startLocalS3();
  return {
    store: new S3BlobStore({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: LOCAL_S3_CREDENTIALS,
    }),
    close: () => s3.stop(),
  };
});

describe('S3 blob store errors', () => {
  let server: LocalS3;
  beforeAll(async () => {
    server = await startLocalS3();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a missing bucket is an error, not "not found"', async () => {
    const missingBucket = new S3BlobStore({
      bucket: 'no-such-bucket',
      endpoint: server.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: LOCAL_S3_CREDENTIALS,
    });
    await expect(missingBucket.put('a.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /bucket/i,
    );
    await expect(missingBucket.get('a.png')).rejects.toThrow(/bucket/i);
  });
});
