import { createHash } from 'node:crypto';
import type { Upload } from './upload/sanitize-upload';

/**
 * What a generation was asked for, hashed: the style, the prompt, the action figure's card and the
 * photo's size (its bytes are not hashed: that would cost every upload CPU on the request path,
 * and a retry sends the same file). An idempotency key sent again must come with the same.
 */
export function requestFingerprint(request: {
  style: string;
  prompt: string | null | undefined;
  actionFigure: unknown;
  photo: Upload | null;
}): string {
  const photoBytes =
    request.photo === null
      ? null
      : Buffer.isBuffer(request.photo)
        ? request.photo.length
        : request.photo.size;
  return createHash('sha256')
    .update(
      JSON.stringify([
        request.style,
        request.prompt ?? '',
        request.actionFigure ?? null,
        photoBytes,
      ]),
    )
    .digest('base64url');
}
