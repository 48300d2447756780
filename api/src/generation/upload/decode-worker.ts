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

// stdout carries the reply frames: anything this process prints goes to stderr instead.
console.log = console.info = console.debug = console.error;
// One libvips thread per decode: the pool's size is what bounds the CPU used.
sharp.concurrency(1);
sharp.cache(false);

const reader = requestReader(({ id, source }) => {
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
process.send?.('ready');

function reply(frame: DecodeReplyFrame) {
  process.stdout.write(replyHeader(frame));
  if (frame.ok) process.stdout.write(frame.data);
}
