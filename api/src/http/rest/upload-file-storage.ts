import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline, Transform } from 'node:stream';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import { MAX_UPLOAD_BYTES, type UploadedFile } from '../../generation/upload/sanitize-upload';
import { asStorageFullError } from '../../generation/upload/upload-storage-full';

/** Enough for every magic number detectImageType reads. */
const HEAD_BYTES = 16;

const FOLDER_PREFIX = 'uploads-';

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the upload folders of API processes that are gone (a crash mid-upload leaves its file
 * behind). A folder is named after its process id; one with this process's own id belongs to an
 * earlier process that had the same id (a container's pid 1), since this one has made none yet.
 */
export async function removeAbandonedUploadFolders(parent: string): Promise<string[]> {
  const entries = await fs.promises.readdir(parent).catch(() => [] as string[]);
  const abandoned = entries.filter((name) => {
    const match = new RegExp(`^${FOLDER_PREFIX}(\\d+)-`).exec(name);
    if (!match) return false;
    const pid = Number(match[1]);
    return pid === process.pid || !isRunning(pid);
  });
  await Promise.all(
    abandoned.map((name) =>
      fs.promises.rm(path.join(parent, name), { recursive: true, force: true }).catch(() => {}),
    ),
  );
  return abandoned;
}

type StoredFile = Express.Multer.File & Partial<UploadedFile>;

/** The first bytes of a stream, kept as they pass through. */
class HeadTap extends Transform {
  head = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    if (this.head.length < HEAD_BYTES)
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    this.push(chunk);
    done();
  }
}

/**
 * Multer storage for photos: each upload goes to a private temporary file while it arrives
 * (mode 0600 in a 0700 folder of its own under `parent`), so the API never holds it whole in
 * memory (no Buffer.concat of the parts) and a decode process reads it from the file instead of
 * having 5 MB pushed through its pipe after the body is in. The file is removed once decoded
 * (UploadedFile.discard) and when the request ends, whatever happened.
 */
export class UploadFileStorage implements StorageEngine {
  private folder: Promise<string> | null = null;
  private readonly writing = new WeakMap<object, fs.WriteStream>();
  private readonly swept: Promise<unknown>;

  constructor(private readonly parent: string) {
    this.swept = removeAbandonedUploadFolders(parent);
  }

  _handleFile(
    _request: Request,
    file: StoredFile,
    callback: (error?: unknown, info?: Partial<StoredFile>) => void,
  ): void {
    this.open().then(
      ({ target, out }) => {
        this.writing.set(file, out);
        const tap = new HeadTap();
        pipeline(file.stream, tap, out, (error) => {
          this.writing.delete(file);
          if (error) {
            fs.rm(target, { force: true }, () => callback(asStorageFullError(error)));
            return;
          }
          const stored: UploadedFile = {
            path: target,
            size: out.bytesWritten,
            head: tap.head,
            discard: () => fs.promises.rm(target, { force: true }).catch(() => undefined),
          };
          callback(null, stored);
        });
      },
      (error: unknown) => callback(asStorageFullError(error)),
    );
  }

  _removeFile(_request: Request, file: StoredFile, callback: (error: Error | null) => void): void {
    this.writing.get(file)?.destroy();
    if (!file.path) return callback(null);
    fs.rm(file.path, { force: true }, (error) => callback(error ?? null));
  }

  /** A new file in this process's folder; the folder is made again if something removed it. */
  private async open(): Promise<{ target: string; out: fs.WriteStream }> {
    for (let attempt = 0; ; attempt++) {
      await this.swept;
      this.folder ??= fs.promises.mkdtemp(
        path.join(this.parent, `${FOLDER_PREFIX}${process.pid}-`),
      );
      const target = path.join(await this.folder, randomUUID());
      try {
        const handle = await fs.promises.open(target, 'wx', 0o600);
        // A buffer as large as an upload: the body is never paused to wait for the disk.
        return {
          target,
          out: fs.createWriteStream(target, { fd: handle, highWaterMark: MAX_UPLOAD_BYTES }),
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw error;
        this.folder = null;
      }
    }
  }
}
