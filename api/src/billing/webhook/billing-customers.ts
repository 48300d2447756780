import type Stripe from 'stripe';
import type pg from 'pg';
import { idOf } from './stripe-values';

/** The event names a user we cannot identify yet; Stripe retries, by then checkout has linked it. */
export class UnknownCustomerError extends Error {}

/** Which of our users a Stripe customer is (billing_customers, linked at checkout). */
export class BillingCustomers {
  constructor(private readonly db: pg.Pool) {}

  async link(userId: string, customerId: string) {
    await this.db.query(
      `INSERT INTO billing_customers (user_id, customer_id) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET customer_id = excluded.customer_id`,
      [userId, customerId],
    );
  }

  async userForInvoice(invoice: Stripe.Invoice): Promise<string> {
    const fromMetadata = invoice.parent?.subscription_details?.metadata?.userId;
    if (fromMetadata) {
      const customerId = idOf(invoice.customer);
      if (customerId) await this.link(fromMetadata, customerId);
      return fromMetadata;
    }
    return this.userForCustomer(idOf(invoice.customer));
  }

  async userForSubscription(subscription: Stripe.Subscription): Promise<string> {
    return subscription.metadata?.userId ?? this.userForCustomer(idOf(subscription.customer));
  }

  private async userForCustomer(customerId: string | null): Promise<string> {
    if (customerId) {
      const result = await this.db.query<{ user_id: string }>(
        'SELECT user_id FROM billing_customers WHERE customer_id = $1',
        [customerId],
      );
      if (result.rows[0]) return result.rows[0].user_id;
    }
    throw new UnknownCustomerError(`no user for customer ${customerId ?? '(none)'} yet`);
  }
}
