import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import type { CommandMetadata } from '../shared/metadata';
import {
  evolveSubscription,
  initialSubscriptionState,
  type SubscriptionEvent,
  type SubscriptionState,
  type SubscriptionStatus,
} from './subscription';

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
        /** The customer's subscriptions running and paid for at the provider, asked just now. */
        runningAtProvider: readonly string[];
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
        /** The customer's subscriptions running and paid for at the provider, asked just now. */
        runningAtProvider: readonly string[];
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

/**
 * Another plan paid while the one we follow is paid for and still running at the provider (two
 * checkouts opened before either was paid). Asked of the provider, not of the log alone: the end
 * of the plan we follow may simply not have reached us yet, and then the new plan is its successor.
 */
const isSecondPlan = (
  state: SubscriptionState,
  subscriptionId: string,
  runningAtProvider: readonly string[],
) =>
  state.subscriptionId !== null &&
  state.subscriptionId !== subscriptionId &&
  (state.status === 'active' || state.status === 'past_due') &&
  !hasEnded(state, state.subscriptionId) &&
  runningAtProvider.includes(state.subscriptionId);

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
      const { runningAtProvider, ...data } = command.data;
      if (hasEnded(state, data.subscriptionId)) return [];
      if (isSecondPlan(state, data.subscriptionId, runningAtProvider))
        return refuseSecondPlan(state, data, observedAt);
      if (
        state.subscriptionId === command.data.subscriptionId &&
        state.customerId === command.data.customerId
      ) {
        return [];
      }
      return [{ type: 'SubscriptionCheckoutCompleted', data: { ...data, observedAt } }];
    }
    case 'RecordPeriodPaid': {
      const { runningAtProvider, ...data } = command.data;
      if (state.paidInvoices[data.invoiceId] || hasEnded(state, data.subscriptionId)) return [];
      if (isSecondPlan(state, data.subscriptionId, runningAtProvider))
        return refuseSecondPlan(state, data, observedAt);
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
