import { ProviderError, STYLE_IDS } from '../image-provider';
import type {
  GenerationInput,
  ImageProvider,
  ProviderOutcome,
  ProviderSubmission,
} from '../image-provider';
import { userWords } from './direction';
import { UnreadablePhotoError, renderLocal } from './render';
import type { RenderRequest } from './render';

export interface LocalImageProviderOptions {
  /** Finished renders kept for `wait`/`check` (about 1 MB each); the oldest go first. */
  readonly retainResults?: number;
  /** Renders are CPU-bound and share the API's cores, so by default they run one at a time. */
  readonly concurrency?: number;
  /** Replaces the sharp pipeline (tests). */
  readonly render?: (request: RenderRequest) => Promise<Buffer>;
}

interface Job {
  readonly done: Promise<ProviderOutcome>;
  outcome?: ProviderOutcome;
}

// Users read these: what happened to their image and their credits, not how the engine works.
// (The local engine keeps renders in memory only, so after a restart earlier ones are gone.)
export const LOCAL_LOST_MESSAGE =
  'Your image could not be finished because the image service restarted. Your credits were not used. Please try again.';
export const TOOK_TOO_LONG_MESSAGE =
  'The image took too long to make, so we stopped. Your credits were not used. Please try again.';

/**
 * The embedded default provider: a deterministic sharp pipeline per style, in process, with
 * no network and no model. Results live in a bounded in-memory map, so after a restart
 * `check` answers `failed` for every earlier prediction and crash recovery releases the hold.
 */
export class LocalImageProvider implements ImageProvider {
  readonly name = 'local';
  private readonly jobs = new Map<string, Job>();
  private readonly retain: number;
  private readonly concurrency: number;
  private readonly render: (request: RenderRequest) => Promise<Buffer>;
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(options: LocalImageProviderOptions = {}) {
    this.retain = Math.max(1, options.retainResults ?? 16);
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.render = options.render ?? renderLocal;
  }

  async submit(input: GenerationInput): Promise<ProviderSubmission> {
    if (input.signal?.aborted) {
      throw new ProviderError(
        'PROVIDER_CANCELED',
        'The generation was canceled before it started.',
      );
    }
    if (!STYLE_IDS.includes(input.style)) {
      throw new ProviderError(
        'PROVIDER_FAILED',
        `The local image engine has no style "${String(input.style)}".`,
      );
    }
    const predictionId = `local-${input.generationId}`;
    // Idempotent: submitting the same generation again joins the render already under way.
    if (this.jobs.has(predictionId)) return { predictionId };
    const job: Job = {
      done: this.run(input).then((outcome) => {
        job.outcome = outcome;
        this.evictSettled();
        return outcome;
      }),
    };
    this.jobs.set(predictionId, job);
    return { predictionId };
  }

  /** Waits for the render; aborting `signal` stops waiting (cancel a render via the input's signal). */
  async wait(predictionId: string, signal?: AbortSignal): Promise<ProviderOutcome> {
    const job = this.jobs.get(predictionId);
    if (!job) return lost();
    if (job.outcome) return job.outcome;
    if (!signal) return job.done;
    if (signal.aborted) return stoppedWaiting();
    return new Promise<ProviderOutcome>((resolve) => {
      const onAbort = (): void => resolve(stoppedWaiting());
      signal.addEventListener('abort', onAbort, { once: true });
      void job.done.then((outcome) => {
        signal.removeEventListener('abort', onAbort);
        resolve(outcome);
      });
    });
  }

  async check(predictionId: string): Promise<ProviderOutcome> {
    const job = this.jobs.get(predictionId);
    if (!job) return lost();
    return job.outcome ?? { status: 'processing' };
  }

  private async run(input: GenerationInput): Promise<ProviderOutcome> {
    await this.acquire();
    try {
      if (input.signal?.aborted) return canceled();
      const request: RenderRequest = {
        style: input.style,
        photo: input.photo,
        prompt: userWords(input.style, input.prompt),
        seed: input.seed ?? 0,
        ...(input.actionFigure ? { actionFigure: input.actionFigure } : {}),
        ...(input.signal ? { signal: input.signal } : {}),
      };
      return { status: 'succeeded', png: await this.render(request) };
    } catch (error) {
      if (input.signal?.aborted) return canceled();
      if (error instanceof UnreadablePhotoError) {
        return { status: 'failed', code: 'PROVIDER_FAILED', message: error.message };
      }
      const detail = error instanceof Error ? error.message : String(error);
      return {
        status: 'failed',
        code: 'PROVIDER_FAILED',
        message: `The local image engine failed: ${detail}`,
      };
    } finally {
      this.release();
    }
  }

  private async acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }

  private evictSettled(): void {
    let settled = 0;
    for (const job of this.jobs.values()) if (job.outcome) settled++;
    for (const [id, job] of this.jobs) {
      if (settled <= this.retain) break;
      if (!job.outcome) continue;
      this.jobs.delete(id);
      settled--;
    }
  }
}

function lost(): ProviderOutcome {
  return { status: 'failed', code: 'PROVIDER_FAILED', message: LOCAL_LOST_MESSAGE };
}

function canceled(): ProviderOutcome {
  return { status: 'canceled', message: 'The generation was canceled.' };
}

function stoppedWaiting(): ProviderOutcome {
  return { status: 'canceled', message: TOOK_TOO_LONG_MESSAGE };
}
