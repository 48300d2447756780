import { fork, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { processCpuTimeMs } from './process-cpu-time';
import {
  replyReader,
  requestFrame,
  type ArrivingSource,
  type DecodeReplyFrame,
} from './decode-frames';
import {
  tooManyPixels,
  tooSlow,
  unreadable,
  type DecodedPhoto,
  type PhotoSource,
} from './sanitize-upload';

const WORKER_PATH = fileURLToPath(new URL('./decode-worker.ts', import.meta.url));

const DEFAULT_START_TIMEOUT_MS = 30_000;

/** A decode process that cannot read an arriving upload here: it is decoded from its file. */
class CannotReadArriving extends Error {}

export interface DecodeLimits {
  /** When the time limit starts: at once, or when an arriving upload's last byte is in. */
  readonly timed: Promise<void>;
  /** Once it resolves, the decode has that many milliseconds left before its process is killed. */
  readonly cutShort?: Promise<number>;
}

export interface DecodeSlotOptions {
  /** Longest a decode may take (see DecodePoolOptions.timeoutMs). */
  readonly timeoutMs: number;
  /** Longest a new process may take to say it is ready. Default 30 s. */
  readonly startTimeoutMs?: number;
  /** A process is ready, and says whether it can read an upload as it arrives. */
  readonly onReady: (readsArriving: boolean) => void;
}

type DecodeProcess = ChildProcessByStdio<Writable, Readable, null>;

/**
 * One place for a long-lived decode process, which decodes one image at a time: started on first
 * use, and again after it died or was killed for a decode past its time limit.
 */
export class DecodeSlot {
  private child: DecodeProcess | null = null;
  private ready: Promise<DecodeProcess> | null = null;
  /** The reply to the decode this slot is running. */
  private onReply: ((reply: DecodeReplyFrame) => void) | null = null;
  private nextId = 1;

  constructor(private readonly options: DecodeSlotOptions) {}

  /** Its process, started if there is none (a start that fails or times out rejects). */
  start(): Promise<DecodeProcess> {
    this.ready ??= new Promise<DecodeProcess>((resolve, reject) => {
      // The bytes go over plain pipes (decode-frames.ts); the IPC channel only says "ready".
      const child = fork(WORKER_PATH, [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['pipe', 'pipe', 'inherit', 'ipc'],
      }) as unknown as DecodeProcess;
      this.child = child;
      const startLimit = setTimeout(
        () => child.kill('SIGKILL'),
        this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
      );
      const forget = () => {
        clearTimeout(startLimit);
        this.forget(child);
      };
      const reader = replyReader((reply) => this.onReply?.(reply));
      child.stdout.on('data', (chunk: Buffer) => reader.push(chunk));
      // A write to a process that just died fails here; its decode is answered by 'exit'.
      child.stdin.on('error', () => undefined);
      child.once('exit', () => {
        forget();
        // Gone before it was ready (its start failed, or took too long): whoever waits for it is
        // answered.
        reject(new Error('decode process exited before it was ready'));
      });
      child.once('error', (error) => {
        forget();
        reject(error);
      });
      // The process keeps the API's priority. Linux sets a priority per thread: lowering the
      // pid's reached only the main thread, which moves the bytes and answers, so every 64 KB of
      // an upload waited for a niced thread while libvips decoded at the API's priority anyway.
      child.once('message', (ready) => {
        clearTimeout(startLimit);
        // Killed for its slow start as it said ready: its exit answers whoever waits for it.
        if (child.killed) return;
        this.options.onReady(ready === 'ready arriving');
        // Neither the process nor its pipes and channel keep the API alive.
        child.unref();
        for (const handle of [child.stdin, child.stdout, child.channel])
          (handle as { unref?: () => void } | null | undefined)?.unref?.();
        resolve(child);
      });
    });
    return this.ready;
  }

  /**
   * Decodes one image in this slot's process, within the time limit `limits` start; a decode past
   * it kills the process (a fresh one starts for the next) and is refused as too slow.
   */
  async decode(
    source: PhotoSource | ArrivingSource,
    limits: DecodeLimits = { timed: Promise.resolve() },
  ): Promise<DecodedPhoto> {
    let child = await this.start();
    if (
      child.killed ||
      child.exitCode !== null ||
      child.signalCode !== null ||
      !child.stdin.writable
    ) {
      // It died while idle (killed by an operator or the OS): start another.
      this.forget(child);
      child = await this.start();
    }
    const id = this.nextId++;
    const cpuAtStart = 'fifo' in source ? processCpuTimeMs(child.pid) : null;
    return new Promise<DecodedPhoto>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      const finish = () => {
        settled = true;
        clearTimeout(timer);
        this.onReply = null;
        child.off('exit', onExit);
      };
      this.onReply = (reply) => {
        if (reply.id !== id) return;
        finish();
        if (reply.ok) resolve({ data: reply.data, width: reply.width, height: reply.height });
        else
          reject(
            reply.refusal === 'tooManyPixels'
              ? tooManyPixels()
              : reply.refusal === 'cannot'
                ? new CannotReadArriving()
                : unreadable(),
          );
      };
      const onExit = () => {
        finish();
        // Killed by the OS (out of memory) or crashed on this image; reading an arriving upload,
        // possibly on our side: that upload is decoded from its file.
        reject('fifo' in source ? new CannotReadArriving() : unreadable());
      };
      const timeLimit = () => {
        finish();
        // The slot starts a fresh process for its next decode.
        this.forget(child);
        child.kill('SIGKILL');
        reject(tooSlow());
      };
      void limits.timed.then(() => {
        if (settled) return;
        const cpuNow = cpuAtStart === null ? null : processCpuTimeMs(child.pid);
        const spent = cpuNow === null ? 0 : cpuNow - cpuAtStart!;
        timer = setTimeout(timeLimit, Math.max(0, this.options.timeoutMs - spent));
      });
      void limits.cutShort?.then((graceMs) => {
        if (settled) return;
        clearTimeout(timer);
        timer = setTimeout(timeLimit, graceMs);
      });
      child.once('exit', onExit);
      for (const part of requestFrame(id, source)) child.stdin.write(part);
    });
  }

  kill(): void {
    this.child?.kill('SIGKILL');
  }

  /** The next decode starts a new process (unless another has already replaced this one). */
  private forget(child: DecodeProcess): void {
    if (this.child !== child) return;
    this.child = null;
    this.ready = null;
  }
}
