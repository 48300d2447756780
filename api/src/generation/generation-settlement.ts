import {
  creditStreamId,
  generationStreamId,
  HoldAlreadySettledError,
  type CommandMetadata,
  type GlobalPosition,
  type Ledger,
} from '@app/ledger';
import {
  creditBalancesProjection,
  creditBucketsProjection,
  creditHistoryProjection,
  generationHistoryProjection,
} from '@app/projections';
import type { ProjectionsGate } from '../composition/projections-gate';
import type { BlobStore } from '../storage/blob-store';
import { allSettledThenThrow } from '../shared/all-settled-then-throw';
import type { GenerationRepository, GenerationRequest } from './generation-repository';

export const resultKeyFor = (request: Pick<GenerationRequest, 'id' | 'userId'>) =>
  `results/${request.userId}/${request.id}.png`;
export const resultUrlFor = (generationId: string) => `/api/generations/${generationId}/image`;

/**
 * What the user reads once a generation is settled: the balance (me.credits and the credit
 * buckets), the credit history and My creations. The staff's paid-credits report, shares and
 * subscriptions are not waited for: a slow one of those must not hold up the answer.
 */
export const SETTLEMENT_READ_MODELS: readonly string[] = [
  creditBalancesProjection.name,
  creditBucketsProjection.name,
  creditHistoryProjection.name,
  generationHistoryProjection.name,
];

export interface SettlementActor {
  actor: CommandMetadata['actor'];
  correlationId: string;
}

/**
 * Ends a generation exactly once, money first: a result is captured (then recorded as delivered),
 * a failure is released (then recorded as failed). Used by the request that ran the generation
 * and by the reconciler after a crash; every step is idempotent, so either may repeat it.
 */
export class GenerationSettlement {
  constructor(
    private readonly ledger: Ledger,
    private readonly repository: GenerationRepository,
    private readonly blobs: BlobStore,
    private readonly projections: ProjectionsGate,
  ) {}

  private metadata(by: SettlementActor, key: string, reason: string): CommandMetadata {
    return {
      now: new Date(),
      actor: by.actor,
      reason,
      correlationId: by.correlationId,
      idempotencyKey: key,
    };
  }

  /**
   * Stores the image and captures the hold; the delivered generation, or null when the hold was
   * already released. The image is written before the capture (money is taken only for an image
   * that exists); a crash in between is finished by recovery, which finds it under resultKeyFor.
   */
  async deliver(
    request: GenerationRequest,
    png: Buffer,
    by: SettlementActor,
  ): Promise<GenerationRequest | null> {
    const resultKey = resultKeyFor(request);
    await this.blobs.put(resultKey, png, 'image/png');
    let captured: GlobalPosition | null;
    try {
      captured = (
        await this.ledger.credits.handle(
          creditStreamId(request.userId),
          { type: 'CaptureHold', data: { userId: request.userId, reservationId: request.id } },
          this.metadata(by, `capture:${request.id}`, `Generation ${request.style}`),
        )
      ).position;
    } catch (error) {
      if (!(error instanceof HoldAlreadySettledError)) throw error;
      // Released already (the reconciler gave up on it): the user keeps the credits, not the image.
      await this.blobs.delete(resultKey);
      await this.markFailed(request, 'HOLD_RELEASED', 'Failed to generate image', by);
      return null;
    }
    return this.recordDelivered(request, by, captured);
  }

  /**
   * The hold was captured: make the generation's record say so (also after a crash in between).
   * The event comes first: recovery finds unfinished generations by their row still pending, so
   * the row may say succeeded only once the event is in the log. The row (status and result key in
   * one update) and the upload's removal then go at once; each is idempotent.
   */
  async recordDelivered(
    request: GenerationRequest,
    by: SettlementActor,
    captured: GlobalPosition | null = null,
  ): Promise<GenerationRequest> {
    const { position } = await this.ledger.generations.handle(
      generationStreamId(request.id),
      {
        type: 'CompleteGeneration',
        data: {
          generationId: request.id,
          userId: request.userId,
          resultKey: resultKeyFor(request),
        },
      },
      this.metadata(by, `generation-completed:${request.id}`, 'Image delivered'),
    );
    const [completed] = await allSettledThenThrow([
      this.repository.complete(request.id, {
        status: 'succeeded',
        resultKey: resultKeyFor(request),
      }),
      this.dropUpload(request),
      this.waitFor(captured, position),
    ] as const);
    return completed ?? { ...request, status: 'succeeded', resultKey: resultKeyFor(request) };
  }

  /**
   * Releases the hold. Returns null when it did; when the hold had been captured already (the
   * image was delivered, and its record is finished here), the delivered generation.
   */
  async release(
    request: GenerationRequest,
    code: string,
    message: string,
    by: SettlementActor,
  ): Promise<GenerationRequest | null> {
    let released: GlobalPosition | null;
    try {
      released = (
        await this.ledger.credits.handle(
          creditStreamId(request.userId),
          { type: 'ReleaseHold', data: { userId: request.userId, reservationId: request.id } },
          this.metadata(by, `release:${request.id}`, `Generation failed: ${code}`),
        )
      ).position;
    } catch (error) {
      if (error instanceof HoldAlreadySettledError && error.settledAs === 'captured')
        return this.recordDelivered(request, by);
      throw error;
    }
    await this.markFailed(request, code, message, by, released);
    return null;
  }

  private async markFailed(
    request: GenerationRequest,
    code: string,
    message: string,
    by: SettlementActor,
    released: GlobalPosition | null = null,
  ) {
    // The event before the row, as in recordDelivered.
    const { position } = await this.ledger.generations.handle(
      generationStreamId(request.id),
      {
        type: 'FailGeneration',
        data: {
          generationId: request.id,
          userId: request.userId,
          errorCode: code,
          errorMessage: message,
        },
      },
      this.metadata(by, `generation-failed:${request.id}`, 'Generation failed'),
    );
    await allSettledThenThrow([
      this.repository.complete(request.id, { status: 'failed', code, message }),
      this.dropUpload(request),
      this.waitFor(released, position),
    ] as const);
  }

  private async dropUpload(request: GenerationRequest) {
    if (request.uploadKey) await this.blobs.delete(request.uploadKey);
  }

  /** Read-your-writes: the balance and the history show this settlement when we answer. */
  private async waitFor(...positions: (GlobalPosition | null)[]) {
    await Promise.all(
      positions.map((position) => this.projections.waitFor(position, SETTLEMENT_READ_MODELS)),
    );
  }
}
