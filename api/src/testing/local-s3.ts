import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/** Credentials the local server accepts (it checks signatures against these). */
export const LOCAL_S3_CREDENTIALS = {
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
} as const;

export interface LocalS3 {
  readonly endpoint: string;
  readonly bucket: string;
  /** The environment an API process needs to use this server as its blob store. */
  readonly env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A local server that speaks the S3 API (s3rver, files in a temporary folder), with one bucket:
 * the real `@aws-sdk/client-s3` talks to it exactly as to S3 or MinIO.
 */
export async function startLocalS3(
  options: { port?: number; bucket?: string; directory?: string } = {},
): Promise<LocalS3> {
  const directory = options.directory ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'stylised-s3-')));
  const bucket = options.bucket ?? 'stylised-blobs';
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory,
    silent: true,
    // s3rver recomputes the signature of a ListObjectsV2 with a `prefix=uploads%2F` differently
    // from the SDK (it decodes the slash); S3 and MinIO check signatures for real.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      BLOB_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
    },
    async stop() {
      await server.close();
      if (!options.directory) await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
