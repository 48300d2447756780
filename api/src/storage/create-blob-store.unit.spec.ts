import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createBlobStore } from './create-blob-store';
import { LocalDiskBlobStore } from './local-disk-blob-store';
import { S3BlobStore } from './s3-blob-store';

const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/create-blob-store-spec' };

describe('createBlobStore', () => {
  it('stores on local disk by default', async () => {
    expect(await createBlobStore(loadConfig(env))).toBeInstanceOf(LocalDiskBlobStore);
  });

  it('loads the S3 store (and its SDK) when BLOB_STORE=s3', async () => {
    const config = loadConfig({
      ...env,
      BLOB_STORE: 's3',
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://127.0.0.1:1',
      S3_REGION: 'us-east-1',
    });
    expect(await createBlobStore(config)).toBeInstanceOf(S3BlobStore);
  });
});
