import { withTransaction } from '@app/ledger';
import type pg from 'pg';
import { AppError } from '../../shared/errors';
import { isPaidPlan, planById } from '../plans';
import type { LocalBillingOutbox } from './local-billing-outbox';
import {
  paidInvoiceObject,
  periodInvoiceId,
  subscriptionObject,
  type LocalSubscription,
} from './stripe-objects';

export interface SubscriptionRow {
  id: string;
  user_id: string;
  customer_id: string;
  plan_id: string;
  status: string;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  scheduled_plan_id: string | null;
}

export const toSubscription = (row: SubscriptionRow): LocalSubscription => ({
  id: row.id,
  userId: row.user_id,
  customerId: row.customer_id,
  planId: row.plan_id,
  status: row.status,
  currentPeriodStart: row.current_period_start,
  currentPeriodEnd: row.current_period_end,
  cancelAtPeriodEnd: row.cancel_at_period_end,
  scheduledPlanId: row.scheduled_plan_id,
});

/**
 * The embedded billing's subscriptions after checkout: the portal's cancel, resume and plan
 * switch, ending one now, and the operator's renewal. Each change sends the event Stripe would.
 */
export class LocalSubscriptions {
  constructor(
    private readonly db: pg.Pool,
    private readonly outbox: LocalBillingOutbox,
  ) {}

  async current(by: { customerId?: string; userId?: string }): Promise<LocalSubscription | null> {
    const result = await this.db.query<SubscriptionRow>(
      `SELECT * FROM local_subscriptions WHERE (customer_id = $1 OR user_id = $2) AND status <> 'canceled'
       ORDER BY created_at DESC LIMIT 1`,
      [by.customerId ?? null, by.userId ?? null],
    );
    return result.rows[0] ? toSubscription(result.rows[0]) : null;
  }

  /** Portal actions: cancel at period end, or resume a plan set to cancel. */
  async setCancelAtPeriodEnd(customerId: string, cancelAtPeriodEnd: boolean, now = new Date()) {
    const subscription = await this.liveSubscription(customerId);
    const changed = await this.db.query<SubscriptionRow>(
      `UPDATE local_subscriptions SET cancel_at_period_end = $2
       WHERE id = $1 AND status <> 'canceled' AND cancel_at_period_end <> $2 RETURNING *`,
      [subscription.id, cancelAtPeriodEnd],
    );
    if (!changed.rows[0]) return subscription; // already so: nothing changes, no event
    const updated = toSubscription(changed.rows[0]);
    await this.outbox.deliver('customer.subscription.updated', subscriptionObject(updated), now);
    return updated;
  }

  async cancelNow(userId: string, now = new Date()) {
    const subscription = await this.current({ userId });
    if (!subscription) return 0;
    await this.db.query(`UPDATE local_subscriptions SET status = 'canceled' WHERE id = $1`, [
      subscription.id,
    ]);
    await this.outbox.deliver(
      'customer.subscription.deleted',
      subscriptionObject({ ...subscription, status: 'canceled' }, now),
      now,
    );
    return 1;
  }

  async endNow(subscriptionId: string, now = new Date()) {
    // One conditional UPDATE: of concurrent calls exactly one ends it and sends the event.
    const ended = await this.db.query<SubscriptionRow>(
      `UPDATE local_subscriptions SET status = 'canceled'
       WHERE id = $1 AND status <> 'canceled' RETURNING *`,
      [subscriptionId],
    );
    if (!ended.rows[0]) return false;
    await this.outbox.deliver(
      'customer.subscription.deleted',
      subscriptionObject(toSubscription(ended.rows[0]), now),
      now,
    );
    return true;
  }

