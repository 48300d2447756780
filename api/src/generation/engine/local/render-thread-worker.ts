/**
 * The local engine's thread (render-thread.ts): renders requests from the API's main thread. The
 * subject detector's models live here, in this thread's own heap, not in the API's.
 */
import { parentPort } from 'node:worker_threads';
import { renderLocal, UnreadablePhotoError } from './render';
import { loadDetector } from './subject/detector';
import type { RenderThreadReply, RenderThreadRequest } from './render-thread';

const port = parentPort!;
/** A Buffer arrives as a Uint8Array (structured clone); viewed as a Buffer again without a copy. */
const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const running = new Map<number, AbortController>();

// The models load while the server starts, as they did in the API's own thread.
void loadDetector();

port.on('message', (message: RenderThreadRequest) => {
  if (message.type === 'cancel') {
    running.get(message.id)?.abort();
    return;
  }
  const { id, request } = message;
  const controller = new AbortController();
  running.set(id, controller);
  renderLocal({ ...request, photo: asBuffer(request.photo), signal: controller.signal })
    .then(
      (png) => {
        // A copy the thread owns, so it can be handed over (transferred) instead of cloned again.
        const copy = new Uint8Array(png);
        reply({ id, ok: true, png: copy }, [copy.buffer]);
      },
      (error: unknown) =>
        reply({
          id,
          ok: false,
          unreadable: error instanceof UnreadablePhotoError,
          message: error instanceof Error ? error.message : String(error),
        }),
    )
    .finally(() => running.delete(id));
});

function reply(message: RenderThreadReply, transfer: ArrayBuffer[] = []) {
  port.postMessage(message, transfer);
}
