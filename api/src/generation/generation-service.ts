import { randomInt, randomUUID } from 'node:crypto';
import {
  CREDITS_PER_GENERATION,
  INSUFFICIENT_CREDITS_MESSAGE,
  TooManyGenerationsError,
  type Ledger,
} from '@app/ledger';
import { getAccountSnapshot, type AccountSnapshot } from '@app/projections';
import type pg from 'pg';
import type { ProjectionsGate } from '../composition/projections-gate';
import { isPaidPlan } from '../billing/plans';
import type { UserRecord } from '../accounts/users-repository';
import { AppError, badInput, conflict } from '../shared/errors';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../shared/idempotency';
import type { RequestContext } from '../shared/request-context';
import type { BlobStore } from '../storage/blob-store';
import { STYLE_IDS, type ImageProvider, type StyleId } from './engine/image-provider';
import {
  GENERATION_FAILED_MESSAGE,
  GenerationPipeline,
  type GenerationObserver,
  type GenerationOutcome,
} from './generation-pipeline';
import { holdCredits, MAX_GENERATIONS_IN_PROGRESS } from './generation-hold';
import { GenerationRepository, type GenerationRequest } from './generation-repository';
import { GenerationSettlement, resultUrlFor, type SettlementActor } from './generation-settlement';
import { parseInput } from '../accounts/account-validation';
import { actionFigureConfigSchema } from './prompts/action-figure-prompt';
import { buildGenerationPrompt, MAX_PROMPT_LENGTH } from './prompts/style-prompts';
import type { ProviderQueue } from './provider-queue';
import { generationIdForKey, generationKeyOf } from './idempotency-key';
import { requestFingerprint } from './request-fingerprint';
import {
  decodePhoto,
  isUploadedFile,
  sanitizeUpload,
  UPLOAD_MESSAGES,
  type PhotoDecoder,
  type Upload,
} from './upload/sanitize-upload';

export interface GenerationSettings {
  /** How long we wait for the image service before giving up (and releasing the credits). */
  readonly providerTimeoutMs: number;
  /** Added to the timeout for the hold's deadline; past it the reconciler settles the hold. */
  readonly holdMarginMs: number;
  /** Decodes uploads (in production a bounded pool of processes with a time limit). */
  readonly decode?: PhotoDecoder;
}

export interface GenerateRequest {
  user: UserRecord;
  style: string;
  prompt?: string | null;
  photo: Upload | null;
  /** The action figure's card details (name, profession, accessories), when the style is action-figure. */
  actionFigure?: unknown;
  idempotencyKey?: string | null;
  context: RequestContext;
  /**
   * The balance check (checkAccount), when the adapter started it while the upload was still
   * arriving; otherwise it runs after the upload is in.
   */
  accountCheck?: Promise<AccountSnapshot>;
}

