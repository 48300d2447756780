import { describe, expect, it } from 'vitest';
import { deciderSpec, metadataAt } from '../testing/decider-spec';
import type { SubscriptionEvent } from './subscription';
import { ProviderCheckOutdatedError } from '../shared/errors';
import { subscriptionDecider, type FollowedAtProvider } from './subscription.decide';

// Plan switches are events: a downgrade scheduled for the period's end is recorded on the
// subscription (issue 18, 5), and the renewal that bills the new plan clears it.

const given = deciderSpec(subscriptionDecider);
const userId = 'user-1';
const T0 = '2026-01-01T00:00:00.000Z';
const END = '2026-02-01T00:00:00.000Z';

const paid = (
  planId: string,
  invoiceId: string,
  observedAt = T0,
  subscriptionId = 'sub_1',
): SubscriptionEvent => ({
  type: 'SubscriptionPeriodPaid',
  data: {
    userId,
    subscriptionId,
    planId,
    invoiceId,
    periodStart: T0,
    periodEnd: END,
    observedAt,
  },
});

/** The checkout of an Ultra subscription, `sub_<n>` paid through session `cs_<n>`. */
const ultraCheckout = (subscriptionId: string, followedAtProvider: FollowedAtProvider) => ({
  type: 'CompleteCheckout' as const,
  data: {
    userId,
    planId: 'ultra',
    customerId: 'cus_1',
    subscriptionId,
    checkoutSessionId: subscriptionId.replace(/^sub_/, 'cs_'),
    followedAtProvider,
    observedAt: new Date(T0),
  },
});

/** The event of that checkout. */
const ultraCheckedOut = (subscriptionId: string): SubscriptionEvent => {
  const { followedAtProvider: _, ...data } = ultraCheckout(subscriptionId, null).data;
  return { type: 'SubscriptionCheckoutCompleted', data: { ...data, observedAt: T0 } };
};

describe('subscription: plan switches', () => {
  it('a move to a cheaper plan at the period end is an event that names the plan', () => {
    given([paid('ultra', 'in_1')])
      .when(
        {
          type: 'UpdateSubscription',
          data: {
            userId,
            subscriptionId: 'sub_1',
            planId: 'ultra',
            status: 'active',
            cancelAtPeriodEnd: false,
            currentPeriodEnd: new Date(END),
            scheduledPlanId: 'pro',
            observedAt: new Date('2026-01-10T00:00:00.000Z'),
          },
        },
        metadataAt('2026-01-10T00:00:00.000Z'),
      )
      .then([
        {
          type: 'SubscriptionUpdated',
          data: {
            userId,
            subscriptionId: 'sub_1',
            planId: 'ultra',
            status: 'active',
            cancelAtPeriodEnd: false,
            currentPeriodEnd: END,
            scheduledPlanId: 'pro',
            observedAt: '2026-01-10T00:00:00.000Z',
          },
        },
      ]);
  });

  it('the state keeps the scheduled plan until the period that bills it is paid', () => {
    const scheduled: SubscriptionEvent = {
      type: 'SubscriptionUpdated',
      data: {
        userId,
        subscriptionId: 'sub_1',
        planId: 'ultra',
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: END,
        scheduledPlanId: 'pro',
        observedAt: '2026-01-10T00:00:00.000Z',
      },
    };
    expect(given([paid('ultra', 'in_1'), scheduled]).state).toMatchObject({
      planId: 'ultra',
      scheduledPlanId: 'pro',
    });
    expect(given([paid('ultra', 'in_1'), scheduled, paid('pro', 'in_2', END)]).state).toMatchObject(
      { planId: 'pro', scheduledPlanId: null, status: 'active' },
    );
  });

  it('an update without a scheduled plan (Keep, or Stripe) clears it', () => {
    const keep: SubscriptionEvent = {
      type: 'SubscriptionUpdated',
      data: {
        userId,
        subscriptionId: 'sub_1',
        planId: 'ultra',
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: END,
        observedAt: '2026-01-11T00:00:00.000Z',
      },
    };
    const scheduled: SubscriptionEvent = {
      ...keep,
      data: { ...keep.data, scheduledPlanId: 'pro', observedAt: '2026-01-10T00:00:00.000Z' },
    };
    expect(given([paid('ultra', 'in_1'), scheduled, keep]).state.scheduledPlanId).toBeNull();
  });
});

describe('subscription: late news of a plan that has ended', () => {
  const later = '2026-03-01T00:00:00.000Z';
  const ended: SubscriptionEvent = {
    type: 'SubscriptionCanceled',
    data: { userId, subscriptionId: 'sub_1', canceledAt: END, observedAt: END },
  };
  const nextPlan: SubscriptionEvent[] = [
    {
      type: 'SubscriptionCheckoutCompleted',
      data: {
        userId,
        planId: 'pro',
        customerId: 'cus_1',
        subscriptionId: 'sub_2',
        checkoutSessionId: 'cs_2',
        observedAt: later,
      },
    },
    paid('pro', 'in_2', later, 'sub_2'),
  ];

  it('a delayed invoice of the ended plan does not take the place of the plan after it', () => {
    const history = given([paid('ultra', 'in_1'), ended, ...nextPlan]);
    expect(history.state).toMatchObject({ subscriptionId: 'sub_2', status: 'active' });
    history
      .when(
        {
          type: 'RecordPeriodPaid',
          data: {
            userId,
            subscriptionId: 'sub_1',
            planId: 'ultra',
            invoiceId: 'in_1_late',
            periodStart: new Date(T0),
            periodEnd: new Date(END),
            followedAtProvider: { subscriptionId: 'sub_2', runs: true },
            observedAt: new Date(T0),
          },
        },
        metadataAt(later),
      )
      .then([]);
  });

  it('nor does its delayed checkout', () => {
    given([paid('ultra', 'in_1'), ended, ...nextPlan])
      .when(ultraCheckout('sub_1', { subscriptionId: 'sub_2', runs: true }), metadataAt(later))
      .then([]);
  });
});

