import path from 'node:path';
import type { Config } from '../config';
import type { BlobStore } from './blob-store';
import { LocalDiskBlobStore } from './local-disk-blob-store';

/**
 * The blob store the config names: local disk (the embedded default) or an S3-compatible bucket.
 * The S3 SDK is loaded only when a bucket is configured: it adds ~5 MB to the live heap, which
 * every mark-compact of a process storing on local disk would otherwise walk.
 */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  const { blobs } = config;
  if (blobs.kind === 's3') {
    const { S3BlobStore } = await import('./s3-blob-store');
    return new S3BlobStore(blobs);
  }
  return new LocalDiskBlobStore(path.join(config.dataDir, 'blobs'));
}
