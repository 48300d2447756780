import { fork, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { DecodeQueue } from './decode-queue';
import { replyReader, requestFrame, type DecodeReplyFrame } from './decode-frames';
import {
  tooManyPixels,
  tooSlow,
  unreadable,
  type DecodedPhoto,
  type PhotoDecoder,
  type PhotoSource,
} from './sanitize-upload';

export interface DecodePoolOptions {
  /** Decode processes (each decodes one image at a time). */
  readonly concurrency: number;
  /** Uploads that may wait for a process; past that they are refused with 503 and Retry-After. */
  readonly maxWaiting: number;
  /** Longest a decode may take; then its process is killed and the upload refused. */
  readonly timeoutMs: number;
}

const WORKER_PATH = fileURLToPath(new URL('./decode-worker.ts', import.meta.url));

type DecodeProcess = ChildProcessByStdio<Writable, Readable, null>;

interface Slot {
  child: DecodeProcess | null;
  ready: Promise<DecodeProcess> | null;
  /** The reply to the decode this slot is running. */
  onReply: ((reply: DecodeReplyFrame) => void) | null;
}

/**
 * Decodes uploads in a few long-lived child processes behind a bounded queue. A decode that
 * outlives its time limit is stopped by killing its process (a fresh one starts for the next).
 */
export class DecodePool {
  private readonly queue: DecodeQueue;
  private readonly idle: Slot[] = [];
  private readonly slots: Slot[] = [];
  private nextId = 1;
  /** Decodes handed to a process so far (for metrics and tests). */
  started = 0;
  private closed = false;

  constructor(private readonly options: DecodePoolOptions) {
    this.queue = new DecodeQueue({
      concurrency: options.concurrency,
      maxWaiting: options.maxWaiting,
      retryAfterSeconds: Math.max(1, Math.ceil(options.timeoutMs / 1000)),
    });
    for (let i = 0; i < options.concurrency; i++) {
      const slot: Slot = { child: null, ready: null, onReply: null };
      this.slots.push(slot);
      this.idle.push(slot);
    }
  }

  get stats() {
    return this.queue.stats;
  }

  readonly decode: PhotoDecoder = (source) =>
    this.queue.run(async () => {
      // The queue admits at most `concurrency` at once, so a slot is always free here.
      const slot = this.idle.pop()!;
      try {
        return await this.decodeIn(slot, source);
      } finally {
        this.idle.push(slot);
      }
    });

  private start(slot: Slot): Promise<DecodeProcess> {
    slot.ready ??= new Promise<DecodeProcess>((resolve, reject) => {
      // The bytes go over plain pipes (decode-frames.ts); the IPC channel only says "ready".
      const child = fork(WORKER_PATH, [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['pipe', 'pipe', 'inherit', 'ipc'],
      }) as unknown as DecodeProcess;
      slot.child = child;
      const forget = () => {
        if (slot.child === child) {
          slot.child = null;
          slot.ready = null;
        }
      };
      const reader = replyReader((reply) => slot.onReply?.(reply));
      child.stdout.on('data', (chunk: Buffer) => reader.push(chunk));
      // A write to a process that just died fails here; its decode is answered by 'exit'.
      child.stdin.on('error', () => undefined);
      child.once('exit', forget);
      child.once('error', (error) => {
        forget();
        reject(error);
      });
      // The process keeps the API's priority. Linux sets a priority per thread: lowering the
      // pid's reached only the main thread, which moves the bytes and answers, so every 64 KB of
      // an upload waited for a niced thread while libvips decoded at the API's priority anyway.
      child.once('message', () => {
        // Neither the process nor its pipes and channel keep the API alive.
        child.unref();
        for (const handle of [child.stdin, child.stdout, child.channel])
          (handle as { unref?: () => void } | null | undefined)?.unref?.();
        resolve(child);
      });
    });
    return slot.ready;
  }

  private async decodeIn(slot: Slot, source: PhotoSource): Promise<DecodedPhoto> {
    if (this.closed) throw new Error('decode pool closed');
    let child = await this.start(slot);
    if (child.exitCode !== null || child.signalCode !== null || !child.stdin.writable) {
      // It died while idle (killed by an operator or the OS): start another.
      slot.child = null;
      slot.ready = null;
      child = await this.start(slot);
    }
    const id = this.nextId++;
    this.started++;
    return new Promise<DecodedPhoto>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        slot.onReply = null;
        child.off('exit', onExit);
      };
      slot.onReply = (reply) => {
        if (reply.id !== id) return;
        finish();
        if (reply.ok) resolve({ data: reply.data, width: reply.width, height: reply.height });
        else reject(reply.refusal === 'tooManyPixels' ? tooManyPixels() : unreadable());
      };
      const onExit = () => {
        finish();
        // Killed by the OS (out of memory) or crashed on this image.
        reject(unreadable());
      };
      const timer = setTimeout(() => {
        finish();
        // The slot starts a fresh process for its next decode.
        if (slot.child === child) {
          slot.child = null;
          slot.ready = null;
        }
        child.kill('SIGKILL');
        reject(tooSlow());
      }, this.options.timeoutMs);
      child.once('exit', onExit);
      for (const part of requestFrame(id, source)) child.stdin.write(part);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const slot of this.slots) slot.child?.kill('SIGKILL');
  }
}
