import { randomUUID } from 'node:crypto';
import {
  generationDecider,
  generationStreamId,
  readGenerationState,
  type GenerationCommand,
  type GenerationEvent,
  type GlobalPosition,
  type Ledger,
} from '@app/ledger';
import { findOpenShare, openSharesOf, sharesOfUser, type ShareRecord } from '@app/projections';
import type pg from 'pg';
import { RateLimiter, type RateLimit } from '../accounts/rate-limiter';
import type { ProjectionsGate } from '../composition/projections-gate';
import type { GenerationRepository } from '../generation/generation-repository';
import { sanitizeUpload, type PhotoDecoder } from '../generation/upload/sanitize-upload';
import { RateLimitedError, badInput, notFound } from '../shared/errors';
import type { RequestContext } from '../shared/request-context';
import { everyShareBlobKey } from './share-blobs';
import type { BlobStore } from '../storage/blob-store';
import {
  isShareIdShaped,
  newShareId,
  shareBlobKeys,
  sharePath,
  shareOriginalKey,
} from './share-id';
import { isUuid } from '../shared/uuid';

export interface ShareView {
  shareId: string;
  /** `/s/<shareId>`, on whatever origin the page is served from. */
  path: string;
  /** The link on PUBLIC_URL. */
  url: string;
  includesOriginal: boolean;
  sharedAt: Date;
}

/** What a public link shows: never who made it. */
export interface SharedResult {
  shareId: string;
  generationId: string;
  style: string;
  resultKey: string;
  originalKey: string | null;
}

export interface ShareRequest {
  includeOriginal: boolean;
  /** The original photo, sent again by the page that still has it (uploads are deleted after processing). */
  originalPhoto: Buffer | null;
}

const generationNotFound = () => notFound('Generation not found');
const shareLimitMessage = ({ retryAfterSeconds }: RateLimitedError) =>
  `You have made many share links in the last hour. Please try again in ${Math.ceil(retryAfterSeconds / 60)} min.`;

/**
 * Public links to results: opened, stopped and ended with the generation or the account. Each
 * change is an event on the generation's stream; the generation_shares read model finds a link
 * by its id, and every public request re-checks the stream itself, so a link stopped by any
 * process is dead on the next request everywhere.
 */
