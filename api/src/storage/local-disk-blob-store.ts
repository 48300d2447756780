import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type BlobStore } from './blob-store';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

const TEMPORARY_SUFFIX = '.tmp';

/** Blobs as files under one folder; writes go to a temporary name first, then rename. */
export class LocalDiskBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}${TEMPORARY_SUFFIX}`;
    await fs.writeFile(temporary, data, { mode: 0o600 });
    await fs.rename(temporary, target);
  }

  async get(key: string) {
    try {
      const data = await fs.readFile(this.pathOf(key));
      return { data, contentType: CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string) {
    try {
      await fs.access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string) {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async list(prefix: string) {
    const files = await this.walk(prefix);
    return files
      .filter((file) => !file.key.endsWith(TEMPORARY_SUFFIX))
      .map(({ key, modifiedAt }) => ({ key, modifiedAt }));
  }

  async removeStaleTemporaryFiles(olderThan: Date): Promise<number> {
    let removed = 0;
    for (const file of await this.walk('')) {
      if (!file.key.endsWith(TEMPORARY_SUFFIX) || file.modifiedAt >= olderThan) continue;
      await fs.rm(file.full, { force: true });
      removed++;
    }
    return removed;
  }

  /** Every file under a prefix (temporary ones included), with its path and last change. */
  private async walk(prefix: string) {
    const folder = prefix.replace(/\/$/, '') ? this.pathOf(prefix.replace(/\/$/, '')) : this.root;
    const found: { key: string; full: string; modifiedAt: Date }[] = [];
    const visit = async (directory: string) => {
      let entries;
      try {
        entries = await fs.readdir(directory, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = path.join(directory, entry.name);
        if (entry.isDirectory()) await visit(full);
        else {
          const stat = await fs.stat(full).catch(() => null);
          if (stat)
            found.push({ key: path.relative(this.root, full), full, modifiedAt: stat.mtime });
        }
      }
    };
    await visit(folder);
    return found;
  }
}
