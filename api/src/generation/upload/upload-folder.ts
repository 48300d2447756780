import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { DecodeWhileArriving } from './decode-while-arriving';
import { MAX_UPLOAD_BYTES, type UploadedFile } from './sanitize-upload';
import { asStorageFullError } from './upload-storage-full';

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
export const removeAbandonedUploadFolders = (parent: string) =>
  removeAbandonedFolders(parent, FOLDER_PREFIX);

/** The same for any folders named `<prefix><pid>-…` under `parent`. */
export async function removeAbandonedFolders(parent: string, prefix: string): Promise<string[]> {
  const entries = await fs.promises.readdir(parent).catch(() => [] as string[]);
  const abandoned = entries.filter((name) => {
    const match = new RegExp(`^${prefix}(\\d+)-`).exec(name);
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

/** The first bytes of a stream, kept as they pass through; every byte also goes to `also`. */
class HeadTap extends Transform {
  head = Buffer.alloc(0);

  constructor(private readonly also?: DecodeWhileArriving) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    if (this.head.length < HEAD_BYTES)
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    this.also?.write(chunk);
    this.push(chunk);
    done();
  }

  override _flush(done: () => void) {
    this.also?.end();
    done();
  }
}

/**
 * This process's private folder for uploads (mode 0700, under `parent`): each upload is written
 * to a file of its own (0600) while it arrives, so the API never holds it whole in memory and a
 * decode process reads it by its path. One per parent folder and process (uploadFolderIn): a
 * second one would sweep the first's folder as abandoned.
 */
export class UploadFolder {
  private folder: Promise<string> | null = null;
  private readonly swept: Promise<unknown>;

  constructor(private readonly parent: string) {
    this.swept = removeAbandonedUploadFolders(parent);
  }

  /**
   * Writes `stream` to a new file as it arrives; on any error (the stream destroyed, no room
   * left: UploadStorageFullError) the file is removed and the promise rejects. `opened` gets the
   * file's write stream, to stop the write from outside. `whileArriving` gets the bytes too, to
   * decode them as they come; the file is written all the same.
   */
  receive(
    stream: Readable,
    opened?: (out: fs.WriteStream) => void,
    whileArriving?: DecodeWhileArriving,
  ): Promise<UploadedFile> {
    return this.open().then(
      ({ target, out }) =>
        new Promise<UploadedFile>((resolve, reject) => {
          opened?.(out);
          const tap = new HeadTap(whileArriving);
          pipeline(stream, tap, out, (error) => {
            if (error) {
              whileArriving?.abandon();
              fs.rm(target, { force: true }, () => reject(asStorageFullError(error)));
              return;
            }
            resolve({
              path: target,
              size: out.bytesWritten,
              head: tap.head,
              discard: () => fs.promises.rm(target, { force: true }).catch(() => undefined),
              ...(whileArriving && { decodedWhileArriving: () => whileArriving.result() }),
            });
          });
        }),
      (error: unknown) => {
        whileArriving?.abandon();
        stream.resume();
        throw asStorageFullError(error);
      },
    );
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

const folders = new Map<string, UploadFolder>();

/** The one UploadFolder of this process under `parent` (REST and GraphQL share it). */
export function uploadFolderIn(parent: string): UploadFolder {
  const resolved = path.resolve(parent);
  let folder = folders.get(resolved);
  if (!folder) {
    folder = new UploadFolder(resolved);
    folders.set(resolved, folder);
  }
  return folder;
}
