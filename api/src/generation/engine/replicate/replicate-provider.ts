import { setTimeout as delay } from 'node:timers/promises';
import Replicate from 'replicate';
import type { Prediction } from 'replicate';
import { ProviderError } from '../image-provider.js';
import type {
  GenerationInput,
  ImageProvider,
  ProviderOutcome,
  ProviderSubmission,
} from '../image-provider.js';
import {
  REPLICATE_MESSAGES,
  apiErrorStatus,
  detectImageMime,
  isAbortError,
  mapPrediction,
  photoDataUri,
  toProviderError,
} from './replicate-mapping.js';
import type { PredictionStep } from './replicate-mapping.js';

export const DEFAULT_REPLICATE_MODEL = 'black-forest-labs/flux-kontext-pro';

export interface ReplicateImageProviderOptions {
  readonly apiToken: string;
  /** Defaults to https://api.replicate.com/v1 (tests point it at the fake server). */
  readonly baseUrl?: string;
  /** An official model, `owner/name`. */
  readonly model?: string;
  readonly pollIntervalMs: number;
  /** How long `wait` polls before it cancels the prediction and reports PROVIDER_TIMEOUT. */
  readonly timeoutMs: number;
  /** Used for the API and for downloading outputs. */
  readonly fetch?: typeof fetch;
  readonly downloadTimeoutMs?: number;
  readonly maxOutputBytes?: number;
}

/** Consecutive failed polls tolerated (after the client's own retries) before `wait` gives up. */
const MAX_POLL_FAILURES = 3;
const DOWNLOAD_ATTEMPTS = 2;

/**
 * FLUX.1 Kontext [pro] on Replicate through the official `replicate` client. `wait` polls
 * (no webhooks) and downloads the output the moment it exists: Replicate deletes outputs
 * after an hour, so a URL is never handed on.
 */
export class ReplicateImageProvider implements ImageProvider {
  readonly name = 'replicate';
  private readonly client: Replicate;
  private readonly model: string;
  private readonly pollIntervalMs: number;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly downloadTimeoutMs: number;
  private readonly maxOutputBytes: number;
  /** Removes the listener that cancels a prediction when its generation's signal aborts. */
  private readonly unwatch = new Map<string, () => void>();

  constructor(options: ReplicateImageProviderOptions) {
    if (!options.apiToken)
      throw new Error('The replicate image provider needs an API token (REPLICATE_API_TOKEN).');
    this.model = options.model ?? DEFAULT_REPLICATE_MODEL;
    this.pollIntervalMs = Math.max(1, options.pollIntervalMs);
    this.timeoutMs = Math.max(1, options.timeoutMs);
    this.fetch = options.fetch ?? globalThis.fetch;
    this.downloadTimeoutMs = options.downloadTimeoutMs ?? 60_000;
    this.maxOutputBytes = options.maxOutputBytes ?? 40 * 1024 * 1024;
    this.client = new Replicate({
      auth: options.apiToken,
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      fetch: this.fetch,
      useFileOutput: false,
    });
  }

  async submit(input: GenerationInput): Promise<ProviderSubmission> {
    if (input.signal?.aborted)
      throw new ProviderError('PROVIDER_CANCELED', REPLICATE_MESSAGES.startCanceled);
    const modelInput = {
      prompt: input.prompt,
      input_image: photoDataUri(input.photo),
      aspect_ratio: '1:1',
      output_format: 'png',
      // The model's maximum when an input image is given.
      safety_tolerance: 2,
      ...(input.seed !== undefined ? { seed: input.seed } : {}),
    };
    let prediction: Prediction;
    try {
      prediction = await this.client.predictions.create({
        model: this.model,
        input: modelInput,
        ...(input.signal ? { signal: input.signal } : {}),
      });
    } catch (error) {
      throw toProviderError(error);
    }
    if (input.signal) this.cancelOnAbort(prediction.id, input.signal);
    return { predictionId: prediction.id };
  }

  /** Polls until the prediction finishes or `timeoutMs` passes; aborting `signal` only stops waiting. */
  async wait(predictionId: string, signal?: AbortSignal): Promise<ProviderOutcome> {
    const deadline = Date.now() + this.timeoutMs;
    let failures = 0;
    for (;;) {
      if (signal?.aborted) return stoppedWaiting();
      let prediction: Prediction | undefined;
      try {
        prediction = await this.client.predictions.get(predictionId, signal ? { signal } : {});
        failures = 0;
      } catch (error) {
        if (signal?.aborted) return stoppedWaiting();
        const status = apiErrorStatus(error);
        if (status === 404) return this.settle(predictionId, lost());
        const transient = status === undefined || status === 429 || status >= 500;
        if (!transient || ++failures >= MAX_POLL_FAILURES) throw toProviderError(error);
      }
      if (prediction) {
        const step = mapPrediction(prediction);
        if (step.kind !== 'pending') return this.finish(predictionId, step, signal);
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) return this.timeOut(predictionId, signal);
      try {
        await delay(Math.min(this.pollIntervalMs, remaining), undefined, signal ? { signal } : {});
      } catch {
        return stoppedWaiting();
      }
    }
  }

