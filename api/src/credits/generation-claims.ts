import {
  claimReasonSchema,
  CREDITS_PER_GENERATION,
  creditStreamId,
  RefundExceedsSpendError,
  SpendNotFoundError,
  type ClaimReason,
  type Ledger,
} from '@app/ledger';
import type pg from 'pg';
import { z } from 'zod';
import { parseInput } from '../accounts/account-validation';
import type { ProjectionsGate } from '../composition/projections-gate';
import { AppError, notFound } from '../shared/errors';
import type { IdempotencyKeys } from '../shared/idempotency';
import type { RequestContext } from '../shared/request-context';
import { isUuid } from '../shared/uuid';

const HOUR = 3_600_000;
export const CLAIM_WINDOW_MS = 24 * HOUR;
export const CLAIMS_PER_30_DAYS = 2;
/** At most one claim for every this many of the user's finished generations. */
export const GENERATIONS_PER_CLAIM = 5;
const THIRTY_DAYS_MS = 30 * 24 * HOUR;
/** A claim still pending after this was cut short by a crash: the recovery job completes it. */
const PENDING_GRACE_MS = 60_000;

export const CLAIM_MESSAGES = {
  notFound: 'No such generation',
  notFinished: 'Only a finished image can be claimed back',
  alreadyClaimed: 'You have already asked for the credits of this image back',
  windowPassed: 'Credits can be claimed back only within 24 hours of the result',
  tooManyRecent: 'You can claim credits back at most 2 times in 30 days',
  tooManyOverall: 'You can claim credits back for at most 1 in 5 of your images',
  alreadyRefunded: 'The credits of this image were already given back',
} as const;

const claimInputSchema = z.object({
  generationId: z.string(),
  reason: z.enum(claimReasonSchema.options, {
    error: 'Choose a reason: does_not_look_like_me, wrong_style, broken_image or other',
  }),
});

export interface GenerationClaim {
  generationId: string;
  userId: string;
  style: string;
  reason: ClaimReason;
  credits: number;
  status: 'pending' | 'refunded';
  claimedAt: Date;
}

interface ClaimRow {
  generation_id: string;
  user_id: string;
  style: string;
  reason: ClaimReason;
  refund_id: string;
  status: 'pending' | 'refunded';
  claimed_at: Date;
}

const toClaim = (row: ClaimRow): GenerationClaim => ({
  generationId: row.generation_id,
  userId: row.user_id,
  style: row.style,
  reason: row.reason,
  credits: CREDITS_PER_GENERATION,
  status: row.status,
  claimedAt: row.claimed_at,
});

const refusal = (code: string, message: string) => new AppError(code, message, 409);

/**
 * "Doesn't look like me": the owner of a result asks for its 5 credits back. The limits are
 * decided in one transaction under a per-user advisory lock taken before any count is read, so
 * concurrent claims of one user queue and each sees the others' rows; the generation's primary
 * key makes a second claim of one result impossible. The refund then goes through the ledger with
 * the user as actor and the reason in the event, keyed by the generation (at most once).
 */
