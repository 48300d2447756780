import { BULK_EVENTS_WHERE } from '../runtime/bulk-fill';
import type { TableNames } from '../runtime/projection';

// subscription_status folded in Postgres (evolveSubscription, as SQL), for a rebuild from the start
// of the log: each column is the value the last event that sets it set. The status is the one the
// last event other than a checkout set; a checkout after it turns none or canceled into incomplete
// and keeps any other status (so a run of checkouts changes nothing more). A second plan refused
// changes none of the columns but the time of the last change. The checkout of the plan already
// followed (`follows_on`: its subscription is the one the last event naming one named) sets only
// the customer and the status: the plan and the cancellation at period end stay as set before.

const CHECKOUT = 'SubscriptionCheckoutCompleted';
const SECOND_PLAN_REFUSED = 'SubscriptionSecondPlanRefused';

/** The events that set the subscription followed (evolveSubscription). */
const NAMING_THE_PLAN = [CHECKOUT, 'SubscriptionPeriodPaid', 'SubscriptionUpdated'];

const typeList = (types: readonly string[]) => types.map((t) => `'${t}'`).join(', ');

const last = (value: string, types: readonly string[], besides = 'true') =>
  `(array_agg(${value} ORDER BY tx DESC, gp DESC) FILTER (WHERE type IN (${typeList(
    types,
  )}) AND ${besides}))[1]`;

const STATUS_SET_BY = `CASE type WHEN 'SubscriptionPeriodPaid' THEN 'active'
  WHEN 'SubscriptionPaymentFailed' THEN 'past_due' WHEN 'SubscriptionUpdated' THEN status
  WHEN 'SubscriptionCanceled' THEN 'canceled' END`;

const settled = `coalesce(${last(STATUS_SET_BY, [
  'SubscriptionPeriodPaid',
  'SubscriptionPaymentFailed',
  'SubscriptionUpdated',
  'SubscriptionCanceled',
])}, 'none')`;

/**
 * The values the fold reads, out of the events' JSON before the window's sort (behind OFFSET 0, so
 * the sort moves short columns instead of the documents).
 */
const EXTRACTED = `
  SELECT data->>'userId' AS user_id, type, data->>'status' AS status, data->>'planId' AS plan_id,
    data->>'customerId' AS customer_id, data->>'subscriptionId' AS subscription_id,
    data->>'periodEnd' AS period_end, data->>'currentPeriodEnd' AS current_period_end,
    data->>'cancelAtPeriodEnd' AS cancel_at_period_end, metadata->>'occurredAt' AS occurred_at,
    transaction_id AS tx, global_position AS gp
  FROM events WHERE ${BULK_EVENTS_WHERE} OFFSET 0`;

export const subscriptionStatusBulkFill = (table: TableNames) => [
  `INSERT INTO ${table('subscription_status')} (user_id, status, plan_id, customer_id,
     subscription_id, current_period_end, cancel_at_period_end, updated_at)
   SELECT user_id,
     CASE WHEN (array_agg(type ORDER BY tx DESC, gp DESC)
         FILTER (WHERE type <> '${SECOND_PLAN_REFUSED}'))[1] = '${CHECKOUT}'
       AND ${settled} IN ('none', 'canceled') THEN 'incomplete' ELSE ${settled} END,
     ${last('plan_id', NAMING_THE_PLAN, 'NOT follows_on')},
     ${last('customer_id', [CHECKOUT])},
     ${last('subscription_id', NAMING_THE_PLAN)},
     max(CASE type WHEN 'SubscriptionPeriodPaid' THEN period_end::timestamptz
       WHEN 'SubscriptionUpdated' THEN current_period_end::timestamptz END),
     coalesce(${last(
       `CASE type WHEN 'SubscriptionUpdated' THEN cancel_at_period_end::boolean ELSE false END`,
       [CHECKOUT, 'SubscriptionUpdated', 'SubscriptionCanceled'],
       'NOT follows_on',
     )}, false),
     (array_agg(occurred_at ORDER BY tx DESC, gp DESC))[1]::timestamptz
   FROM (SELECT *,
           coalesce(type = '${CHECKOUT}' AND subscription_id = lag(subscription_id)
             OVER (PARTITION BY user_id, type IN (${typeList(NAMING_THE_PLAN)}) ORDER BY tx, gp),
             false) AS follows_on
         FROM (${EXTRACTED}) AS extracted) AS e
   GROUP BY user_id`,
];