  /** One look, for crash recovery: `processing` while it runs, otherwise the final outcome. */
  async check(predictionId: string): Promise<ProviderOutcome> {
    let prediction: Prediction;
    try {
      prediction = await this.client.predictions.get(predictionId);
    } catch (error) {
      if (apiErrorStatus(error) === 404) return this.settle(predictionId, lost());
      throw toProviderError(error);
    }
    const step = mapPrediction(prediction);
    return step.kind === 'pending' ? { status: 'processing' } : this.finish(predictionId, step);
  }

  private async finish(
    predictionId: string,
    step: Exclude<PredictionStep, { kind: 'pending' }>,
    signal?: AbortSignal,
  ): Promise<ProviderOutcome> {
    if (step.kind === 'outcome') return this.settle(predictionId, step.outcome);
    try {
      return this.settle(predictionId, await this.download(step.url, signal));
    } catch (error) {
      if (signal?.aborted) return stoppedWaiting();
      throw error;
    }
  }

  private async timeOut(predictionId: string, signal?: AbortSignal): Promise<ProviderOutcome> {
    try {
      const step = mapPrediction(await this.client.predictions.cancel(predictionId));
      // It finished between the last poll and the cancel: report what it really did.
      if (
        step.kind === 'download' ||
        (step.kind === 'outcome' && step.outcome.status === 'failed')
      ) {
        return await this.finish(predictionId, step, signal);
      }
    } catch {
      // Best effort: the prediction may keep running, but the user is told it timed out either way.
    }
    return this.settle(predictionId, {
      status: 'failed',
      code: 'PROVIDER_TIMEOUT',
      message: REPLICATE_MESSAGES.timeout,
    });
  }

  private async download(url: string, signal?: AbortSignal): Promise<ProviderOutcome> {
    for (let attempt = 1; attempt <= DOWNLOAD_ATTEMPTS; attempt++) {
      const timeout = AbortSignal.timeout(this.downloadTimeoutMs);
      try {
        // No Authorization header: output URLs are public, and the token must not travel to another host.
        const response = await this.fetch(url, {
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        if (response.status >= 400 && response.status < 500) {
          await response.body?.cancel();
          return failed(REPLICATE_MESSAGES.outputGone);
        }
        if (!response.ok) {
          // A 5xx from the file host: worth one more try while the output still exists.
          await response.body?.cancel();
          continue;
        }
        if (Number(response.headers.get('content-length') ?? 0) > this.maxOutputBytes) {
          await response.body?.cancel();
          return failed(REPLICATE_MESSAGES.outputTooLarge);
        }
        const bytes = Buffer.from(await response.arrayBuffer());
        if (bytes.length > this.maxOutputBytes) return failed(REPLICATE_MESSAGES.outputTooLarge);
        return checkPng(bytes);
      } catch (error) {
        if (signal?.aborted && isAbortError(error)) throw error;
      }
    }
    throw new ProviderError('PROVIDER_UNAVAILABLE', REPLICATE_MESSAGES.unavailable);
  }

  private cancelOnAbort(predictionId: string, signal: AbortSignal): void {
    const onAbort = (): void => {
      this.unwatch.delete(predictionId);
      this.client.predictions.cancel(predictionId).catch(() => undefined);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    this.unwatch.set(predictionId, () => signal.removeEventListener('abort', onAbort));
  }

  private settle(predictionId: string, outcome: ProviderOutcome): ProviderOutcome {
    this.unwatch.get(predictionId)?.();
    this.unwatch.delete(predictionId);
    return outcome;
  }
}

function checkPng(bytes: Buffer): ProviderOutcome {
  const mime = detectImageMime(bytes);
  if (mime === 'image/png') return { status: 'succeeded', png: bytes };
  const what = mime
    ? `a ${mime.slice('image/'.length).toUpperCase()} image`
    : 'a file that is not an image';
  return failed(`The image service returned ${what} instead of a PNG. Your credits were not used.`);
}

function failed(message: string): ProviderOutcome {
  return { status: 'failed', code: 'PROVIDER_FAILED', message };
}

function lost(): ProviderOutcome {
  return failed(REPLICATE_MESSAGES.lost);
}

function stoppedWaiting(): ProviderOutcome {
  return { status: 'canceled', message: REPLICATE_MESSAGES.stoppedWaiting };
}
