import path from 'node:path';
import type { Config } from '../config';
import type { BlobStore } from './blob-store';
import { LocalDiskBlobStore } from './local-disk-blob-store';
import { S3BlobStore } from './s3-blob-store';

/** The blob store the config names: local disk (the embedded default) or an S3-compatible bucket. */
export function createBlobStore(config: Config): BlobStore {
  const { blobs } = config;
  if (blobs.kind === 's3') return new S3BlobStore(blobs);
  return new LocalDiskBlobStore(path.join(config.dataDir, 'blobs'));
}
