import type { CreditMovement } from '@app/projections';
import { refundedCreditsBySpend } from '@app/projections';
import { z } from 'zod';
import type { ContactMessage } from '../../contact/contact-service';
import { listGenerationsOf, type GenerationView } from '../../generation/generation-views';
import type { StaffUserDetail } from '../../staff/staff-users';
import { idempotencyKeyFrom } from '../../shared/idempotency';
import { builder } from '../builder';
import { ContactCategoryEnum } from './contact';
import { GenerationRef } from './generation';
import { RoleEnum } from './user';

const StaffUserRef = builder.objectRef<StaffUserDetail>('StaffUser').implement({
  description: "A user's account as support and finance see it",
  fields: (t) => ({
    id: t.id({ resolve: (d) => d.user.id }),
    email: t.string({ resolve: (d) => d.user.email }),
    username: t.string({ resolve: (d) => d.user.username }),
    fullName: t.string({ nullable: true, resolve: (d) => d.user.fullName }),
    deletedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        'Set when the person deleted their account (email and username then read "deleted user <id>")',
      resolve: (d) => d.user.deletedAt,
    }),
    roles: t.field({ type: [RoleEnum], resolve: (d) => d.user.roles }),
    createdAt: t.field({ type: 'DateTime', resolve: (d) => d.user.createdAt }),
    credits: t.int({ description: 'Available now', resolve: (d) => d.balance.available }),
    held: t.int({ resolve: (d) => d.balance.held }),
    lifetimeGranted: t.int({ resolve: (d) => d.balance.lifetimeGranted }),
    lifetimePurchased: t.int({ resolve: (d) => d.balance.lifetimePurchased }),
    lifetimeSpent: t.int({ resolve: (d) => d.balance.lifetimeSpent }),
    lifetimeRefunded: t.int({ resolve: (d) => d.balance.lifetimeRefunded }),
    lifetimeExpired: t.int({ resolve: (d) => d.balance.lifetimeExpired }),
    subscriptionStatus: t.string({
      description: 'none, incomplete, active, past_due or canceled',
      resolve: (d) => d.subscription?.status ?? 'none',
    }),
    subscriptionPlan: t.string({ nullable: true, resolve: (d) => d.subscription?.planId ?? null }),
    subscriptionPeriodEnd: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: (d) => d.subscription?.currentPeriodEnd ?? null,
    }),
    cancelAtPeriodEnd: t.boolean({ resolve: (d) => d.subscription?.cancelAtPeriodEnd ?? false }),
    stripeCustomerId: t.string({
      nullable: true,
      resolve: (d) => d.subscription?.customerId ?? null,
    }),
  }),
});

export const LedgerEntryRef = builder.objectRef<CreditMovement>('LedgerEntry').implement({
  description: 'One credit movement, with who did it, why, and what it refers to',
  fields: (t) => ({
    seq: t.string({ resolve: (m) => String(m.seq) }),
    eventId: t.exposeID('eventId'),
    occurredAt: t.field({ type: 'DateTime', resolve: (m) => m.occurredAt }),
    userId: t.exposeID('userId'),
    type: t.exposeString('type'),
    delta: t.exposeInt('delta'),
    heldDelta: t.exposeInt('heldDelta'),
    balanceAfter: t.exposeInt('balanceAfter'),
    heldAfter: t.exposeInt('heldAfter'),
    paidAmount: t.exposeInt('paidAmount'),
    freeAmount: t.exposeInt('freeAmount'),
    reference: t.exposeString('reference', { nullable: true }),
    planId: t.exposeString('planId', { nullable: true }),
    amountPaidCents: t.exposeInt('amountPaidCents', { nullable: true }),
    currency: t.exposeString('currency', { nullable: true }),
    actorKind: t.exposeString('actorKind'),
    actorId: t.exposeString('actorId'),
    reason: t.exposeString('reason'),
  }),
});

