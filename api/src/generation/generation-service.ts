import { createHash, randomInt, randomUUID } from 'node:crypto';
import {
  componentLogger,
  CREDITS_PER_GENERATION,
  creditStreamId,
  generationStreamId,
  INSUFFICIENT_CREDITS_MESSAGE,
  TooManyGenerationsError,
  type Ledger,
} from '@app/ledger';
import { getAccountSnapshot } from '@app/projections';
import type pg from 'pg';
import type { ProjectionsGate } from '../composition/projections-gate';
import { isPaidPlan } from '../billing/plans';
import type { UserRecord } from '../accounts/users-repository';
import { AppError, badInput } from '../shared/errors';
import type { RequestContext } from '../shared/request-context';
import type { BlobStore } from '../storage/blob-store';
import {
  ProviderError,
  STYLE_IDS,
  type ImageProvider,
  type StyleId,
} from './engine/image-provider';
import { GenerationRepository, type GenerationRequest } from './generation-repository';
import { GenerationSettlement, resultUrlFor, type SettlementActor } from './generation-settlement';
import { actionFigureConfigSchema } from './prompts/action-figure-prompt';
import { buildGenerationPrompt, MAX_PROMPT_LENGTH } from './prompts/style-prompts';
import type { ProviderQueue } from './provider-queue';
import {
  decodePhoto,
  sanitizeUpload,
  UPLOAD_MESSAGES,
  type PhotoDecoder,
} from './upload/sanitize-upload';

const log = componentLogger('generation');

export const GENERATION_FAILED_MESSAGE = 'Failed to generate image';
export const MAX_GENERATIONS_IN_PROGRESS = 2;