export class GenerationClaims {
  constructor(
    private readonly pool: pg.Pool,
    private readonly ledger: Ledger,
    private readonly projections: ProjectionsGate,
    private readonly keys: IdempotencyKeys,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async claim(
    userId: string,
    input: unknown,
    context: RequestContext,
    idempotencyKey: string | null = null,
  ): Promise<GenerationClaim> {
    const { generationId, reason } = parseInput(claimInputSchema, input);
    // Someone else's generation, or no generation at all: the same answer.
    if (!isUuid(generationId)) throw notFound(CLAIM_MESSAGES.notFound);
    // The stored answer of a repeat is plain JSON: the date travels as a string.
    const answer = await this.keys.once(
      `generation-claim:${userId}`,
      idempotencyKey,
      { generationId, reason },
      async () => {
        const claim = await this.refund(
          await this.decide(userId, generationId, reason),
          context.correlationId,
        );
        return { ...claim, claimedAt: claim.claimedAt.toISOString() };
      },
    );
    return { ...answer, claimedAt: new Date(answer.claimedAt) };
  }

  private async decide(
    userId: string,
    generationId: string,
    reason: ClaimReason,
  ): Promise<ClaimRow> {
    const now = this.clock();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `generation-claims:${userId}`,
      ]);
      const generation = await client.query<{
        style: string;
        status: string;
        completed_at: Date | null;
        claimed: boolean;
      }>(
        `SELECT style, status, completed_at,
                EXISTS (SELECT 1 FROM generation_claims c WHERE c.generation_id = g.id) AS claimed
           FROM generation_requests g WHERE id = $1 AND user_id = $2`,
        [generationId, userId],
      );
      const found = generation.rows[0];
      if (!found) throw notFound(CLAIM_MESSAGES.notFound);
      if (found.claimed) throw refusal('ALREADY_CLAIMED', CLAIM_MESSAGES.alreadyClaimed);
      if (found.status !== 'succeeded' || !found.completed_at)
        throw refusal('NOT_CLAIMABLE', CLAIM_MESSAGES.notFinished);
      if (now.getTime() - found.completed_at.getTime() > CLAIM_WINDOW_MS)
        throw refusal('CLAIM_WINDOW_PASSED', CLAIM_MESSAGES.windowPassed);
      const counts = await client.query<{ recent: string; total: string; generations: string }>(
        `SELECT
           (SELECT count(*) FROM generation_claims WHERE user_id = $1 AND claimed_at > $2) AS recent,
           (SELECT count(*) FROM generation_claims WHERE user_id = $1) AS total,
           (SELECT count(*) FROM generation_requests WHERE user_id = $1 AND status = 'succeeded') AS generations`,
        [userId, new Date(now.getTime() - THIRTY_DAYS_MS)],
      );
      const { recent, total, generations } = counts.rows[0]!;
      if (Number(recent) >= CLAIMS_PER_30_DAYS)
        throw refusal('CLAIM_LIMIT', CLAIM_MESSAGES.tooManyRecent);
      if ((Number(total) + 1) * GENERATIONS_PER_CLAIM > Number(generations))
        throw refusal('CLAIM_LIMIT', CLAIM_MESSAGES.tooManyOverall);
      const inserted = await client.query<ClaimRow>(
        `INSERT INTO generation_claims (generation_id, user_id, style, reason, refund_id, status, claimed_at)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6) RETURNING *`,
        [generationId, userId, found.style, reason, `claim-${generationId}`, now],
      );
      await client.query('COMMIT');
      return inserted.rows[0]!;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** The ledger refund of a decided claim; safe to repeat (keyed by the generation). */
  private async refund(claim: ClaimRow, correlationId: string): Promise<GenerationClaim> {
    let position;
    try {
      const result = await this.ledger.credits.handle(
        creditStreamId(claim.user_id),
        {
          type: 'RefundCredits',
          data: {
            userId: claim.user_id,
            refundId: claim.refund_id,
            reservationId: claim.generation_id,
            amount: CREDITS_PER_GENERATION,
            claimReason: claim.reason,
          },
        },
        {
          now: this.clock(),
          actor: { kind: 'user', id: claim.user_id },
          reason: `Claimed back by the owner: ${claim.reason}`,
          correlationId,
          idempotencyKey: `generation-claim:${claim.generation_id}`,
        },
      );
      position = result.position;
    } catch (error) {
      if (error instanceof RefundExceedsSpendError || error instanceof SpendNotFoundError) {
        // Support gave these credits back already (or they were never spent): no claim stands.
        await this.pool.query(
          `DELETE FROM generation_claims WHERE generation_id = $1 AND status = 'pending'`,
          [claim.generation_id],
        );
        throw refusal('ALREADY_REFUNDED', CLAIM_MESSAGES.alreadyRefunded);
      }
      throw error;
    }
    const updated = await this.pool.query<ClaimRow>(
      `UPDATE generation_claims SET status = 'refunded', refunded_at = coalesce(refunded_at, now())
        WHERE generation_id = $1 RETURNING *`,
      [claim.generation_id],
    );
    await this.projections.waitFor(position);
    return toClaim(updated.rows[0] ?? claim);
  }

  /** Completes claims a crash left between the decision and the ledger refund. */
  async completePending(): Promise<number> {
    const { rows } = await this.pool.query<ClaimRow>(
      `SELECT * FROM generation_claims WHERE status = 'pending' AND claimed_at < $1 LIMIT 100`,
      [new Date(this.clock().getTime() - PENDING_GRACE_MS)],
    );
    for (const row of rows) {
      await this.refund(row, `claim-recovery-${row.generation_id}`).catch(() => undefined);
    }
    return rows.length;
  }

  /** The claims of the given generations (to mark results as claimed). */
  async claimsOf(userId: string, generationIds: readonly string[]) {
    if (generationIds.length === 0) return new Map<string, GenerationClaim>();
    const { rows } = await this.pool.query<ClaimRow>(
      `SELECT * FROM generation_claims WHERE user_id = $1 AND generation_id = ANY($2::uuid[])`,
      [userId, generationIds.filter(isUuid)],
    );
    return new Map(rows.map((row) => [row.generation_id, toClaim(row)]));
  }
}