describe('subscription: a second plan paid while the first runs', () => {
  const runs = (subscriptionId: string, running: boolean) => ({ subscriptionId, runs: running });
  const paidOf = (subscriptionId: string, followedAtProvider: FollowedAtProvider) => ({
    type: 'RecordPeriodPaid' as const,
    data: {
      userId,
      subscriptionId,
      planId: 'ultra',
      invoiceId: `in_${subscriptionId}`,
      periodStart: new Date(T0),
      periodEnd: new Date(END),
      followedAtProvider,
      observedAt: new Date('2026-01-02T00:00:00.000Z'),
    },
  });
  const refused: SubscriptionEvent = {
    type: 'SubscriptionSecondPlanRefused',
    data: {
      userId,
      subscriptionId: 'sub_2',
      planId: 'ultra',
      keptSubscriptionId: 'sub_1',
      observedAt: '2026-01-02T00:00:00.000Z',
    },
  };

  it('is refused while the provider says the plan followed still runs', () => {
    given([paid('pro', 'in_1')])
      .when(paidOf('sub_2', runs('sub_1', true)), metadataAt(T0))
      .then([refused]);
  });

  it('takes its place when the provider says the plan followed has ended (its end not here yet)', () => {
    const events = given([paid('pro', 'in_1')])
      .when(paidOf('sub_2', runs('sub_1', false)), metadataAt(T0))
      .events();
    expect(events.map((event) => event.type)).toEqual(['SubscriptionPeriodPaid']);
  });

  it('asks the provider again when its word is about another plan than the one followed now', () => {
    given([paid('pro', 'in_1')])
      .when(paidOf('sub_2', null), metadataAt(T0))
      .thenThrows(ProviderCheckOutdatedError);
    given([paid('pro', 'in_1')])
      .when(paidOf('sub_2', runs('sub_0', true)), metadataAt(T0))
      .thenThrows(ProviderCheckOutdatedError);
  });

  it('late news of a plan followed before (its end ignored while its successor was followed) changes nothing', () => {
    given([paid('pro', 'in_0', T0, 'sub_0'), paid('pro', 'in_1')])
      .when(paidOf('sub_0', runs('sub_1', true)), metadataAt(T0))
      .then([]);
  });

  it('a plan whose checkout came first but whose invoice came after the other plan was paid is the second', () => {
    given([ultraCheckedOut('sub_2'), paid('pro', 'in_1')])
      .when(paidOf('sub_2', runs('sub_1', true)), metadataAt(T0))
      .then([refused]);
  });

  it('once refused, nothing of it changes the plan followed, nor how recent its news is', () => {
    const history = given([paid('pro', 'in_1'), refused]);
    expect(history.state).toMatchObject({
      subscriptionId: 'sub_1',
      planId: 'pro',
      status: 'active',
      lastObservedAt: T0,
      secondPlans: { sub_2: true },
    });
    history.when(paidOf('sub_2', runs('sub_1', true)), metadataAt(T0)).then([]);
    history.when(ultraCheckout('sub_2', runs('sub_1', true)), metadataAt(T0)).then([]);
  });
});

describe('subscription: the checkout of the plan followed, delivered after its later news', () => {
  const cancelAtPeriodEnd: SubscriptionEvent = {
    type: 'SubscriptionUpdated',
    data: {
      userId,
      subscriptionId: 'sub_1',
      planId: 'plus',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: END,
      observedAt: T0,
    },
  };

  it('keeps the plan switch and the cancellation at the period end that came before it', () => {
    const history = given([paid('ultra', 'in_1'), cancelAtPeriodEnd, ultraCheckedOut('sub_1')]);
    expect(history.state).toMatchObject({
      subscriptionId: 'sub_1',
      planId: 'plus',
      customerId: 'cus_1',
      status: 'active',
      cancelAtPeriodEnd: true,
    });
  });

  it('while the checkout of another plan, after the one followed was canceled, starts afresh', () => {
    const canceled: SubscriptionEvent = {
      type: 'SubscriptionCanceled',
      data: { userId, subscriptionId: 'sub_1', canceledAt: END, observedAt: END },
    };
    const history = given([
      paid('pro', 'in_1'),
      cancelAtPeriodEnd,
      canceled,
      ultraCheckedOut('sub_2'),
    ]);
    expect(history.state).toMatchObject({
      subscriptionId: 'sub_2',
      planId: 'ultra',
      status: 'incomplete',
      cancelAtPeriodEnd: false,
    });
  });
});