export interface GenerationSettings {
  /** How long we wait for the image service before giving up (and releasing the credits). */
  readonly providerTimeoutMs: number;
  /** Added to the timeout for the hold's deadline; past it the reconciler settles the hold. */
  readonly holdMarginMs: number;
  /** Decodes uploads (in production a bounded pool of processes with a time limit). */
  readonly decode?: PhotoDecoder;
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

export interface GenerateRequest {
  user: UserRecord;
  style: string;
  prompt?: string | null;
  photo: Buffer | null;
  /** The action figure's card details (name, profession, accessories), when the style is action-figure. */
  actionFigure?: unknown;
  idempotencyKey?: string | null;
  context: RequestContext;
}

export interface GenerationTimings {
  /** The upload passed its checks (decoded and re-encoded) and the balance was read. */
  checkedAt: number;
  /** The credits are held. */
  heldAt: number;
  providerStartedAt: number;
  providerFinishedAt: number;
}

export interface GenerationOutcome {
  generation: GenerationRequest;
  url: string;
  /** performance.now() at each step, for Server-Timing (absent on replays). */
  timings?: GenerationTimings;
}

const parseStyle = (style: string): StyleId => {
  if (!STYLE_IDS.includes(style as StyleId)) throw badInput(`Unknown style "${style}"`);
  return style as StyleId;
};

/**
 * A client's idempotency key maps to one generation id per user: a SHA-256 of both, laid out
 * as a UUID. The '4' and 'a' are only the version and variant bits z.uuid() asks for; the id
 * is derived, not random. It stays so: stored generations carry these ids, and a retry after a
 * deploy must land on the same one (RFC 9562's v8 would be the honest label for new schemes).
 */
const derivedGenerationId = (userId: string, key: string) => {
  const hex = createHash('sha256').update(`${userId}:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * Upload checked → 5 credits held → image service (through the fair queue) → image stored →
 * hold captured → photo deleted → URL. Any failure after the hold releases it. The work is not
 * tied to the HTTP request: a browser that disconnects still gets its result in its history.
 */
export class GenerationService {
  readonly repository: GenerationRepository;
  readonly settlement: GenerationSettlement;
  /** Generations this process is running; the reconciler leaves them alone. */
  readonly inFlight = new Map<string, Promise<GenerationOutcome>>();
  /** Uploads being decoded and re-encoded right now. */
  decodesInProgress = 0;
  readonly queue: ProviderQueue;

  constructor(
    private readonly pool: pg.Pool,
    private readonly ledger: Ledger,
    projections: ProjectionsGate,
    private readonly provider: ImageProvider,
    private readonly blobs: BlobStore,
    queue: ProviderQueue,
    private readonly settings: GenerationSettings,
    private readonly observer?: GenerationObserver,
  ) {
    this.queue = queue;
    this.repository = new GenerationRepository(pool);
    this.settlement = new GenerationSettlement(ledger, this.repository, blobs, projections);
  }

  async generate(request: GenerateRequest): Promise<GenerationOutcome> {
    const { user } = request;
    const style = parseStyle(request.style);
    if ((request.prompt ?? '').length > MAX_PROMPT_LENGTH) {
      throw badInput(`The prompt can be at most ${MAX_PROMPT_LENGTH} characters`);
    }
    const idempotencyKey = request.idempotencyKey?.trim().slice(0, 200) || null;
    if (idempotencyKey) {
      const earlier = await this.repository.findByIdempotencyKey(user.id, idempotencyKey);
      if (earlier) return this.replay(earlier);
    }
    // The spec's order: signed in (the adapters), enough credits, a photo. Everything cheap
    // (the balance, the generations already running, the photo's header) is checked before a
    // single pixel is decoded, so a user who cannot generate cannot make the server decode.
    const snapshot = await getAccountSnapshot(this.pool, user.id);
    if (snapshot.available < CREDITS_PER_GENERATION) {
      throw new AppError('INSUFFICIENT_CREDITS', INSUFFICIENT_CREDITS_MESSAGE, 402);
    }
    // The hold below decides this atomically; the read model answers early for the common case.
    if (snapshot.held >= MAX_GENERATIONS_IN_PROGRESS * CREDITS_PER_GENERATION) {
      throw new TooManyGenerationsError(MAX_GENERATIONS_IN_PROGRESS);
    }
    if (!request.photo) {
      const message =
        style === 'action-figure' ? UPLOAD_MESSAGES.missingProfileImage : UPLOAD_MESSAGES.missing;
      throw new AppError('UPLOAD_MISSING', message, 400);
    }
    const photo = await this.decode(request.photo);
    const checkedAt = performance.now();
    const actionFigure =
      style === 'action-figure' && request.actionFigure
        ? actionFigureConfigSchema.safeParse(request.actionFigure)
        : null;
    const { userPrompt, prompt } = buildGenerationPrompt(style, request.prompt);

    const id = idempotencyKey ? derivedGenerationId(user.id, idempotencyKey) : randomUUID();
    const uploadKey = `uploads/${id}.jpg`;
    const created = await this.repository.create({
      id,
      userId: user.id,
      style,
      prompt: userPrompt,
      idempotencyKey,
      provider: this.provider.name,
      deadline: new Date(Date.now() + this.settings.providerTimeoutMs + this.settings.holdMarginMs),
      uploadKey,
    });
    if (!created) return this.replay((await this.repository.find(id))!);

    const by: SettlementActor = {
      actor: { kind: 'user', id: user.id },
      correlationId: request.context.correlationId,
    };
    try {
      await this.ledger.credits.handle(
        creditStreamId(user.id),
        {
          type: 'HoldCredits',
          data: {
            userId: user.id,
            reservationId: id,
            generationId: id,
            amount: CREDITS_PER_GENERATION,
            deadline: created.deadline,
            maxOpenHolds: MAX_GENERATIONS_IN_PROGRESS,
          },
        },
        { now: new Date(), ...by, reason: `Generation ${style}`, idempotencyKey: `hold:${id}` },
      );
    } catch (error) {
      // Nothing was held: the request never happened.
      await this.repository.delete(id);
      throw error;
    }

    const heldAt = performance.now();
    this.observer?.started({ style, provider: this.provider.name });
    const work = this.run(created, {
      style,
      prompt,
      // Every generation its own variation; recorded with the request so it can be reproduced.
      seed: randomInt(0, 2 ** 31),
      photo: photo.data,
      ...(actionFigure?.success ? { actionFigure: actionFigure.data } : {}),
      priority:
        isPaidPlan(snapshot.subscription?.planId) && snapshot.subscription?.status === 'active'
          ? 'priority'
          : 'standard',
      by,
      checkedAt,
      heldAt,
    });
    this.inFlight.set(id, work);
    void work.catch(() => undefined).finally(() => this.inFlight.delete(id));
    return work;
  }

  private async run(
    request: GenerationRequest,
    job: {
      style: StyleId;
      prompt: string;
      seed: number;
      photo: Buffer;
      actionFigure?: { name: string; profession: string; accessories: string[] };
      priority: 'priority' | 'standard';
      by: SettlementActor;
      checkedAt: number;
      heldAt: number;
    },
  ): Promise<GenerationOutcome> {
    // Recorded while the image service already works: neither is needed before the call.
    const requested = this.ledger.generations.handle(
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
    const stored = this.blobs.put(request.uploadKey!, job.photo, 'image/jpeg');
    try {
      let providerStartedAt = 0;
      let timeout = new AbortController().signal;
      const outcome = await this.queue.run(job.priority, async () => {
        providerStartedAt = performance.now();
        const { predictionId } = await this.provider.submit({
          generationId: request.id,
          style: job.style,
          prompt: job.prompt,
          seed: job.seed,
          photo: job.photo,
          ...(job.actionFigure ? { actionFigure: job.actionFigure } : {}),
        });
        await Promise.all([requested, stored]);
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
        timeout = AbortSignal.timeout(this.settings.providerTimeoutMs);
        return this.provider.wait(predictionId, timeout);
      });
      const providerFinishedAt = performance.now();
      if (outcome.status === 'succeeded') {
        if (await this.settlement.deliver(request, outcome.png, job.by)) {
          this.finished(request, job.heldAt, null);
          return {
            generation: (await this.repository.find(request.id))!,
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
      await this.settlement.release(request, code, message, job.by);
      this.finished(request, job.heldAt, code);
      throw new AppError('GENERATION_FAILED', message || GENERATION_FAILED_MESSAGE, 502);
    } catch (error) {
      await Promise.allSettled([requested, stored]);
      if (error instanceof AppError && error.code === 'GENERATION_FAILED') throw error;
      const message = error instanceof ProviderError ? error.message : GENERATION_FAILED_MESSAGE;
      const code = error instanceof ProviderError ? error.code : 'INTERNAL';
      if (!(error instanceof ProviderError))
        log.error({ err: error, generationId: request.id }, 'generation failed');
      await this.settlement
        .release(request, code, message, job.by)
        .catch((releaseError: unknown) => {
          // Left for the reconciler: the hold's deadline guarantees it is settled.
          log.error(
            { err: releaseError, generationId: request.id },
            'release failed; the reconciler will settle the hold',
          );
        });
      this.finished(request, job.heldAt, code);
      throw new AppError(
        'GENERATION_FAILED',
        message,
        error instanceof ProviderError && error.code === 'PROVIDER_RATE_LIMITED' ? 503 : 502,
      );
    }
  }

  private async decode(photo: Buffer) {
    this.decodesInProgress++;
    try {
      return await sanitizeUpload(photo, this.settings.decode ?? decodePhoto);
    } finally {
      this.decodesInProgress--;
    }
  }

  private finished(request: GenerationRequest, heldAt: number, code: string | null) {
    this.observer?.finished(
      { style: request.style, provider: this.provider.name },
      code === null ? { succeeded: true } : { succeeded: false, code },
      (performance.now() - heldAt) / 1000,
    );
  }

  /** A repeated idempotency key answers with the first request's outcome. */
  private async replay(earlier: GenerationRequest): Promise<GenerationOutcome> {
    const running = this.inFlight.get(earlier.id);
    if (running) return running;
    if (earlier.status === 'succeeded')
      return { generation: earlier, url: resultUrlFor(earlier.id) };
    if (earlier.status === 'failed')
      throw new AppError(
        'GENERATION_FAILED',
        earlier.errorMessage ?? GENERATION_FAILED_MESSAGE,
        502,
      );
    throw new AppError('GENERATION_IN_PROGRESS', 'This generation is still in progress', 409);
  }
}
