import { fork, type ChildProcessByStdio } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../shared/errors';
import { fifoTools } from './arriving-bytes-decoder';
import { DecodeQueue } from './decode-queue';
import { FifoWriter } from './fifo-writer';
import { processCpuTimeMs } from './process-cpu-time';
import { removeAbandonedFolders } from './upload-folder';
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
  type PhotoDecoder,
  type PhotoSource,
} from './sanitize-upload';

export interface DecodePoolOptions {
  /** Decode processes (each decodes one image at a time). */
  readonly concurrency: number;
  /** Uploads that may wait for a process; past that they are refused with 503 and Retry-After. */
  readonly maxWaiting: number;
  /**
   * Longest a decode may take; then its process is killed and the upload refused. An upload
   * decoded while it arrives has what is left of it once its last byte is in, less the CPU time
   * its process spent on it until then (a hostile image sent slowly gets no more than this).
   */
  readonly timeoutMs: number;
  /**
   * Longest an upload may take to arrive while a process decodes it as it comes (decodeArriving);
   * past that the process is let go and the upload decoded once it is in. Default 5 s.
   */
  readonly arrivalLimitMs?: number;
  /**
   * Longest a new decode process may take to say it is ready; past that it is killed, and the
   * decode waiting for it fails instead of waiting for ever. Default 30 s.
   */
  readonly startTimeoutMs?: number;
}

/** A decode that reads an upload while it arrives (DecodePool.decodeArriving). */
export interface ArrivingDecode {
  /** The upload's next bytes, in order. */
  write(chunk: Buffer): void;
  /** The last byte is in: the rest of the decode's time limit starts now. */
  end(): void;
  /**
   * The upload failed, was refused, took too long to arrive, or another decode needs the
   * process: its bytes end here, so the decode fails at once and frees its process.
   */
  abandon(): void;
  /**
   * The working JPEG, or null when abandoned (its bytes did not all reach the decode); rejects
   * with the refusal (unreadable, too many pixels, too slow) of an upload it read in full.
   */
  readonly result: Promise<DecodedPhoto | null>;
}

const WORKER_PATH = fileURLToPath(new URL('./decode-worker.ts', import.meta.url));

const FIFO_FOLDER_PREFIX = 'decode-fifos-';

/**
 * This process's one folder for FIFOs (every pool's), made once the folders of API processes that
 * are gone have been removed (a crash leaves its FIFOs behind), and removed when the process exits.
 */
const processFifoFolder = {
  ready: false,
  sweeping: null as Promise<unknown> | null,
  made: null as string | null,
  sweep() {
    this.sweeping ??= removeAbandonedFolders(os.tmpdir(), FIFO_FOLDER_PREFIX).finally(
      () => (this.ready = true),
    );
  },
  removedAtExit: false,
  path(): string {
    if (!this.made) {
      this.made = fs.mkdtempSync(path.join(os.tmpdir(), `${FIFO_FOLDER_PREFIX}${process.pid}-`));
      if (!this.removedAtExit) {
        // Whichever folder is this process's then (it is made again if removed under it).
        process.once(
          'exit',
          () => this.made && fs.rmSync(this.made, { recursive: true, force: true }),
        );
        this.removedAtExit = true;
      }
    }
    return this.made;
  },
};

const DEFAULT_START_TIMEOUT_MS = 30_000;

/** How long a decode whose upload was abandoned may take to answer before its process is killed. */
const ABANDONED_GRACE_MS = 500;

/** A decode process that cannot read an arriving upload here: it is decoded from its file. */
class CannotReadArriving extends Error {}