const LedgerPageRef = builder
  .objectRef<{ movements: CreditMovement[]; nextCursor: number | null }>('LedgerPage')
  .implement({
    fields: (t) => ({
      entries: t.field({ type: [LedgerEntryRef], resolve: (p) => p.movements }),
      nextCursor: t.string({
        nullable: true,
        resolve: (p) => (p.nextCursor === null ? null : String(p.nextCursor)),
      }),
    }),
  });

export const LedgerFilterInput = builder.inputType('LedgerFilterInput', {
  fields: (t) => ({
    userId: t.id(),
    types: t.stringList(),
    from: t.field({ type: 'DateTime' }),
    to: t.field({ type: 'DateTime' }),
  }),
});

const ContactMessageRef = builder.objectRef<ContactMessage>('ContactMessage').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    subject: t.exposeString('subject', { nullable: true }),
    category: t.field({ type: ContactCategoryEnum, resolve: (m) => m.category }),
    message: t.exposeString('message'),
    marketingConsent: t.exposeBoolean('marketingConsent'),
    createdAt: t.field({ type: 'DateTime', resolve: (m) => m.createdAt }),
    handledAt: t.field({ type: 'DateTime', nullable: true, resolve: (m) => m.handledAt }),
    userId: t.exposeID('userId', { nullable: true, description: 'The sender, when signed in' }),
    handledBy: t.exposeID('handledBy', {
      nullable: true,
      description: 'The staff member who marked it handled',
    }),
  }),
});

const ContactMessagePageRef = builder
  .objectRef<{ messages: ContactMessage[]; nextCursor: string | null }>('ContactMessagePage')
  .implement({
    fields: (t) => ({
      messages: t.field({ type: [ContactMessageRef], resolve: (p) => p.messages }),
      nextCursor: t.exposeString('nextCursor', { nullable: true }),
    }),
  });

interface StaffGeneration {
  generation: GenerationView;
  refundedCredits: number;
}

const StaffGenerationRef = builder.objectRef<StaffGeneration>('StaffGeneration').implement({
  description: 'A generation as support sees it, with what was already refunded of its credits',
  fields: (t) => ({
    generation: t.field({ type: GenerationRef, resolve: (g) => g.generation }),
    refundedCredits: t.exposeInt('refundedCredits'),
  }),
});

const pageSchema = z.looseObject({
  first: z.number().int().min(1).max(200, { error: 'first must be at most 200' }).nullish(),
});