const parseStyle = (style: string): StyleId => {
  if (!STYLE_IDS.includes(style as StyleId)) throw badInput(`Unknown style "${style}"`);
  return style as StyleId;
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
  private readonly pipeline: GenerationPipeline;

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
    this.pipeline = new GenerationPipeline(
      ledger,
      provider,
      blobs,
      queue,
      this.repository,
      this.settlement,
      settings.providerTimeoutMs,
      observer,
    );
  }

  /** Checks → hold → submit (in the background) → settle; the outcome once settled. */
  async generate(request: GenerateRequest): Promise<GenerationOutcome> {
    const { user } = request;
    const style = parseStyle(request.style);
    if ((request.prompt ?? '').length > MAX_PROMPT_LENGTH) {
      throw badInput(`The prompt can be at most ${MAX_PROMPT_LENGTH} characters`);
    }
    // The card's details are checked before anything else costs: a card the user filled in
    // wrongly is refused, never silently printed without them.
    const actionFigure =
      style === 'action-figure' && request.actionFigure
        ? parseInput(actionFigureConfigSchema, request.actionFigure)
        : null;
    const idempotencyKey = generationKeyOf(request.idempotencyKey);
    const fingerprint = requestFingerprint({
      style,
      prompt: request.prompt,
      actionFigure,
      photo: request.photo,
    });
    if (idempotencyKey) {
      const earlier = await this.repository.findByIdempotencyKey(user.id, idempotencyKey);
      if (earlier) return this.replay(earlier, fingerprint);
    }
    const snapshot = await (request.accountCheck ?? this.checkAccount(user.id));
    const photo = await this.checkPhoto(style, request.photo);
    const checkedAt = performance.now();
    const { userPrompt, prompt } = buildGenerationPrompt(style, request.prompt);

    const id = idempotencyKey ? generationIdForKey(user.id, idempotencyKey) : randomUUID();
    const created = await this.repository.create({
      id,
      userId: user.id,
      style,
      prompt: userPrompt,
      idempotencyKey,
      provider: this.provider.name,
      deadline: new Date(Date.now() + this.settings.providerTimeoutMs + this.settings.holdMarginMs),
      uploadKey: `uploads/${id}.jpg`,
      requestFingerprint: fingerprint,
    });
    if (!created) return this.replay((await this.repository.find(id))!, fingerprint);

    const by: SettlementActor = {
      actor: { kind: 'user', id: user.id },
      correlationId: request.context.correlationId,
    };
    await holdCredits(this.ledger, this.repository, created, `Generation ${style}`, by);
    const heldAt = performance.now();
    this.observer?.started({ style, provider: this.provider.name });
    const work = this.pipeline.run(created, {
      style,
      prompt,
      // Every generation its own variation; recorded with the request so it can be reproduced.
      seed: randomInt(0, 2 ** 31),
      photo: photo.data,
      ...(actionFigure ? { actionFigure } : {}),
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

  /**
   * The spec's order: signed in (the adapters), enough credits, a photo. Everything cheap
   * (the balance, the generations already running, the photo's header) is checked before a
   * single pixel is decoded, so a user who cannot generate cannot make the server decode.
   * Adapters may start this as the request arrives (GenerateRequest.accountCheck), so the read
   * overlaps receiving the upload; generate still awaits it before the decode.
   */
  async checkAccount(userId: string): Promise<AccountSnapshot> {
    const snapshot = await getAccountSnapshot(this.pool, userId);
    if (snapshot.available < CREDITS_PER_GENERATION) {
      throw new AppError('INSUFFICIENT_CREDITS', INSUFFICIENT_CREDITS_MESSAGE, 402);
    }
    // The hold decides this atomically; the read model answers early for the common case.
    if (snapshot.held >= MAX_GENERATIONS_IN_PROGRESS * CREDITS_PER_GENERATION) {
      throw new TooManyGenerationsError(MAX_GENERATIONS_IN_PROGRESS);
    }
    return snapshot;
  }

  private async checkPhoto(style: StyleId, photo: Upload | null) {
    if (!photo) {
      const message =
        style === 'action-figure' ? UPLOAD_MESSAGES.missingProfileImage : UPLOAD_MESSAGES.missing;
      throw new AppError('UPLOAD_MISSING', message, 400);
    }
    return this.decode(photo);
  }

  private async decode(photo: Upload) {
    this.decodesInProgress++;
    try {
      return await sanitizeUpload(photo, this.settings.decode ?? decodePhoto);
    } finally {
      this.decodesInProgress--;
      // Only the working JPEG goes on: the upload as it came is not kept a moment longer.
      if (isUploadedFile(photo)) void photo.discard();
    }
  }

  /**
   * A repeated idempotency key answers with the first request's outcome, when it comes with the
   * same request; with another, it is refused (the key names one action, not a slot to reuse).
   */
  private async replay(
    earlier: GenerationRequest,
    fingerprint: string,
  ): Promise<GenerationOutcome> {
    if (earlier.requestFingerprint !== null && earlier.requestFingerprint !== fingerprint)
      throw conflict(IDEMPOTENCY_KEY_REUSED_MESSAGE);
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
