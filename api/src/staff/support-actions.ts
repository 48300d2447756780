import { randomUUID } from 'node:crypto';
import { CREDITS_PER_GENERATION, creditStreamId, type Ledger } from '@app/ledger';
import { z } from 'zod';
import { parseInput } from '../accounts/account-validation';
import type { UserRecord, UsersRepository } from '../accounts/users-repository';
import type { ProjectionsGate } from '../composition/projections-gate';
import type { GenerationRepository } from '../generation/generation-repository';
import { forbidden, notFound } from '../shared/errors';
import type { RequestContext } from '../shared/request-context';

const grantSchema = z.object({
  userId: z.string().uuid({ error: 'Choose a user' }),
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
  generationId: z.string().uuid({ error: 'Choose a generation' }),
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
    private readonly users: Pick<UsersRepository, 'findById'>,
  ) {}

  async grantCredits(staff: UserRecord, input: unknown, context: RequestContext) {
    const { userId, amount, reason } = parseInput(grantSchema, input);
    if (userId === staff.id) throw ownAccount();
    // The target is checked before anything is appended: credits for nobody are never written.
    if (!(await this.users.findById(userId))) throw notFound('There is no user with this id');
    const grantId = `goodwill-${randomUUID()}`;
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
  async refundGeneration(staff: UserRecord, input: unknown, context: RequestContext) {
    const { generationId, reason } = parseInput(refundSchema, input);
    const generation = await this.generations.find(generationId);
    if (!generation) throw notFound('No such generation');
    if (generation.userId === staff.id) throw ownAccount();
    const refundId = `refund-${randomUUID()}`;
    const result = await this.ledger.credits.handle(
      creditStreamId(generation.userId),
      {
        type: 'RefundCredits',
        data: {
          userId: generation.userId,
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
    return { userId: generation.userId, generationId, amount: CREDITS_PER_GENERATION };
  }
}
