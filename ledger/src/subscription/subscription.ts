import { z } from 'zod';
import type { EvolveContext } from '../shared/decider';
import { assertNever } from '../shared/decider';

// The subscription stream `subscription-<userId>`: its events, its state, and evolve.

export const subscriptionStreamId = (userId: string) => `subscription-${userId}`;

const isoDate = z.iso.datetime({ offset: true });
export const subscriptionStatuses = [
  'none',
  'incomplete',
  'active',
  'past_due',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const subscriptionEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('SubscriptionCheckoutCompleted'),
    data: z.object({
      userId: z.string(),
      planId: z.string(),
      customerId: z.string(),
      subscriptionId: z.string(),
      checkoutSessionId: z.string(),
      observedAt: isoDate,
    }),
  }),
  z.object({
    type: z.literal('SubscriptionPeriodPaid'),
    data: z.object({
      userId: z.string(),
      subscriptionId: z.string(),
      planId: z.string(),
      invoiceId: z.string(),
      periodStart: isoDate,
      periodEnd: isoDate,
      observedAt: isoDate,
    }),
  }),
  z.object({
    type: z.literal('SubscriptionPaymentFailed'),
    data: z.object({
      userId: z.string(),
      subscriptionId: z.string(),
      invoiceId: z.string(),
      observedAt: isoDate,
    }),
  }),
  z.object({
    type: z.literal('SubscriptionUpdated'),
    data: z.object({
      userId: z.string(),
      subscriptionId: z.string(),
      planId: z.string(),
      status: z.enum(subscriptionStatuses),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: isoDate.nullable(),
      /** A cheaper plan the subscription moves to when the current period ends (a downgrade). */
      scheduledPlanId: z.string().nullable().optional(),
      observedAt: isoDate,
    }),
  }),
  z.object({
    type: z.literal('SubscriptionCanceled'),
    data: z.object({
      userId: z.string(),
      subscriptionId: z.string(),
      canceledAt: isoDate,
      observedAt: isoDate,
    }),
  }),
  /**
   * A second plan paid while the one we follow runs (two checkouts opened before either was
   * paid): the plan we follow stays; this one is ended at the provider and its payment refunded.
   */
  z.object({
    type: z.literal('SubscriptionSecondPlanRefused'),
    data: z.object({
      userId: z.string(),
      subscriptionId: z.string(),
      planId: z.string(),
      keptSubscriptionId: z.string(),
      observedAt: isoDate,
    }),
  }),
]);

export type SubscriptionEvent = z.infer<typeof subscriptionEventSchema>;
export const subscriptionEventTypes: readonly SubscriptionEvent['type'][] =
  subscriptionEventSchema.options.map((option) => option.shape.type.value);

export interface SubscriptionState {
  status: SubscriptionStatus;
  planId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** Absent in snapshots written before plan switches existed (read as null). */
  scheduledPlanId?: string | null;
  /** Newest provider observation applied; older (out-of-order) updates are ignored. */
  lastObservedAt: string | null;
  paidInvoices: Record<string, true>;
  /**
   * Every subscription with a period the stream accepted: a plan the customer has had, whose later
   * news is late news, never a second plan.
   */
  paidSubscriptions: Record<string, true>;
  /** Every subscription the log records as ended: late news of one cannot revive it. */
  endedSubscriptions: Record<string, true>;
  /** Second plans refused (each also ended): their payments are refunded, never credited. */
  secondPlans: Record<string, true>;
  seenKeys: Record<string, true>;
}

export const initialSubscriptionState = (): SubscriptionState => ({
  status: 'none',
  planId: null,
  customerId: null,
  subscriptionId: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  lastObservedAt: null,
  paidInvoices: {},
  paidSubscriptions: {},
  endedSubscriptions: {},
  secondPlans: {},
  seenKeys: {},
});

const later = (a: string | null, b: string) =>
  a === null || Date.parse(b) > Date.parse(a) ? b : a;

export function evolveSubscription(
  state: SubscriptionState,
  event: SubscriptionEvent,
  context: EvolveContext,
): SubscriptionState {
  state.seenKeys[context.idempotencyKey] = true;
  if (event.type === 'SubscriptionSecondPlanRefused') {
    // News of another plan than the one followed: it says nothing of how recent ours is.
    state.secondPlans[event.data.subscriptionId] = true;
    state.endedSubscriptions[event.data.subscriptionId] = true;
    return state;
  }
  state.lastObservedAt = later(state.lastObservedAt, event.data.observedAt);
  switch (event.type) {
    case 'SubscriptionCheckoutCompleted':
      state.customerId = event.data.customerId;
      if (state.status === 'none' || state.status === 'canceled') state.status = 'incomplete';
      // The checkout of the plan already followed, delivered after its later news (its period
      // paid, a plan switch, a cancellation at the period's end): it is that plan's oldest news
      // and keeps what the later news set.
      if (state.subscriptionId === event.data.subscriptionId) return state;
      state.subscriptionId = event.data.subscriptionId;
      state.planId = event.data.planId;
      state.cancelAtPeriodEnd = false;
      return state;
    case 'SubscriptionPeriodPaid':
      state.paidInvoices[event.data.invoiceId] = true;
      state.paidSubscriptions[event.data.subscriptionId] = true;
      state.subscriptionId = event.data.subscriptionId;
      state.planId = event.data.planId;
      if (state.scheduledPlanId === event.data.planId) state.scheduledPlanId = null;
      state.status = 'active';
      state.currentPeriodEnd = later(state.currentPeriodEnd, event.data.periodEnd);
      return state;
    case 'SubscriptionPaymentFailed':
      state.status = 'past_due';
      return state;
    case 'SubscriptionUpdated':
      state.subscriptionId = event.data.subscriptionId;
      state.planId = event.data.planId;
      state.status = event.data.status;
      state.cancelAtPeriodEnd = event.data.cancelAtPeriodEnd;
      state.scheduledPlanId = event.data.scheduledPlanId ?? null;
      if (event.data.currentPeriodEnd) {
        state.currentPeriodEnd = later(state.currentPeriodEnd, event.data.currentPeriodEnd);
      }
      return state;
    case 'SubscriptionCanceled':
      state.endedSubscriptions[event.data.subscriptionId] = true;
      state.status = 'canceled';
      state.cancelAtPeriodEnd = false;
      state.scheduledPlanId = null;
      return state;
    default:
      return assertNever(event);
  }
}
