/** Where images live: local disk by default; an object store in a larger deployment. */
export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Keys under a prefix with their last change, for clean-up jobs. */
  list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]>;
  /**
   * Removes half-written blobs a crash left behind (a write interrupted before its rename),
   * older than `olderThan`; returns how many. Stores whose writes are atomic have none.
   */
  removeStaleTemporaryFiles(olderThan: Date): Promise<number>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//'))
    throw new Error(`unsafe blob key: ${key}`);
}
