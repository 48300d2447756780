import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { Plan } from '../plans';

// Stripe-shaped objects for the embedded checkout: the fields the webhook handler reads, with the
// shapes of Stripe's current API (the invoice's subscription under `parent`, periods on items).

export const localId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
export const localPriceId = (planId: string) => `price_local_${planId}`;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

export interface LocalSubscription {
  id: string;
  userId: string;
  customerId: string;
  planId: string;
  status: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** A cheaper plan the subscription moves to at the end of the period. */
  scheduledPlanId?: string | null;
}

export function checkoutSessionObject(input: {
  id: string;
  userId: string;
  plan: Plan;
  customerId: string;
  subscriptionId: string;
  successUrl: string;
  cancelUrl: string;
}) {
  return {
    id: input.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: input.userId,
    customer: input.customerId,
    subscription: input.subscriptionId,
    amount_total: input.plan.price,
    currency: 'usd',
    metadata: { userId: input.userId, planId: input.plan.id },
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    livemode: false,
  } as unknown as Stripe.Checkout.Session;
}

export function subscriptionObject(
  subscription: LocalSubscription,
  canceledAt: Date | null = null,
) {
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customerId,
    status: subscription.status,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    canceled_at: canceledAt ? unix(canceledAt) : null,
    metadata: {
      userId: subscription.userId,
      planId: subscription.planId,
      ...(subscription.scheduledPlanId ? { scheduledPlanId: subscription.scheduledPlanId } : {}),
    },
    items: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `si_${subscription.id}`,
          object: 'subscription_item',
          price: { id: localPriceId(subscription.planId), object: 'price' },
          current_period_start: unix(subscription.currentPeriodStart),
          current_period_end: unix(subscription.currentPeriodEnd),
        },
      ],
    },
    livemode: false,
  } as unknown as Stripe.Subscription;
}

/** One invoice per subscription and period: the id names both, so a period is billed once. */
export const periodInvoiceId = (subscriptionId: string, periodStart: Date) =>
  `in_${subscriptionId.replace(/^sub_/, '')}_${unix(periodStart)}`;

export function paidInvoiceObject(
  subscription: LocalSubscription,
  plan: Plan,
  paidAt: Date,
  options: { id?: string; amountPaid?: number; billingReason?: string } = {},
) {
  const id = options.id ?? periodInvoiceId(subscription.id, subscription.currentPeriodStart);
  const amount = options.amountPaid ?? plan.price;
  return {
    id,
    object: 'invoice',
    customer: subscription.customerId,
    status: 'paid',
    billing_reason: options.billingReason ?? 'subscription_cycle',
    amount_due: amount,
    amount_paid: amount,
    currency: 'usd',
    status_transitions: { paid_at: unix(paidAt) },
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: subscription.id,
        metadata: { userId: subscription.userId, planId: plan.id },
      },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `il_${id}`,
          object: 'line_item',
          amount,
          currency: 'usd',
          period: {
            start: unix(subscription.currentPeriodStart),
            end: unix(subscription.currentPeriodEnd),
          },
          pricing: {
            type: 'price_details',
            price_details: { price: localPriceId(plan.id), product: `prod_local_${plan.id}` },
          },
        },
      ],
    },
    payments: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `inpay_${id}`,
          object: 'invoice_payment',
          payment: { type: 'payment_intent', payment_intent: `pi_${id.replace(/^in_/, '')}` },
        },
      ],
    },
    livemode: false,
  } as unknown as Stripe.Invoice;
}

/** A fully refunded charge of one payment (only `refunded` and the payment intent change credits). */
export function refundedChargeObject(input: {
  paymentIntent: string;
  amountCents?: number;
  id?: string;
}) {
  return {
    id: input.id ?? localId('ch'),
    object: 'charge',
    payment_intent: input.paymentIntent,
    refunded: true,
    ...(input.amountCents === undefined
      ? {}
      : { amount: input.amountCents, amount_refunded: input.amountCents, currency: 'usd' }),
  };
}

export function eventObject(type: string, object: unknown, created = new Date()) {
  return {
    id: localId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: unix(created),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}
