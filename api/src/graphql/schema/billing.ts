import type { CreditPack } from '../../billing/packs';
import type { Plan } from '../../billing/plans';
import { unauthenticated } from '../../shared/errors';
import { idempotencyKeyFrom } from '../../shared/idempotency';
import { builder } from '../builder';

const SubscriptionPlanRef = builder.objectRef<Plan>('SubscriptionPlan').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    price: t.exposeInt('price', { description: 'In cents, per interval' }),
    interval: t.exposeString('interval'),
    features: t.exposeStringList('features'),
    creditsPerMonth: t.exposeInt('creditsPerMonth'),
    generationsPerMonth: t.exposeInt('generationsPerMonth'),
    popular: t.exposeBoolean('popular', { description: 'Shown as Most Popular' }),
  }),
});

const CheckoutSessionRef = builder
  .objectRef<{ sessionId: string; url: string }>('CheckoutSession')
  .implement({
    fields: (t) => ({
      sessionId: t.exposeString('sessionId'),
      url: t.exposeString('url', {
        description: 'Send the browser here (Stripe Checkout, or the local checkout page)',
      }),
    }),
  });

const PortalSessionRef = builder.objectRef<{ url: string }>('PortalSession').implement({
  fields: (t) => ({ url: t.exposeString('url') }),
});

const CreditPackRef = builder.objectRef<CreditPack>('CreditPack').implement({
  description: 'A one-time pack of credits; they expire 24 months after purchase',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    credits: t.exposeInt('credits'),
    priceCents: t.exposeInt('priceCents', { description: 'In cents, paid once' }),
  }),
});

const GiftInput = builder.inputType('GiftInput', {
  description: 'Buy the pack as a gift for someone else',
  fields: (t) => ({
    recipientEmail: t.string(),
    message: t.string(),
  }),
});

builder.queryField('subscriptionPlans', (t) =>
  t.field({
    type: [SubscriptionPlanRef],
    resolve: (_root, _args, context) => [...context.services.billing.plans()],
  }),
);

builder.queryField('creditPacks', (t) =>
  t.field({
    type: [CreditPackRef],
    resolve: (_root, _args, context) => [...context.services.billing.packs()],
  }),
);

builder.mutationFields((t) => ({
  createSubscriptionCheckout: t.field({
    type: CheckoutSessionRef,
    args: {
      planId: t.arg.id({ required: true }),
      idempotencyKey: t.arg.string({
        description:
          'One key per user action: a repeat (double click, retry) answers the first result and has no second effect',
      }),
    },
    resolve: (_root, { planId, idempotencyKey }, context) => {
      if (!context.viewer) throw unauthenticated('Please login to subscribe');
      return context.services.billing.createCheckout(
        context.viewer.user,
        String(planId),
        idempotencyKeyFrom(idempotencyKey),
      );
    },
  }),
  createPackCheckout: t.field({
    type: CheckoutSessionRef,
    args: {
      packId: t.arg.id({ required: true }),
      gift: t.arg({ type: GiftInput }),
      idempotencyKey: t.arg.string({
        description:
          'One key per user action: a repeat (double click, retry) answers the first result and has no second effect',
      }),
    },
    resolve: (_root, { packId, gift, idempotencyKey }, context) => {
      if (!context.viewer) throw unauthenticated('Please login to buy credits');
      const giftDetails = gift
        ? {
            ...(gift.recipientEmail != null ? { recipientEmail: gift.recipientEmail } : {}),
            ...(gift.message != null ? { message: gift.message } : {}),
          }
        : undefined;
      return context.services.billing.createPackCheckout(
        context.viewer.user,
        String(packId),
        giftDetails,
        idempotencyKeyFrom(idempotencyKey),
      );
    },
  }),
  createPortalSession: t.field({
    type: PortalSessionRef,
    authScopes: { signedIn: true },
    args: {
      idempotencyKey: t.arg.string({
        description:
          'One key per user action: a repeat (double click, retry) answers the first result and has no second effect',
      }),
    },
    resolve: (_root, { idempotencyKey }, context) =>
      context.services.billing.createPortal(
        context.viewer!.user,
        idempotencyKeyFrom(idempotencyKey),
      ),
  }),
}));