interface DecodeLimits {
  /** When the time limit starts: at once, or when an arriving upload's last byte is in. */
  readonly timed: Promise<void>;
  /** Once it resolves, the decode has that many milliseconds left before its process is killed. */
  readonly cutShort?: Promise<number>;
}

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
  /** Of those, the ones that read their upload while it arrived. */
  startedArriving = 0;
  private closed = false;
  private readonly fifos = fifoTools();
  /** Whether the decode processes can read an upload as it arrives (known once one is ready). */
  private processesReadArriving = false;
  /**
   * Decodes reading uploads that are still arriving, with the bytes each has had: they yield
   * their process to a decode that would wait, the one least far along first.
   */
  private readonly arriving = new Map<ArrivingDecode, { bytes: number }>();

  constructor(private readonly options: DecodePoolOptions) {
    if (this.fifos) processFifoFolder.sweep();
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

  readonly decode: PhotoDecoder = (source) => {
    // Every process busy, and this decode may wait for one: the process of the upload least far
    // along (one per waiting decode) is let go. One about to be refused takes nobody's.
    if (this.queue.full && this.queue.canWait) this.leastArrived()?.abandon();
    return this.queue.run(async () => {
      // The queue admits at most `concurrency` at once, so a slot is always free here.
      const slot = this.idle.pop()!;
      try {
        return await this.decodeIn(slot, source);
      } finally {
        this.idle.push(slot);
      }
    });
  };

  private leastArrived(): ArrivingDecode | undefined {
    let least: [ArrivingDecode, number] | undefined;
    for (const [decode, { bytes }] of this.arriving)
      if (!least || bytes < least[1]) least = [decode, bytes];
    return least?.[0];
  }

  /**
   * Starts decoding an upload whose bytes are still arriving, in a process that is idle now; null
   * when none is (it never waits for one) or this platform cannot (see arriving-bytes-decoder.ts).
   */
  decodeArriving(): ArrivingDecode | null {
    if (this.closed || !this.fifos || !processFifoFolder.ready) return null;
    if (!this.processesReadArriving) {
      // Not known until a process is ready: this upload is decoded once it is in, the next may not be.
      const slot = this.idle.at(-1);
      if (slot) this.start(slot).catch(() => undefined);
      return null;
    }
    if (this.queue.full) return null;
    // A write that fails gives the decode up: it is decoded from its file.
    const fifo = this.openFifo(() => abandon());
    if (!fifo) return null;
    let lastByteIn!: () => void;
    let cutShort!: (graceMs: number) => void;
    const limits: DecodeLimits = {
      timed: new Promise<void>((resolve) => (lastByteIn = resolve)),
      cutShort: new Promise<number>((resolve) => (cutShort = resolve)),
    };
    const decoded = this.queue.tryRun(async () => {
      const slot = this.idle.pop()!;
      try {
        this.startedArriving++;
        return await this.decodeIn(slot, { fifo: fifo.path }, limits);
      } finally {
        this.idle.push(slot);
      }
    });
    if (!decoded) {
      fifo.close();
      return null;
    }
    let phase: 'arriving' | 'ended' | 'settled' = 'arriving';
    let abandoned = false;
    /** No more bytes will come: the time limit starts, the process sees the FIFO's end. */
    const lastByte = () => {
      this.arriving.delete(decode);
      clearTimeout(arrivalTimer);
      lastByteIn();
    };
    const end = () => {
      if (phase !== 'arriving') return;
      phase = 'ended';
      lastByte();
      fifo.bytes.end();
    };
    const abandon = () => {
      if (phase === 'settled' || abandoned) return;
      abandoned = true;
      if (phase === 'arriving') {
        lastByte();
        fifo.bytes.destroy();
        // A process that has not opened it yet finds it gone instead of waiting for a writer;
        // one reading it sees its end and answers at once, unless busy decoding what it has.
        fs.rm(fifo.path, { force: true }, () => undefined);
      }
      cutShort(ABANDONED_GRACE_MS);
    };
    const progress = { bytes: 0 };
    const result = decoded
      .finally(() => {
        phase = 'settled';
        lastByte();
        fifo.close();
      })
      .then(
        // Whatever it made of an upload given up is not wanted (or not the whole upload).
        (photo) => (abandoned ? null : photo),
        (refusal: unknown) => {
          // Given up, or failed for a reason of ours (not the image's): decoded from its file.
          if (abandoned || !(refusal instanceof AppError)) return null;
          throw refusal;
        },
      );
    result.catch(() => undefined);
    const decode: ArrivingDecode = {
      write: (chunk) => {
        if (phase !== 'arriving' || abandoned) return;
        progress.bytes += chunk.length;
        fifo.bytes.write(chunk);
      },
      end,
      abandon,
      result,
    };
    this.arriving.set(decode, progress);
    const arrivalTimer = setTimeout(decode.abandon, this.options.arrivalLimitMs ?? 5_000);
    return decode;
  }

  /**
   * A new FIFO in this process's folder, with a reading end held until the decode is answered
   * (bytes written, and the writing end closed, before the process opened it stay in it) and
   * the writing end, which never blocks the event loop (FifoWriter). Null if any step failed.
   */
  private openFifo(onWriteFailure: () => void) {
    let fifoPath = '';
    const opened: number[] = [];
    try {
      fifoPath = path.join(processFifoFolder.path(), randomUUID());
      if (!this.fifos!.make(fifoPath)) {
        // Its folder removed under it (a tmp cleaner): made again, once.
        if (fs.existsSync(path.dirname(fifoPath))) return null;
        processFifoFolder.made = null;
        fifoPath = path.join(processFifoFolder.path(), randomUUID());
        if (!this.fifos!.make(fifoPath)) return null;
      }
      opened.push(fs.openSync(fifoPath, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK));
      this.fifos!.widen(opened[0]!);
      opened.push(fs.openSync(fifoPath, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
    } catch {
      for (const descriptor of opened) fs.closeSync(descriptor);
      if (fifoPath) fs.rm(fifoPath, { force: true }, () => undefined);
      return null;
    }
    const [keptOpen, writing] = opened as [number, number];
    const bytes = new FifoWriter(writing, onWriteFailure);
    return {
      path: fifoPath,
      bytes,
      close: () => {
        bytes.destroy();
        fs.closeSync(keptOpen);
        fs.rm(fifoPath, { force: true }, () => undefined);
      },
    };
  }

  private start(slot: Slot): Promise<DecodeProcess> {
    slot.ready ??= new Promise<DecodeProcess>((resolve, reject) => {
      // The bytes go over plain pipes (decode-frames.ts); the IPC channel only says "ready".
      const child = fork(WORKER_PATH, [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['pipe', 'pipe', 'inherit', 'ipc'],
      }) as unknown as DecodeProcess;
      slot.child = child;
      const startLimit = setTimeout(
        () => child.kill('SIGKILL'),
        this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
      );
      const forget = () => {
        clearTimeout(startLimit);
        if (slot.child === child) {
          slot.child = null;
          slot.ready = null;
        }
      };
      const reader = replyReader((reply) => slot.onReply?.(reply));
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
        this.processesReadArriving = ready === 'ready arriving';
        // Neither the process nor its pipes and channel keep the API alive.
        child.unref();
        for (const handle of [child.stdin, child.stdout, child.channel])
          (handle as { unref?: () => void } | null | undefined)?.unref?.();
        resolve(child);
      });
    });
    return slot.ready;
  }

  private async decodeIn(
    slot: Slot,
    source: PhotoSource | ArrivingSource,
    limits: DecodeLimits = { timed: Promise.resolve() },
  ): Promise<DecodedPhoto> {
    if (this.closed) throw new Error('decode pool closed');
    let child = await this.start(slot);
    if (
      child.killed ||
      child.exitCode !== null ||
      child.signalCode !== null ||
      !child.stdin.writable
    ) {
      // It died while idle (killed by an operator or the OS): start another.
      slot.child = null;
      slot.ready = null;
      child = await this.start(slot);
    }
    const id = this.nextId++;
    this.started++;
    const cpuAtStart = 'fifo' in source ? processCpuTimeMs(child.pid) : null;
    return new Promise<DecodedPhoto>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      const finish = () => {
        settled = true;
        clearTimeout(timer);
        slot.onReply = null;
        child.off('exit', onExit);
      };
      slot.onReply = (reply) => {
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
        if (slot.child === child) {
          slot.child = null;
          slot.ready = null;
        }
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

  async close(): Promise<void> {
    this.closed = true;
    for (const decode of this.arriving.keys()) decode.abandon();
    for (const slot of this.slots) slot.child?.kill('SIGKILL');
  }
}
