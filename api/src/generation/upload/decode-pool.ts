import fs from 'node:fs';
import { AppError } from '../../shared/errors';
import { fifoTools } from './arriving-bytes-decoder';
import { openDecodeFifo, processFifoFolder } from './decode-fifo';
import { DecodeSlot, type DecodeLimits } from './decode-process';
import { DecodeQueue } from './decode-queue';
import type { DecodedPhoto, PhotoDecoder } from './sanitize-upload';

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

/** How long a decode whose upload was abandoned may take to answer before its process is killed. */
const ABANDONED_GRACE_MS = 500;

/**
 * Decodes uploads in a few long-lived child processes behind a bounded queue. A decode that
 * outlives its time limit is stopped by killing its process (a fresh one starts for the next).
 */
export class DecodePool {
  private readonly queue: DecodeQueue;
  private readonly idle: DecodeSlot[] = [];
  private readonly slots: DecodeSlot[] = [];
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
      const slot = new DecodeSlot({
        timeoutMs: options.timeoutMs,
        startTimeoutMs: options.startTimeoutMs,
        onReady: (readsArriving) => (this.processesReadArriving = readsArriving),
      });
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
      if (slot) slot.start().catch(() => undefined);
      return null;
    }
    if (this.queue.full) return null;
    // A write that fails gives the decode up: it is decoded from its file.
    const fifo = openDecodeFifo(this.fifos, () => abandon());
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

  private async decodeIn(
    slot: DecodeSlot,
    source: Parameters<DecodeSlot['decode']>[0],
    limits?: DecodeLimits,
  ): Promise<DecodedPhoto> {
    if (this.closed) throw new Error('decode pool closed');
    // Counted once a process is there to take it (a start that fails hands nothing over).
    await slot.start();
    this.started++;
    return slot.decode(source, limits);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const decode of this.arriving.keys()) decode.abandon();
    for (const slot of this.slots) slot.kill();
  }
}
