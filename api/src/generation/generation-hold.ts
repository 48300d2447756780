import {
  componentLogger,
  CREDITS_PER_GENERATION,
  creditStreamId,
  DomainError,
  HoldNotFoundError,
  type Ledger,
} from '@app/ledger';
import type { GenerationRepository, GenerationRequest } from './generation-repository';
import type { SettlementActor } from './generation-settlement';

const log = componentLogger('generation');

const HOLD_NOT_CONFIRMED =
  'The generation could not start. Your credits were not used. Please try again.';

export const MAX_GENERATIONS_IN_PROGRESS = 2;

/**
 * Holds a generation's 5 credits (at most MAX_GENERATIONS_IN_PROGRESS open, decided by the
 * ledger). When the hold is refused or cannot be confirmed, the request row is put right before
 * the error goes on: deleted when nothing was held, failed when a hold was released, left pending
 * for recovery when neither is known.
 */
export async function holdCredits(
  ledger: Ledger,
  repository: GenerationRepository,
  request: GenerationRequest,
  reason: string,
  by: SettlementActor,
): Promise<void> {
  try {
    await ledger.credits.handle(
      creditStreamId(request.userId),
      {
        type: 'HoldCredits',
        data: {
          userId: request.userId,
          reservationId: request.id,
          generationId: request.id,
          amount: CREDITS_PER_GENERATION,
          deadline: request.deadline,
          maxOpenHolds: MAX_GENERATIONS_IN_PROGRESS,
        },
      },
      { now: new Date(), ...by, reason, idempotencyKey: `hold:${request.id}` },
    );
  } catch (error) {
    // Refused, or nothing was held after all: the request never happened.
    const held =
      error instanceof DomainError ? 'nothing' : await releaseAnyHold(ledger, request, by);
    if (held === 'nothing') await repository.delete(request.id);
    // Held and released now: the request stays, failed, so a retry with its key is answered
    // with that failure instead of running again on a hold that is already settled.
    if (held === 'released')
      await repository.complete(request.id, {
        status: 'failed',
        code: 'INTERRUPTED',
        message: HOLD_NOT_CONFIRMED,
      });
    // Otherwise ('unknown') the row stays pending, and recovery settles the hold.
    throw error;
  }
}

/**
 * The hold's append failed without a refusal (a lost connection, a deadline): it may have
 * committed all the same. Whatever it holds is released now: 'released' when it had, 'nothing'
 * when it had not; 'unknown' when even that failed (recovery settles the hold by its deadline).
 */
async function releaseAnyHold(
  ledger: Ledger,
  request: GenerationRequest,
  by: SettlementActor,
): Promise<'released' | 'nothing' | 'unknown'> {
  try {
    await ledger.credits.handle(
      creditStreamId(request.userId),
      { type: 'ReleaseHold', data: { userId: request.userId, reservationId: request.id } },
      {
        now: new Date(),
        ...by,
        reason: 'Generation not started: its hold could not be confirmed',
        idempotencyKey: `release:${request.id}`,
      },
    );
    return 'released';
  } catch (releaseError) {
    if (releaseError instanceof HoldNotFoundError) return 'nothing';
    log.error(
      { err: releaseError, generationId: request.id },
      'the hold could not be confirmed nor released; recovery will settle it',
    );
    return 'unknown';
  }
}
