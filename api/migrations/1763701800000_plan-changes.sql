-- Up Migration
-- The embedded "Stripe" can schedule a move to a cheaper plan at the end of the paid period.
ALTER TABLE local_subscriptions ADD COLUMN scheduled_plan_id text;

-- One live local subscription per user: a second checkout cannot buy a plan on top of the first.
-- (Earlier builds could leave two; the newest stays, as it did for everything shown.)
UPDATE local_subscriptions s SET status = 'canceled'
WHERE status <> 'canceled' AND EXISTS (
  SELECT 1 FROM local_subscriptions n
  WHERE n.user_id = s.user_id AND n.status <> 'canceled' AND n.created_at > s.created_at
);
CREATE UNIQUE INDEX local_subscriptions_one_live_idx ON local_subscriptions (user_id)
  WHERE status <> 'canceled';

-- Down Migration
DROP INDEX local_subscriptions_one_live_idx;
ALTER TABLE local_subscriptions DROP COLUMN scheduled_plan_id;
