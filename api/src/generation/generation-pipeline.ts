import { componentLogger, generationStreamId, type Ledger } from '@app/ledger';
import type { BlobStore } from '../storage/blob-store';
import { AppError } from '../shared/errors';
import {
  ProviderError,
  type ImageProvider,
  type ProviderOutcome,
  type StyleId,
} from './engine/image-provider';
import type { GenerationRepository, GenerationRequest } from './generation-repository';
import {
  resultUrlFor,
  type GenerationSettlement,
  type SettlementActor,
} from './generation-settlement';
import type { ProviderQueue } from './provider-queue';
import { mustRestartDeadline } from './deadline-restart';

const log = componentLogger('generation');

export const GENERATION_FAILED_MESSAGE = 'Failed to generate image';

/** What a held generation needs on its way through the image service. */
export interface GenerationJob {
  style: StyleId;
  prompt: string;
  seed: number;
  photo: Buffer;
  actionFigure?: { name: string; profession: string; accessories: string[] };
  priority: 'priority' | 'standard';
  by: SettlementActor;
  checkedAt: number;
  heldAt: number;
}

interface Submitted {
  outcome: ProviderOutcome;
  timeout: AbortSignal;
  providerStartedAt: number;
}

/** Told when generations start and end (metrics). */
export interface GenerationObserver {
  started(labels: { style: string; provider: string }): void;
  finished(
    labels: { style: string; provider: string },
    outcome: { succeeded: true } | { succeeded: false; code: string },
    seconds: number,
  ): void;
}

export interface GenerationTimings {
  /** The upload passed its checks (decoded and re-encoded) and the balance was read. */
  checkedAt: number;
  /** The credits are held. */
  heldAt: number;
  providerStartedAt: number;
  providerFinishedAt: number;
}

const INTERRUPTED_WHILE_QUEUED =
  'The generation waited too long for the image service. Your credits were not used. Please try again.';

export interface GenerationOutcome {
  generation: GenerationRequest;
  url: string;
  /** performance.now() at each step, for Server-Timing (absent on replays). */
  timings?: GenerationTimings;
}

/**
 * A held generation's way through the image service: recorded as requested, submitted when a
 * provider slot is free, then settled (image delivered and hold captured, or hold released).
 */
export class GenerationPipeline {
  constructor(
    private readonly ledger: Ledger,
    private readonly provider: ImageProvider,
    private readonly blobs: BlobStore,
    private readonly queue: ProviderQueue,
    private readonly repository: GenerationRepository,
    private readonly settlement: GenerationSettlement,
    private readonly providerTimeoutMs: number,
    private readonly observer?: GenerationObserver,
  ) {}

  async run(request: GenerationRequest, job: GenerationJob): Promise<GenerationOutcome> {
    // Recorded while the image service already works: neither is needed before the call.
    const requested = this.recordRequested(request, job);
    const stored = this.blobs.put(request.uploadKey!, job.photo, 'image/jpeg');
    try {
      const submitted = await this.submit(request, job, [requested, stored]);
      return await this.settle(request, job, submitted);
    } catch (error) {
      await Promise.allSettled([requested, stored]);
      if (error instanceof AppError && error.code === 'GENERATION_FAILED') throw error;
      return this.fail(request, job, error);
    }
  }

  private recordRequested(request: GenerationRequest, job: GenerationJob) {
    return this.ledger.generations.handle(
      generationStreamId(request.id),
      {
        type: 'RequestGeneration',
        data: {
          generationId: request.id,
          userId: request.userId,
          style: job.style,
          provider: this.provider.name,
          reservationId: request.id,
          seed: job.seed,
        },
      },
      {
        now: new Date(),
        ...job.by,
        reason: 'Generation requested',
        idempotencyKey: `generation-requested:${request.id}`,
      },
    );
  }

