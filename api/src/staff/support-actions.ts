import { randomUUID } from 'node:crypto';
import { CREDITS_PER_GENERATION, creditStreamId, type Ledger } from '@app/ledger';
import { z } from 'zod';
import { parseInput } from '../accounts/account-validation';
import type { UserRecord, UsersRepository } from '../accounts/users-repository';
import type { ProjectionsGate } from '../composition/projections-gate';
import type { GenerationRepository } from '../generation/generation-repository';
import { forbidden, notFound } from '../shared/errors';
import { idFromKey, type IdempotencyKeys } from '../shared/idempotency';
import type { RequestContext } from '../shared/request-context';

const grantSchema = z.object({
  userId: z.uuid({ error: 'Choose a user' }),
  amount: z
    .number({ error: 'Amount is required' })
    .int({ error: 'Amount must be a whole number' })
    .min(1, { error: 'Amount must be at least 1' })
    .max(10_000, { error: 'Amount must be at most 10,000' }),
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(3, { error: 'A reason is required (at least 3 characters)' })
    .max(500, { error: 'A reason can be at most 500 characters' }),
});

const refundSchema = z.object({
  generationId: z.uuid({ error: 'Choose a generation' }),
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(3, { error: 'A reason is required (at least 3 characters)' })
    .max(500, { error: 'A reason can be at most 500 characters' }),
});

const ownAccount = () =>
  forbidden('Staff cannot give credits to their own account. Ask another member of staff.');

/** Support's powers over credits. Each action is a ledger event with the staff member as actor. */
export class SupportActions {
  constructor(
    private readonly ledger: Ledger,
    private readonly projections: ProjectionsGate,
    private readonly generations: GenerationRepository,
    private readonly keys: IdempotencyKeys,
    private readonly users: Pick<UsersRepository, 'findById'>,
  ) {}

  /**
   * With an idempotency key (one per click in the console), a repeat or a double submission
   * answers the first grant's result and grants nothing more: the key claims the command, and the
   * grant id derives from it, so the ledger also refuses a second grant of that id.
   */
  async grantCredits(
    staff: UserRecord,
    input: unknown,
    context: RequestContext,
    idempotencyKey: string | null = null,
  ) {
    const { userId, amount, reason } = parseInput(grantSchema, input);
    if (userId === staff.id) throw ownAccount();
    // The target is checked before anything is appended: credits for nobody are never written.
    if (!(await this.users.findById(userId))) throw notFound('There is no user with this id');
    return this.keys.once(
      `staff-grant:${staff.id}`,
      idempotencyKey,
      { userId, amount, reason },
      async () => {
        const grantId = idempotencyKey
          ? idFromKey('goodwill', staff.id, idempotencyKey)
          : `goodwill-${randomUUID()}`;
        return this.grant(staff, { userId, amount, reason, grantId }, context);
      },
    );
  }

  private async grant(
    staff: UserRecord,
    {
      userId,
      amount,
      reason,
      grantId,
    }: { userId: string; amount: number; reason: string; grantId: string },
    context: RequestContext,
  ) {
    const result = await this.ledger.credits.handle(
      creditStreamId(userId),
      {
        type: 'GrantCredits',
        data: { userId, grantId, amount, source: 'goodwill', expiresAt: null },
      },
      {
        now: new Date(),
        actor: { kind: 'staff', id: staff.id },
        reason,
        correlationId: context.correlationId,
        idempotencyKey: `staff-grant:${grantId}`,
      },
    );
    await this.projections.waitFor(result.position);
    return { userId, amount, grantId };
  }

  /** Gives back the 5 credits a generation cost (e.g. a result the user could not use). */
  async refundGeneration(
    staff: UserRecord,
    input: unknown,
    context: RequestContext,
    idempotencyKey: string | null = null,
  ) {
    const { generationId, reason } = parseInput(refundSchema, input);
    const generation = await this.generations.find(generationId);
    if (!generation) throw notFound('No such generation');
    if (generation.userId === staff.id) throw ownAccount();
    return this.keys.once(
      `staff-refund:${staff.id}`,
      idempotencyKey,
      { generationId, reason },
      async () => {
        const refundId = idempotencyKey
          ? idFromKey('refund', staff.id, idempotencyKey)
          : `refund-${randomUUID()}`;
        return this.refund(staff, generation.userId, generationId, refundId, reason, context);
      },
    );
  }

  private async refund(
    staff: UserRecord,
    userId: string,
    generationId: string,
    refundId: string,
    reason: string,
    context: RequestContext,
  ) {
    const result = await this.ledger.credits.handle(
      creditStreamId(userId),
      {
        type: 'RefundCredits',
        data: {
          userId,
          refundId,
          reservationId: generationId,
          amount: CREDITS_PER_GENERATION,
        },
      },
      {
        now: new Date(),
        actor: { kind: 'staff', id: staff.id },
        reason,
        correlationId: context.correlationId,
        idempotencyKey: `staff-refund:${refundId}`,
      },
    );
    await this.projections.waitFor(result.position);
    return { userId, generationId, amount: CREDITS_PER_GENERATION };
  }
}
