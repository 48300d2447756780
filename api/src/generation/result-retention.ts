import { randomUUID } from 'node:crypto';
import { generationStreamId, type Ledger } from '@app/ledger';
import type pg from 'pg';
import { withJobLease } from '../jobs/job-lease';
import { everyShareBlobKey } from '../sharing/share-blobs';
import type { BlobStore } from '../storage/blob-store';

export interface RetentionOptions {
  /** How long a delivered image is kept (RESULT_RETENTION_DAYS). */
  readonly retentionMs: number;
  /**
   * A blob younger than this is never called an orphan: a generation writes its image before
   * its row names it, and an upload is stored while its generation runs.
   */
  readonly orphanGraceMs?: number;
  /** A claimed expiry still unfinished after this long (its sweeper died) is finished by another. */
  readonly stalledClaimMs?: number;
  readonly batchSize?: number;
}

export interface RetentionSweepResult {
  expired: number;
  orphansRemoved: number;
}

interface Claimed {
  id: string;
  user_id: string;
  result_key: string | null;
}

const HOUR_MS = 3_600_000;
/** Prefixes whose blobs belong to generations; exports and other blobs are not ours to sweep. */
const GENERATION_PREFIXES = ['results/', 'uploads/'] as const;

/** What a download of an expired image answers (410). */
export const RESULT_EXPIRED_MESSAGE =
  'This image has expired: images are deleted when their retention period ends.';

/** When a delivered image will be deleted. */
export const resultKeptUntil = (completedAt: Date, retentionMs: number) =>
  new Date(completedAt.getTime() + retentionMs);

/**
 * Deletes generated images (and any photo still attached) once their retention period ends, and
 * blobs that no generation names. The generation and its credits stay: the ledger keeps every
 * event, and the generation's stream gains a GenerationResultExpired event.
 */
export class ResultRetention {
  private readonly orphanGraceMs: number;
  private readonly stalledClaimMs: number;
  private readonly batchSize: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly ledger: Ledger,
    private readonly blobs: BlobStore,
    private readonly options: RetentionOptions,
  ) {
    this.orphanGraceMs = options.orphanGraceMs ?? HOUR_MS;
    this.stalledClaimMs = options.stalledClaimMs ?? 10 * 60_000;
    this.batchSize = options.batchSize ?? 100;
  }

  async sweep(now = new Date()): Promise<RetentionSweepResult> {
    const expired = await this.expireDue(now);
    const orphansRemoved = await this.removeOrphans(now);
    return { expired, orphansRemoved };
  }

  /** Expires every result past its period; each row is claimed by exactly one sweeper. */
  async expireDue(now = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claimDue(now);
      for (const row of claimed) await this.finish(row, now);
      total += claimed.length;
      if (claimed.length < this.batchSize) break;
    }
    for (const row of await this.stalledClaims(now)) await this.finish(row, now);
    return total;
  }

  /**
   * One statement stamps the rows: concurrent sweepers on other replicas skip the locked rows and
   * find the stamped ones no longer due, so each expiry is claimed once.
   */
  private async claimDue(now: Date): Promise<Claimed[]> {
    const { rows } = await this.pool.query<Claimed>(
      `WITH due AS (
         SELECT id FROM generation_requests
         WHERE status = 'succeeded' AND result_expired_at IS NULL
           AND completed_at < $1::timestamptz - make_interval(secs => $2::double precision)
         ORDER BY completed_at LIMIT $3
         FOR UPDATE SKIP LOCKED)
       UPDATE generation_requests g SET result_expired_at = $1
       FROM due WHERE g.id = due.id
       RETURNING g.id, g.user_id, g.result_key`,
      [now, this.options.retentionMs / 1000, this.batchSize],
    );
    return rows;
  }

  /** Claimed but never finished (the sweeper stopped between its steps). */
  private async stalledClaims(now: Date): Promise<Claimed[]> {
    const { rows } = await this.pool.query<Claimed>(
      `SELECT id, user_id, result_key FROM generation_requests
       WHERE result_expired_at < $1::timestamptz - make_interval(secs => $2::double precision)
         AND (result_key IS NOT NULL OR upload_key IS NOT NULL)
       LIMIT $3`,
      [now, this.stalledClaimMs / 1000, this.batchSize],
    );
    return rows;
  }

  /** Every step is idempotent, so a stalled claim can be finished again. */
  private async finish(row: Claimed, now: Date) {
    await this.ledger.generations.handle(
      generationStreamId(row.id),
      { type: 'ExpireResult', data: { generationId: row.id, userId: row.user_id } },
      {
        now,
        actor: { kind: 'system', id: 'result-retention' },
        reason: 'Retention period ended',
        correlationId: `retention-${randomUUID()}`,
        idempotencyKey: `result-expired:${row.id}`,
      },
    );
    const { rows } = await this.pool.query<{ upload_key: string | null }>(
      'SELECT upload_key FROM generation_requests WHERE id = $1',
      [row.id],
    );
    for (const key of [row.result_key, rows[0]?.upload_key ?? null])
      if (key) await this.blobs.delete(key);
    // The expiry closed any open link; the photos its links ever showed go with the image (the
    // sharing service drops them when a link closes, which this path does not pass through).
    for (const key of await everyShareBlobKey(this.ledger.store, row.id))
      await this.blobs.delete(key);
    await this.pool.query(
      'UPDATE generation_requests SET result_key = NULL, upload_key = NULL WHERE id = $1',
      [row.id],
    );
  }

  /**
   * Removes result and upload blobs older than the grace period that no generation names: left by
   * a crash between writing an image and recording it, by a failed generation, or by a deleted row.
   */
  async removeOrphans(now = new Date()): Promise<number> {
    // Deletes are idempotent, but one replica at a time keeps the listing work (and the count) single.
    const removed = await withJobLease(this.pool, 'orphan-blob-sweep', 30 * 60_000, () =>
      this.removeOrphansNow(now),
    );
    return removed ?? 0;
  }

  private async removeOrphansNow(now: Date): Promise<number> {
    const cutoff = now.getTime() - this.orphanGraceMs;
    let removed = 0;
    for (const prefix of GENERATION_PREFIXES) {
      const old = (await this.blobs.list(prefix))
        .filter((blob) => blob.modifiedAt.getTime() < cutoff)
        .map((blob) => blob.key);
      for (let start = 0; start < old.length; start += 500) {
        const { rows } = await this.pool.query<{ key: string }>(
          `SELECT key FROM unnest($1::text[]) AS key
           WHERE NOT EXISTS (
             SELECT 1 FROM generation_requests g
             WHERE (g.result_key = key AND g.status <> 'failed') OR g.upload_key = key)`,
          [old.slice(start, start + 500)],
        );
        for (const { key } of rows) {
          // An expiring result may have been deleted since the listing; count what this removed.
          if (!(await this.blobs.exists(key))) continue;
          await this.blobs.delete(key);
          removed += 1;
        }
      }
    }
    return removed;
  }
}
