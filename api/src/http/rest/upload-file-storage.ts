import fs from 'node:fs';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import type { DecodeWhileArriving } from '../../generation/upload/decode-while-arriving';
import type { UploadedFile } from '../../generation/upload/sanitize-upload';
import { uploadFolderIn, type UploadFolder } from '../../generation/upload/upload-folder';

export { removeAbandonedUploadFolders } from '../../generation/upload/upload-folder';

type StoredFile = Express.Multer.File & Partial<UploadedFile>;

/**
 * Multer storage for photos: each upload goes to a private temporary file while it arrives
 * (UploadFolder: mode 0600 in a 0700 folder of its own under `parent`), so the API never holds
 * it whole in memory (no Buffer.concat of the parts) and a decode process reads it from the file
 * instead of having 5 MB pushed through its pipe after the body is in. The file is removed once
 * decoded (UploadedFile.discard) and when the request ends, whatever happened.
 */
export class UploadFileStorage implements StorageEngine {
  private readonly folder: UploadFolder;
  private readonly writing = new WeakMap<object, fs.WriteStream>();

  /** `whileArrivingFor`: the request's decode of the photo as it arrives, if it has one. */
  constructor(
    parent: string,
    private readonly whileArrivingFor: (request: Request) => DecodeWhileArriving | undefined = () =>
      undefined,
  ) {
    this.folder = uploadFolderIn(parent);
  }

  _handleFile(
    request: Request,
    file: StoredFile,
    callback: (error?: unknown, info?: Partial<StoredFile>) => void,
  ): void {
    this.folder
      .receive(file.stream, (out) => this.writing.set(file, out), this.whileArrivingFor(request))
      .then(
        (stored) => {
          this.writing.delete(file);
          callback(null, stored);
        },
        (error: unknown) => {
          this.writing.delete(file);
          callback(error);
        },
      );
  }

  _removeFile(request: Request, file: StoredFile, callback: (error: Error | null) => void): void {
    // Refused (too large, too many parts): the decode of its bytes stops too.
    this.whileArrivingFor(request)?.abandon();
    this.writing.get(file)?.destroy();
    if (!file.path) return callback(null);
    fs.rm(file.path, { force: true }, (error) => callback(error ?? null));
  }
}