export class GenerationSharing {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly pool: pg.Pool,
    private readonly ledger: Ledger,
    private readonly projections: ProjectionsGate,
    private readonly repository: GenerationRepository,
    private readonly blobs: BlobStore,
    private readonly decode: PhotoDecoder,
    private readonly publicUrl: string,
    private readonly linksPerAccount: RateLimit,
  ) {
    this.limiter = new RateLimiter(pool);
  }

  async share(
    userId: string,
    generationId: string,
    request: ShareRequest,
    context: RequestContext,
  ): Promise<ShareView> {
    if (!isUuid(generationId)) throw generationNotFound();
    const shareId = newShareId();
    const command: GenerationCommand = {
      type: 'ShareGeneration',
      data: { generationId, userId, shareId, includesOriginal: request.includeOriginal },
    };
    const metadata = this.metadata(userId, context, 'Owner shared the result', `share:${shareId}`);
    // The owner check (and "finished?") before any photo is decoded: the same decision, dry.
    const state = await readGenerationState(this.ledger.store, generationId);
    generationDecider.decide(command, state, metadata);
    // Asked again with the same choice: the link already open stands (a double click, a retry).
    if (state.share && state.share.includesOriginal === request.includeOriginal) {
      const open = (await this.sharesOf([generationId])).get(generationId);
      if (open?.shareId === state.share.shareId) return open;
    }
    // Counted and compared in one statement (RateLimiter): concurrent requests cannot overshoot.
    await this.limiter.hit(`share:user:${userId}`, this.linksPerAccount).catch((error) => {
      if (!(error instanceof RateLimitedError)) throw error;
      throw new RateLimitedError(error.retryAfterSeconds, shareLimitMessage(error));
    });
    let originalKey: string | null = null;
    if (request.includeOriginal) {
      if (!request.originalPhoto)
        throw badInput('Add your original photo to include it', { field: 'originalPhoto' });
      const photo = await sanitizeUpload(request.originalPhoto, this.decode);
      originalKey = shareOriginalKey(shareId);
      // Written before the event that names it.
      await this.blobs.put(originalKey, photo.data, photo.contentType);
    }
    let appended: { events: GenerationEvent[]; position: GlobalPosition | null };
    try {
      appended = await this.append(generationId, command, metadata);
    } catch (error) {
      // No event names the photo: it goes. (After the event it is the open link's photo, whatever
      // fails next.)
      if (originalKey) await this.blobs.delete(originalKey);
      throw error;
    }
    await this.projections.waitFor(appended.position);
    await this.dropOriginals(appended.events);
    return this.view({
      shareId,
      generationId,
      userId,
      includesOriginal: request.includeOriginal,
      sharedAt: metadata.now,
    });
  }

  async unshare(userId: string, generationId: string, context: RequestContext): Promise<void> {
    if (!isUuid(generationId)) throw generationNotFound();
    const events = await this.handle(
      generationId,
      { type: 'UnshareGeneration', data: { generationId, userId } },
      this.metadata(
        userId,
        context,
        'Owner stopped sharing',
        `unshare:${generationId}:${randomUUID()}`,
      ),
    );
    await this.dropOriginals(events);
  }

  /** Deletes a finished generation: its link, its row (prompt), its result and photos. */
  async deleteGeneration(
    userId: string,
    generationId: string,
    context: RequestContext,
  ): Promise<void> {
    if (!isUuid(generationId)) throw generationNotFound();
    let deletedBefore: unknown = null;
    try {
      await this.handle(
        generationId,
        { type: 'DeleteGeneration', data: { generationId, userId } },
        this.metadata(
          userId,
          context,
          'Owner deleted the generation',
          `delete:${generationId}:${randomUUID()}`,
        ),
      );
    } catch (error) {
      // Deleted already, but what follows the event may not have finished (a failure or a crash
      // after it): the owner asking again finishes it instead of being told it does not exist.
      const state = await readGenerationState(this.ledger.store, generationId);
      if (!(state.deleted && state.userId === userId)) throw error;
      deletedBefore = error;
    }
    // Each step may run again; the row, which names the blobs, goes last.
    const named = await this.pool.query<{ result_key: string | null; upload_key: string | null }>(
      'SELECT result_key, upload_key FROM generation_requests WHERE id = $1 AND user_id = $2',
      [generationId, userId],
    );
    for (const row of named.rows) {
      if (row.result_key) await this.blobs.delete(row.result_key);
      if (row.upload_key) await this.blobs.delete(row.upload_key);
    }
    for (const key of await everyShareBlobKey(this.ledger.store, generationId))
      await this.blobs.delete(key);
    const removed = await this.pool.query(
      'DELETE FROM generation_requests WHERE id = $1 AND user_id = $2',
      [generationId, userId],
    );
    // Deleted and finished before: still "not found" to whoever asks again.
    if (deletedBefore && removed.rowCount === 0) throw deletedBefore;
  }

  /**
   * An account being deleted: every open link is stopped (an event each) and every original
   * photo a link ever showed is removed. Public requests also check the account and the
   * generation row, so a link this misses (opened a moment ago) is dead all the same.
   */
  async endAllOf(userId: string, context: RequestContext): Promise<void> {
    const shares = await sharesOfUser(this.pool, userId);
    for (const share of shares) {
      await this.handle(
        share.generationId,
        { type: 'UnshareGeneration', data: { generationId: share.generationId, userId } },
        this.metadata(
          userId,
          context,
          'Account deleted',
          `unshare-account:${share.generationId}:${share.shareId}`,
        ),
      ).catch(() => []); // a deleted generation has no link left to stop
      for (const key of shareBlobKeys(share.shareId)) await this.blobs.delete(key);
    }
  }

  /** The owner's open links of these generations (the read model, read-your-writes). */
  async sharesOf(generationIds: readonly string[]): Promise<Map<string, ShareView>> {
    const open = await openSharesOf(this.pool, generationIds);
    return new Map([...open].map(([id, record]) => [id, this.view(record)]));
  }

  /** The result behind a public link, or null when there is none (never shared, stopped, deleted). */
  async findShared(shareId: string): Promise<SharedResult | null> {
    if (!isShareIdShaped(shareId)) return null;
    const share = await findOpenShare(this.pool, shareId);
    if (!share) return null;
    const generation = await this.pool.query<{ style: string; result_key: string }>(
      `SELECT r.style, r.result_key FROM generation_requests r JOIN users u ON u.id = r.user_id
       WHERE r.id = $1 AND r.user_id = $2 AND r.status = 'succeeded' AND r.result_key IS NOT NULL
         AND u.deleted_at IS NULL`,
      [share.generationId, share.userId],
    );
    const row = generation.rows[0];
    if (!row) return null;
    // The log, not the read model, has the last word: a stop appended a moment ago counts.
    const state = await readGenerationState(this.ledger.store, share.generationId);
    if (state.deleted || state.share?.shareId !== shareId) return null;
    return {
      shareId,
      generationId: share.generationId,
      style: row.style,
      resultKey: row.result_key,
      originalKey: state.share.includesOriginal ? shareOriginalKey(shareId) : null,
    };
  }

  private async handle(
    generationId: string,
    command: GenerationCommand,
    metadata: ReturnType<GenerationSharing['metadata']>,
  ): Promise<GenerationEvent[]> {
    const { events, position } = await this.append(generationId, command, metadata);
    await this.projections.waitFor(position);
    return events;
  }

  private append(
    generationId: string,
    command: GenerationCommand,
    metadata: ReturnType<GenerationSharing['metadata']>,
  ) {
    // A stream another process changed since this one cached it is caught by the handler (a
    // conflict, or a no-op decided again from the log).
    return this.ledger.generations.handle(generationStreamId(generationId), command, metadata);
  }

  private async dropOriginals(events: readonly GenerationEvent[]) {
    for (const event of events)
      if (event.type === 'GenerationUnshared')
        for (const key of shareBlobKeys(event.data.shareId)) await this.blobs.delete(key);
  }

  private metadata(userId: string, context: RequestContext, reason: string, key: string) {
    return {
      now: new Date(),
      actor: { kind: 'user' as const, id: userId },
      reason,
      correlationId: context.correlationId,
      idempotencyKey: key,
    };
  }

  private view(record: Omit<ShareRecord, 'userId'> & { userId?: string }): ShareView {
    const path = sharePath(record.shareId);
    return {
      shareId: record.shareId,
      path,
      url: `${this.publicUrl.replace(/\/+$/, '')}${path}`,
      includesOriginal: record.includesOriginal,
      sharedAt: record.sharedAt,
    };
  }
}
