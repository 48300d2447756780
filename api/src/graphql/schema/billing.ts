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

builder.queryField('subscriptionPlans', (t) =>
  t.field({
    type: [SubscriptionPlanRef],
    resolve: (_root, _args, context) => [...context.services.billing.plans()],
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
