-- Up Migration
-- The invoice of a second plan (paid while the one followed runs), refused: ended, refunded, its
-- customer told once (by the delivery that sets this). Finance's reconciliation expects no
-- purchase for it.
ALTER TABLE billing_invoices ADD COLUMN second_plan_refused_at timestamptz;

-- Down Migration
ALTER TABLE billing_invoices DROP COLUMN second_plan_refused_at;
