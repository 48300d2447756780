import { listCreditHistory, type CreditMovement } from '@app/projections';
import { z } from 'zod';
import { builder } from '../builder';

export const CreditMovementRef = builder.objectRef<CreditMovement>('CreditMovement').implement({
  description: 'One credit movement with the balance after it (credits owned: available plus held)',
  fields: (t) => ({
    id: t.exposeID('eventId'),
    occurredAt: t.field({ type: 'DateTime', resolve: (m) => m.occurredAt }),
    type: t.exposeString('type', {
      description:
        'CreditsGranted, CreditsPurchased, CreditsReserved, CreditsSpent, CreditsReleased, CreditsRefunded, CreditsExpired or CreditsRevoked',
    }),
    delta: t.exposeInt('delta', { description: 'Change of the balance' }),
    heldDelta: t.exposeInt('heldDelta', {
      description: 'Change of the credits held for generations in progress',
    }),
    balanceAfter: t.exposeInt('balanceAfter'),
    heldAfter: t.exposeInt('heldAfter'),
    reason: t.exposeString('reason'),
    reference: t.exposeString('reference', {
      nullable: true,
      description: 'Invoice, generation or grant it concerns',
    }),
  }),
});

export const CreditMovementPageRef = builder
  .objectRef<{ movements: CreditMovement[]; nextCursor: number | null }>('CreditMovementPage')
  .implement({
    fields: (t) => ({
      movements: t.field({ type: [CreditMovementRef], resolve: (page) => page.movements }),
      nextCursor: t.string({
        nullable: true,
        description: 'Pass as `before` for the next, older page; null on the last page',
        resolve: (page) => (page.nextCursor === null ? null : String(page.nextCursor)),
      }),
    }),
  });

export const pageArgsSchema = z.object({
  first: z
    .number()
    .int()
    .min(1, { error: 'first must be at least 1' })
    .max(100, { error: 'first must be at most 100' })
    .nullish(),
  before: z.string().regex(/^\d+$/, { error: 'Invalid cursor' }).nullish(),
});

builder.queryField('myCreditHistory', (t) =>
  t.field({
    type: CreditMovementPageRef,
    authScopes: { signedIn: true },
    description: "The signed-in user's credit movements, newest first",
    args: { first: t.arg.int({ defaultValue: 20 }), before: t.arg.string() },
    validate: pageArgsSchema,
    resolve: (_root, args, context) =>
      listCreditHistory(
        context.services.pool,
        { userId: context.viewer!.user.id },
        { first: args.first ?? 20, before: args.before ? Number(args.before) : null },
      ),
  }),
);
