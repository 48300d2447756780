import { AppError } from '../../shared/errors';

export interface DecodeQueueOptions {
  /** Decodes at once. Kept below libuv's thread pool (UV_THREADPOOL_SIZE, 4) so password hashing always finds a thread. */
  readonly concurrency: number;
  /** Decodes that may wait for a slot; past that the upload is refused with 503. */
  readonly maxWaiting: number;
  /** Suggested wait, in seconds, sent as Retry-After when the queue is full. */
  readonly retryAfterSeconds: number;
}

export const DECODE_BUSY_MESSAGE =
  'We are processing a lot of photos right now. Please try again in a few seconds.';

export class DecodeQueueFullError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('SERVER_BUSY', DECODE_BUSY_MESSAGE, 503, { retryAfterSeconds });
  }
}

/**
 * A bounded queue for image decodes: at most `concurrency` run, at most `maxWaiting` wait, and
 * anyone past that is told to come back later instead of queueing without end.
 */
export class DecodeQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: DecodeQueueOptions) {}

  get stats() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Whether a decode would have to wait for a slot. */
  get full(): boolean {
    return this.running >= this.options.concurrency;
  }

  /** Whether a decode that has to wait may (rather than be refused). */
  get canWait(): boolean {
    return this.waiting.length < this.options.maxWaiting;
  }

  /** Runs `task` now if a slot is free and nobody waits for one; null otherwise (it never queues). */
  tryRun<T>(task: () => Promise<T>): Promise<T> | null {
    if (this.running >= this.options.concurrency || this.waiting.length > 0) return null;
    this.running++;
    return this.runInSlot(task);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxWaiting)
        throw new DecodeQueueFullError(this.options.retryAfterSeconds);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    return this.runInSlot(task);
  }

  private async runInSlot<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line.
      if (next) next();
      else this.running--;
    }
  }
}