  /** Sends the photo when a provider slot is free, records the submission, waits for the result. */
  private submit(
    request: GenerationRequest,
    job: GenerationJob,
    recordedFirst: readonly Promise<unknown>[],
  ) {
    return this.queue.run(job.priority, async (waited) => {
      // Queued past its deadline, it is recovery's (on any replica) to settle: never sent. Its
      // hold is released on the failure path (or was, by recovery).
      if (
        mustRestartDeadline(waited, request.deadline, Date.now(), this.providerTimeoutMs) &&
        !(await this.repository.restartDeadline(request.id))
      )
        throw new ProviderError('PROVIDER_TIMEOUT', INTERRUPTED_WHILE_QUEUED);
      const providerStartedAt = performance.now();
      const { predictionId } = await this.provider.submit({
        generationId: request.id,
        style: job.style,
        prompt: job.prompt,
        seed: job.seed,
        photo: job.photo,
        ...(job.actionFigure ? { actionFigure: job.actionFigure } : {}),
      });
      await Promise.all(recordedFirst);
      await this.repository.setPrediction(request.id, predictionId);
      await this.ledger.generations.handle(
        generationStreamId(request.id),
        {
          type: 'RecordSubmission',
          data: { generationId: request.id, userId: request.userId, predictionId },
        },
        {
          now: new Date(),
          ...job.by,
          reason: 'Sent to the image service',
          idempotencyKey: `generation-submitted:${request.id}`,
        },
      );
      const timeout = AbortSignal.timeout(this.providerTimeoutMs);
      return {
        outcome: await this.provider.wait(predictionId, timeout),
        timeout,
        providerStartedAt,
      };
    });
  }

  /** The image is delivered and the hold captured, or the hold is released and the user told why. */
  private async settle(
    request: GenerationRequest,
    job: GenerationJob,
    { outcome, timeout, providerStartedAt }: Submitted,
  ): Promise<GenerationOutcome> {
    const providerFinishedAt = performance.now();
    if (outcome.status === 'succeeded') {
      const delivered = await this.settlement.deliver(request, outcome.png, job.by);
      if (delivered) {
        this.finished(request, job.heldAt, null);
        return {
          generation: delivered,
          url: resultUrlFor(request.id),
          timings: {
            checkedAt: job.checkedAt,
            heldAt: job.heldAt,
            providerStartedAt,
            providerFinishedAt,
          },
        };
      }
      this.finished(request, job.heldAt, 'DELIVERY_FAILED');
      throw new AppError('GENERATION_FAILED', GENERATION_FAILED_MESSAGE, 502);
    }
    const message =
      outcome.status === 'processing'
        ? 'The image service took too long. Your credits were not used. Please try again.'
        : outcome.message;
    // Waiting ran out of time: the user is told the image took too long (code PROVIDER_TIMEOUT).
    const code =
      outcome.status === 'failed'
        ? outcome.code
        : outcome.status === 'canceled' && !timeout.aborted
          ? 'PROVIDER_CANCELED'
          : 'PROVIDER_TIMEOUT';
    const delivered = await this.settlement.release(request, code, message, job.by);
    if (delivered) return this.deliveredAfterAll(request, job, delivered);
    this.finished(request, job.heldAt, code);
    throw new AppError('GENERATION_FAILED', message || GENERATION_FAILED_MESSAGE, 502);
  }

  /**
   * The hold turned out captured when the failure path went to release it (a step after the
   * capture failed, or another replica's recovery delivered the image): the user paid for an
   * image that is in My creations, so they are answered with it, not told it failed.
   */
  private deliveredAfterAll(
    request: GenerationRequest,
    job: GenerationJob,
    delivered: GenerationRequest,
  ): GenerationOutcome {
    this.finished(request, job.heldAt, null);
    return { generation: delivered, url: resultUrlFor(request.id) };
  }

  /** Anything unexpected on the way: the hold is released (or left to the reconciler). */
  private async fail(
    request: GenerationRequest,
    job: GenerationJob,
    error: unknown,
  ): Promise<GenerationOutcome> {
    const message = error instanceof ProviderError ? error.message : GENERATION_FAILED_MESSAGE;
    const code = error instanceof ProviderError ? error.code : 'INTERNAL';
    if (!(error instanceof ProviderError))
      log.error({ err: error, generationId: request.id }, 'generation failed');
    const delivered = await this.settlement
      .release(request, code, message, job.by)
      .catch((releaseError: unknown) => {
        // Left for the reconciler: the hold's deadline guarantees it is settled.
        log.error(
          { err: releaseError, generationId: request.id },
          'release failed; the reconciler will settle the hold',
        );
        return null;
      });
    if (delivered) return this.deliveredAfterAll(request, job, delivered);
    this.finished(request, job.heldAt, code);
    throw new AppError(
      'GENERATION_FAILED',
      message,
      error instanceof ProviderError && error.code === 'PROVIDER_RATE_LIMITED' ? 503 : 502,
    );
  }

  private finished(request: GenerationRequest, heldAt: number, code: string | null) {
    this.observer?.finished(
      { style: request.style, provider: this.provider.name },
      code === null ? { succeeded: true } : { succeeded: false, code },
      (performance.now() - heldAt) / 1000,
    );
  }
}
