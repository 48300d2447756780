import { Worker } from 'node:worker_threads';
import { UnreadablePhotoError, type RenderRequest } from './render';

const WORKER_URL = new URL('./render-thread-worker.ts', import.meta.url).href;
/** The API runs under tsx; a worker thread does not inherit its loader, so it registers its own. */
const BOOTSTRAP = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL)}); });`;

export type RenderThreadRequest =
  | { type: 'render'; id: number; request: Omit<RenderRequest, 'signal'> }
  | { type: 'cancel'; id: number };

export type RenderThreadReply =
  | { id: number; ok: true; png: Uint8Array }
  | { id: number; ok: false; unreadable: boolean; message: string };

interface Pending {
  /** The thread the render was sent to: only its death fails the render. */
  worker: Worker;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

export class RenderThreadStoppedError extends Error {
  constructor(cause: unknown) {
    super('The local image engine stopped while rendering.', { cause });
    this.name = 'RenderThreadStoppedError';
  }
}

/**
 * Runs renderLocal in a worker thread: the render's synchronous JavaScript (pixel loops, the
 * detector) and the garbage it makes no longer stall the API's event loop or its GCs, and the
 * detector's models live in the thread. A thread that dies fails its renders and is started
 * again for the next.
 */
export class RenderThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** Starts the thread (and its models' load) ahead of the first render. */
  start(): void {
    this.thread();
  }

  readonly render = (request: RenderRequest): Promise<Buffer> => {
    const { signal, ...rest } = request;
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      const onAbort = () =>
        worker.postMessage({ type: 'cancel', id } satisfies RenderThreadRequest);
      signal?.addEventListener('abort', onAbort, { once: true });
      const settled = () => {
        signal?.removeEventListener('abort', onAbort);
        this.pending.delete(id);
        if (this.pending.size === 0) this.worker?.unref();
      };
      this.pending.set(id, {
        worker,
        resolve: (png) => (settled(), resolve(png)),
        reject: (error) => (settled(), reject(error)),
      });
      worker.ref();
      worker.postMessage({ type: 'render', id, request: rest } satisfies RenderThreadRequest);
    });
  };

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(BOOTSTRAP, { eval: true });
    worker.on('message', (reply: RenderThreadReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      if (reply.ok)
        pending.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
      else
        pending.reject(
          reply.unreadable ? new UnreadablePhotoError(reply.message) : new Error(reply.message),
        );
    });
    const stopped = (cause: unknown) => {
      if (this.worker === worker) this.worker = null;
      for (const pending of [...this.pending.values()])
        if (pending.worker === worker) pending.reject(new RenderThreadStoppedError(cause));
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`exit code ${code}`)));
    // After the listeners: adding a 'message' listener refs the thread again. Idle, it does not
    // keep the process alive (the admin CLI and the tests end without closing it).
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