builder.queryFields((t) => ({
  staffFindUsers: t.field({
    type: [StaffUserRef],
    authScopes: { support: true, finance: true },
    description: 'By email, username or id',
    args: { query: t.arg.string({ required: true }) },
    resolve: async (_root, { query }, context) => {
      const users = await context.services.staff.users.find(query);
      const details = await Promise.all(
        users.map((user) => context.services.staff.users.detail(user.id)),
      );
      return details.filter((d): d is StaffUserDetail => d !== null);
    },
  }),
  staffUser: t.field({
    type: StaffUserRef,
    nullable: true,
    authScopes: { support: true, finance: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => context.services.staff.users.detail(String(id)),
  }),
  staffLedger: t.field({
    type: LedgerPageRef,
    authScopes: { support: true, finance: true },
    description: 'The credit history, filtered, newest first. Support must name a user.',
    args: {
      filter: t.arg({ type: LedgerFilterInput }),
      first: t.arg.int({ defaultValue: 50 }),
      before: t.arg.string(),
    },
    validate: pageSchema,
    resolve: (_root, { filter, first, before }, context) =>
      context.services.staff.ledger.page(
        context.viewer!.user.roles,
        { ...filter, userId: filter?.userId ? String(filter.userId) : null },
        { first: first ?? 50, before: before && /^\d+$/.test(before) ? Number(before) : null },
      ),
  }),
  staffUserGenerations: t.field({
    type: builder
      .objectRef<{ generations: StaffGeneration[]; nextCursor: string | null }>(
        'StaffGenerationPage',
      )
      .implement({
        fields: (f) => ({
          generations: f.field({ type: [StaffGenerationRef], resolve: (p) => p.generations }),
          nextCursor: f.exposeString('nextCursor', { nullable: true }),
        }),
      }),
    authScopes: { support: true, finance: true },
    args: {
      userId: t.arg.id({ required: true }),
      first: t.arg.int({ defaultValue: 20 }),
      after: t.arg.string(),
    },
    validate: pageSchema,
    resolve: async (_root, { userId, first, after }, context) => {
      const page = await listGenerationsOf(
        context.services.pool,
        context.services.generations.repository,
        String(userId),
        { first: first ?? 20, after: after ?? null },
      );
      const refunded = await refundedCreditsBySpend(
        context.services.pool,
        page.generations.map((g) => g.id),
      );
      return {
        ...page,
        generations: page.generations.map((g) => ({
          generation: g,
          refundedCredits: refunded.get(g.id) ?? 0,
        })),
      };
    },
  }),
  staffContactMessages: t.field({
    type: ContactMessagePageRef,
    authScopes: { support: true },
    args: {
      category: t.arg({ type: ContactCategoryEnum }),
      handled: t.arg.boolean(),
      first: t.arg.int({ defaultValue: 30 }),
      after: t.arg.string(),
    },
    validate: pageSchema,
    resolve: (_root, args, context) =>
      context.services.staff.inbox.list(
        { category: args.category ?? null, handled: args.handled ?? null },
        { first: args.first ?? 30, after: args.after ?? null },
      ),
  }),
}));

const GrantCreditsInput = builder.inputType('GrantCreditsInput', {
  fields: (t) => ({
    userId: t.id({ required: true }),
    amount: t.int({ required: true }),
    reason: t.string({ required: true }),
    idempotencyKey: t.string({
      description:
        'One key per user action: a repeat (double click, retry) answers the first result and has no second effect',
    }),
  }),
});
const RefundGenerationInput = builder.inputType('RefundGenerationInput', {
  fields: (t) => ({
    generationId: t.id({ required: true }),
    reason: t.string({ required: true }),
    idempotencyKey: t.string({
      description:
        'One key per user action: a repeat (double click, retry) answers the first result and has no second effect',
    }),
  }),
});

builder.mutationFields((t) => ({
  staffGrantCredits: t.field({
    type: StaffUserRef,
    authScopes: { support: true },
    description: 'Goodwill credits; the ledger records the staff member and the reason',
    args: { input: t.arg({ type: GrantCreditsInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const { idempotencyKey, ...grant } = input;
      const { userId } = await context.services.staff.support.grantCredits(
        context.viewer!.user,
        { ...grant, userId: String(grant.userId) },
        context.request,
        idempotencyKeyFrom(idempotencyKey),
      );
      return (await context.services.staff.users.detail(userId))!;
    },
  }),
  staffRefundGeneration: t.field({
    type: StaffUserRef,
    authScopes: { support: true },
    description: "Gives back a generation's 5 credits",
    args: { input: t.arg({ type: RefundGenerationInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const { idempotencyKey, ...refund } = input;
      const { userId } = await context.services.staff.support.refundGeneration(
        context.viewer!.user,
        { ...refund, generationId: String(refund.generationId) },
        context.request,
        idempotencyKeyFrom(idempotencyKey),
      );
      return (await context.services.staff.users.detail(userId))!;
    },
  }),
  staffMarkContactHandled: t.field({
    type: ContactMessageRef,
    authScopes: { support: true },
    args: { id: t.arg.id({ required: true }), handled: t.arg.boolean({ required: true }) },
    resolve: (_root, { id, handled }, context) =>
      context.services.staff.inbox.markHandled(String(id), context.viewer!.user.id, handled),
  }),
}));
