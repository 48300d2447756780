/**
 * A decode process: receives checked upload bytes over IPC and answers with the working JPEG.
 * It runs apart from the API so a slow or hostile image can be stopped (SIGKILL at its time
 * limit) and never takes the API's libuv threads, which password hashing needs.
 */
import sharp from 'sharp';
import { decodePhoto } from './sanitize-upload';

export interface DecodeRequest {
  readonly id: number;
  readonly bytes: Uint8Array;
}

export type DecodeReply =
  | { readonly id: number; readonly ok: true; data: Uint8Array; width: number; height: number }
  | { readonly id: number; readonly ok: false; readonly code: string };

// One libvips thread per decode: the pool's size is what bounds the CPU used.
sharp.concurrency(1);
sharp.cache(false);

process.on('message', (message: DecodeRequest) => {
  decodePhoto(Buffer.from(message.bytes)).then(
    ({ data, width, height }) => reply({ id: message.id, ok: true, data, width, height }),
    (error: { code?: string }) =>
      reply({ id: message.id, ok: false, code: error.code ?? 'UPLOAD_UNREADABLE' }),
  );
});
// The API went away: so do we.
process.on('disconnect', () => process.exit(0));
process.send?.('ready');

function reply(message: DecodeReply) {
  process.send?.(message);
}
