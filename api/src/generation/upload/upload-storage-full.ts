import { AppError } from '../../shared/errors';
import { UPLOAD_MESSAGES } from './sanitize-upload';

/** The folder uploads are written to has no room left (its tmpfs or disk full, or a quota). */
export class UploadStorageFullError extends AppError {
  constructor(
    /** ENOSPC or EDQUOT. */
    readonly systemCode: string,
    readonly retryAfterSeconds = 60,
  ) {
    super('UPLOADS_UNAVAILABLE', UPLOAD_MESSAGES.storageFull, 503, { retryAfterSeconds });
  }
}

const NO_ROOM = new Set(['ENOSPC', 'EDQUOT']);

/** A write that failed for lack of room as UploadStorageFullError; any other error as it is. */
export function asStorageFullError(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code && NO_ROOM.has(code) ? new UploadStorageFullError(code) : error;
}
