import type { Decider } from '../shared/decider';
import { ProviderCheckOutdatedError } from '../shared/errors';
import { assertNever } from '../shared/decider';
import type { CommandMetadata } from '../shared/metadata';
import {
  evolveSubscription,
  initialSubscriptionState,
  type SubscriptionEvent,
  type SubscriptionState,
  type SubscriptionStatus,
} from './subscription';

/**
 * What the payment provider said, just before the command, of the plan the stream followed then,
 * when that was another live plan (null otherwise): whether it still runs there.
 */
export type FollowedAtProvider = { subscriptionId: string; runs: boolean } | null;

/** Every command carries `observedAt`: when the payment provider saw the change. */
export type SubscriptionCommand =
  | {
      type: 'CompleteCheckout';
      data: {
        userId: string;
        planId: string;
        customerId: string;
        subscriptionId: string;
        checkoutSessionId: string;
        followedAtProvider: FollowedAtProvider;
        observedAt: Date;
      };
    }
  | {
      type: 'RecordPeriodPaid';
      data: {
        userId: string;
        subscriptionId: string;
        planId: string;
        invoiceId: string;
        periodStart: Date;
        periodEnd: Date;
        followedAtProvider: FollowedAtProvider;
        observedAt: Date;
      };
    }
  | {
      type: 'RecordPaymentFailed';
      data: { userId: string; subscriptionId: string; invoiceId: string; observedAt: Date };
    }
  | {
      type: 'UpdateSubscription';
      data: {
        userId: string;
        subscriptionId: string;
        planId: string;
        status: SubscriptionStatus;
        cancelAtPeriodEnd: boolean;
        currentPeriodEnd: Date | null;
        scheduledPlanId?: string | null;
        observedAt: Date;
      };
    }
  | {
      type: 'CancelSubscription';
      data: { userId: string; subscriptionId: string; canceledAt: Date; observedAt: Date };
    };

const isStale = (state: SubscriptionState, observedAt: Date) =>
  state.lastObservedAt !== null && observedAt.getTime() < Date.parse(state.lastObservedAt);

/**
 * The subscription has ended (the one we follow, or one we followed before): late news of it (a
 * delayed delivery) cannot revive it, nor take the place of the one that followed it.
 */
const hasEnded = (state: SubscriptionState, subscriptionId: string) =>
  state.endedSubscriptions[subscriptionId] === true ||
  (state.status === 'canceled' && state.subscriptionId === subscriptionId);

/** The plan we follow is paid for (or owed) and has not ended in the log. */
const followsLivePlan = (
  state: SubscriptionState,
): state is SubscriptionState & {
  subscriptionId: string;
} =>
  state.subscriptionId !== null &&
  (state.status === 'active' || state.status === 'past_due') &&
  !hasEnded(state, state.subscriptionId);

/**
 * News of another plan while the one we follow is live:
 * - 'ended': a plan with a period accepted before, late news of it (a plan that came after it is
 *   followed now);
 * - 'second': a plan never paid for here, paid while ours still runs at the provider (two
 *   checkouts opened before either was paid were both paid);
 * - 'successor': the same while ours no longer runs there (its end has not reached us yet);
 * - null: no other plan (none followed, or this one).
 * The provider's word must be about the plan followed now; otherwise it is asked again.
 */
const otherPlan = (
  state: SubscriptionState,
  subscriptionId: string,
  followedAtProvider: FollowedAtProvider,
): 'second' | 'ended' | 'successor' | null => {
  if (!followsLivePlan(state) || state.subscriptionId === subscriptionId) return null;
  if (state.paidSubscriptions[subscriptionId]) return 'ended';
  if (followedAtProvider?.subscriptionId !== state.subscriptionId)
    throw new ProviderCheckOutdatedError(state.subscriptionId);
  return followedAtProvider.runs ? 'second' : 'successor';
};

const refuseSecondPlan = (
  state: SubscriptionState,
  data: { userId: string; subscriptionId: string; planId: string },
  observedAt: string,
): SubscriptionEvent[] => [
  {
    type: 'SubscriptionSecondPlanRefused',
    data: {
      userId: data.userId,
      subscriptionId: data.subscriptionId,
      planId: data.planId,
      keptSubscriptionId: state.subscriptionId!,
      observedAt,
    },
  },
];

/** Events about another (older) subscription than the one we follow change nothing. */
const isOtherSubscription = (state: SubscriptionState, subscriptionId: string) =>
  state.subscriptionId !== null && state.subscriptionId !== subscriptionId;

export function decideSubscription(
  command: SubscriptionCommand,
  state: SubscriptionState,
  metadata: CommandMetadata,
): SubscriptionEvent[] {
  if (state.seenKeys[metadata.idempotencyKey]) return [];
  const observedAt = command.data.observedAt.toISOString();

  switch (command.type) {
    case 'CompleteCheckout': {
      const { followedAtProvider, ...data } = command.data;
      if (hasEnded(state, data.subscriptionId)) return [];
      const other = otherPlan(state, data.subscriptionId, followedAtProvider);
      if (other === 'ended') return [];
      if (other === 'second') return refuseSecondPlan(state, data, observedAt);
      if (
        state.subscriptionId === command.data.subscriptionId &&
        state.customerId === command.data.customerId
      ) {
        return [];
      }
      return [{ type: 'SubscriptionCheckoutCompleted', data: { ...data, observedAt } }];
    }
    case 'RecordPeriodPaid': {
      const { followedAtProvider, ...data } = command.data;
      if (state.paidInvoices[data.invoiceId] || hasEnded(state, data.subscriptionId)) return [];
      const other = otherPlan(state, data.subscriptionId, followedAtProvider);
      if (other === 'ended') return [];
      if (other === 'second') return refuseSecondPlan(state, data, observedAt);
      return [
        {
          type: 'SubscriptionPeriodPaid',
          data: {
            ...data,
            periodStart: data.periodStart.toISOString(),
            periodEnd: data.periodEnd.toISOString(),
            observedAt,
          },
        },
      ];
    }
    case 'RecordPaymentFailed':
      if (isOtherSubscription(state, command.data.subscriptionId)) return [];
      if (state.status === 'canceled' || isStale(state, command.data.observedAt)) return [];
      return [{ type: 'SubscriptionPaymentFailed', data: { ...command.data, observedAt } }];
    case 'UpdateSubscription': {
      const { data } = command;
      if (isStale(state, data.observedAt)) return [];
      if (isOtherSubscription(state, data.subscriptionId) && state.status !== 'canceled') return [];
      return [
        {
          type: 'SubscriptionUpdated',
          data: {
            ...data,
            currentPeriodEnd: data.currentPeriodEnd?.toISOString() ?? null,
            ...(data.scheduledPlanId ? { scheduledPlanId: data.scheduledPlanId } : {}),
            observedAt,
          },
        },
      ];
    }
    case 'CancelSubscription':
      if (isOtherSubscription(state, command.data.subscriptionId)) return [];
      if (state.status === 'canceled') return [];
      return [
        {
          type: 'SubscriptionCanceled',
          data: { ...command.data, canceledAt: command.data.canceledAt.toISOString(), observedAt },
        },
      ];
    default:
      return assertNever(command);
  }
}

export const subscriptionDecider: Decider<
  SubscriptionState,
  SubscriptionCommand,
  SubscriptionEvent
> = {
  streamType: 'subscription',
  initialState: initialSubscriptionState,
  evolve: evolveSubscription,
  decide: decideSubscription,
  serialize: (state) => state,
  deserialize: (json) => json as SubscriptionState,
};
