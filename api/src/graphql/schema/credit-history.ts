import type { CreditMovement } from '@app/projections';
import { userCreditHistory, userMovementLabel } from '../../credits/user-credit-history';
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
    label: t.string({
      description: 'What it means to the user, in words ("Ghibli image", "Pro Plan credits")',
      resolve: (m) =>
        'label' in m && typeof m.label === 'string' ? m.label : userMovementLabel(m),
    }),
    inProgress: t.boolean({
      description: 'Credits held for a generation that is still running (the user history only)',
      resolve: (m) => 'inProgress' in m && m.inProgress === true,
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
    description:
      "The signed-in user's credit history, newest first: one row per generation (a hold only while it runs, a released hold not at all) with the balance after it",
    args: { first: t.arg.int({ defaultValue: 20 }), before: t.arg.string() },
    validate: pageArgsSchema,
    resolve: (_root, args, context) =>
      userCreditHistory(context.services.pool, context.viewer!.user.id, {
        first: args.first ?? 20,
        before: args.before ? Number(args.before) : null,
      }),
  }),
);
