import type pg from 'pg';
import type { Ledger } from '@app/ledger';
import type { PaymentGateway } from '../payment-gateway';
import type { BillingNotices } from '../second-plan-mail';
import type { BillingCustomers } from './billing-customers';
import type { InvoiceRefunds } from './invoice-refunds';
import type { PackPayments } from './pack-payments';

/** What the event handlers work with. */
export interface WebhookDeps {
  db: pg.Pool;
  ledger: Ledger;
  gateway: PaymentGateway;
  customers: BillingCustomers;
  packs: PackPayments;
  invoiceRefunds: InvoiceRefunds;
  notices: BillingNotices;
}

/** true: the event had its effect; false: nothing to do; pending: kept until its invoice arrives. */
export type HandlerOutcome = boolean | 'pending';
