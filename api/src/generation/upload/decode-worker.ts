/**
 * A decode process: reads checked uploads (their bytes, or the path of the file they were written
 * to) from stdin and writes the working JPEG to stdout
 * (framed as in decode-frames.ts; nothing else may write to stdout). It runs apart from the API so a slow or hostile image can be
 * stopped (SIGKILL at its time limit) and never takes the API's libuv threads, which password
 * hashing needs.
 */
import sharp from 'sharp';
import { replyHeader, requestReader, type DecodeReplyFrame } from './decode-frames';
import { AppError } from '../../shared/errors';
import { decodePhoto } from './sanitize-upload';
import { arrivingBytesDecoder } from './arriving-bytes-decoder';

// stdout carries the reply frames: anything this process prints goes to stderr instead.
console.log = console.info = console.debug = console.error;
// One libvips thread per decode: the pool's size is what bounds the CPU used.
sharp.concurrency(1);
sharp.cache(false);
const arriving = arrivingBytesDecoder();

const reader = requestReader(({ id, source }) => {
  if ('fifo' in source) {
    // Blocks this process (it decodes one image at a time) while the bytes arrive.
    const outcome = arriving?.decodeFifo(source.fifo) ?? 'cannot';
    reply(
      typeof outcome === 'string'
        ? { id, ok: false, refusal: outcome }
        : { id, ok: true, ...outcome },
    );
    return;
  }
  decodePhoto(source).then(
    ({ data, width, height }) => reply({ id, ok: true, data, width, height }),
    (error: unknown) =>
      reply({
        id,
        ok: false,
        refusal:
          error instanceof AppError && error.code === 'UPLOAD_TOO_MANY_PIXELS'
            ? 'tooManyPixels'
            : 'unreadable',
      }),
  );
});
process.stdin.on('data', (chunk: Buffer) => reader.push(chunk));
// The API went away: so do we.
process.stdin.on('end', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
// 'ready' or 'ready arriving': the API sends uploads still arriving only to a process that can read them.
process.send?.(arriving ? 'ready arriving' : 'ready');

function reply(frame: DecodeReplyFrame) {
  process.stdout.write(replyHeader(frame));
  if (frame.ok) process.stdout.write(frame.data);
}