  /**
   * Portal: switch plans. Up to a dearer plan at once: the prorated difference for the rest of the
   * period is invoiced and paid now, and that invoice's credits replace what is left of the old
   * plan's for this period (which expires). Down to a cheaper plan at the period's end: scheduled,
   * the renewal bills the new plan. Choosing the current plan again drops a scheduled change.
   * Each change is one conditional UPDATE, so concurrent clicks change the plan once.
   */
  async switchPlan(customerId: string, planId: string, now = new Date()) {
    if (!isPaidPlan(planId)) throw new AppError('BAD_PLAN', 'Choose a paid plan', 400);
    const subscription = await this.liveSubscription(customerId);
    const current = planById(subscription.planId)!;
    const target = planById(planId)!;
    if (target.price > current.price) {
      const upgraded = await this.db.query<SubscriptionRow>(
        `UPDATE local_subscriptions SET plan_id = $3, scheduled_plan_id = NULL, cancel_at_period_end = false
         WHERE id = $1 AND status <> 'canceled' AND plan_id = $2 AND current_period_end > $4 RETURNING *`,
        [subscription.id, current.id, target.id, now],
      );
      if (!upgraded.rows[0]) return subscription;
      const updated = toSubscription(upgraded.rows[0]);
      const period = updated.currentPeriodEnd.getTime() - updated.currentPeriodStart.getTime();
      const left = updated.currentPeriodEnd.getTime() - now.getTime();
      const prorated = Math.max(
        0,
        Math.round(((target.price - current.price) * Math.min(left, period)) / period),
      );
      // The rest of the period from now (or the whole of it, if it has not begun: the operator's
      // advance moves periods ahead of time).
      const invoicedPeriod = {
        ...updated,
        currentPeriodStart: new Date(Math.max(now.getTime(), updated.currentPeriodStart.getTime())),
      };
      await this.outbox.deliver(
        'invoice.paid',
        paidInvoiceObject(invoicedPeriod, target, now, {
          // One upgrade to a plan per period: the id names subscription, period and plan.
          id: `${periodInvoiceId(updated.id, updated.currentPeriodStart)}_up_${target.id}`,
          amountPaid: prorated,
          billingReason: 'subscription_update',
        }),
        now,
      );
      await this.outbox.deliver('customer.subscription.updated', subscriptionObject(updated), now);
      return updated;
    }
    const scheduled = target.id === current.id ? null : target.id;
    const changed = await this.db.query<SubscriptionRow>(
      `UPDATE local_subscriptions SET scheduled_plan_id = $2
       WHERE id = $1 AND status <> 'canceled' AND scheduled_plan_id IS DISTINCT FROM $2 RETURNING *`,
      [subscription.id, scheduled],
    );
    if (!changed.rows[0]) return subscription;
    const updated = toSubscription(changed.rows[0]);
    await this.outbox.deliver('customer.subscription.updated', subscriptionObject(updated), now);
    return updated;
  }

  private async liveSubscription(customerId: string) {
    const subscription = await this.current({ customerId });
    if (!subscription)
      throw new AppError('NO_SUBSCRIPTION', 'There is no subscription to change', 409);
    return subscription;
  }

  /**
   * Operator tool: moves a subscription to its next period at once, as Stripe would at renewal
   * (invoice.paid for the new period; or, when cancellation was scheduled, the subscription ends).
   * Keyed by subscription and period: the conditional UPDATE names the period being left, so of
   * any number of callers racing on one period exactly one renews (or ends) it; the others are
   * told it already happened. The invoice id names subscription and period too.
   */
  async advance(
    userId: string,
    now = new Date(),
  ): Promise<'renewed' | 'ended' | 'already renewed' | 'already ended'> {
    const subscription = await this.current({ userId });
    if (!subscription)
      throw new AppError('NO_SUBSCRIPTION', 'This user has no local subscription', 409);
    if (subscription.cancelAtPeriodEnd) {
      const ended = await this.db.query(
        `UPDATE local_subscriptions SET status = 'canceled'
         WHERE id = $1 AND status <> 'canceled' AND current_period_end = $2 RETURNING id`,
        [subscription.id, subscription.currentPeriodEnd],
      );
      if (ended.rowCount === 0) return 'already ended';
      await this.outbox.deliver(
        'customer.subscription.deleted',
        subscriptionObject({ ...subscription, status: 'canceled' }, now),
        now,
      );
      return 'ended';
    }
    const renewal = await withTransaction(this.db, async (client) => {
      const renewed = await client.query<SubscriptionRow>(
        `UPDATE local_subscriptions
         SET current_period_start = current_period_end,
             current_period_end = current_period_end + interval '1 month',
             plan_id = coalesce(scheduled_plan_id, plan_id), scheduled_plan_id = NULL
         WHERE id = $1 AND status <> 'canceled' AND current_period_end = $2 AND NOT cancel_at_period_end
         RETURNING *`,
        [subscription.id, subscription.currentPeriodEnd],
      );
      const row = renewed.rows[0];
      if (!row) return null;
      const next = toSubscription(row);
      return [
        await this.outbox.record(
          client,
          'invoice.paid',
          paidInvoiceObject(next, planById(next.planId)!, now),
          now,
        ),
        await this.outbox.record(
          client,
          'customer.subscription.updated',
          subscriptionObject(next),
          now,
        ),
      ];
    });
    if (!renewal) return 'already renewed';
    await this.outbox.send(renewal);
    return 'renewed';
  }
}
