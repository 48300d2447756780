import type pg from 'pg';
import type { UserRecord } from '../accounts/users-repository';
import { AppError, badInput } from '../shared/errors';
import type { IdempotencyKeys } from '../shared/idempotency';
import type { PaymentGateway } from './payment-gateway';
import { isPaidPlan, PLANS, type PlanId } from './plans';

/** The payment provider refused or failed: its message reaches the user as a Checkout Error. */
async function fromProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const stripeError = error as { type?: string; message?: string };
    if (typeof stripeError.type === 'string' && stripeError.type.startsWith('Stripe')) {
      throw new AppError(
        'PAYMENT_PROVIDER_ERROR',
        stripeError.message ?? 'The payment provider could not start the checkout',
        502,
      );
    }
    throw error;
  }
}

export const NO_CUSTOMER_MESSAGE =
  'There is no subscription to manage yet. Choose a plan on the pricing page first.';

/** Plans, checkout and the billing portal: the use cases behind REST and GraphQL alike. */
export class BillingService {
  constructor(
    private readonly db: pg.Pool,
    readonly gateway: PaymentGateway,
    /** Absolute URLs for Stripe; the local checkout stays on the page's own origin. */
    private readonly returnBase: string,
    private readonly keys: IdempotencyKeys,
  ) {}

  plans() {
    return PLANS;
  }

  async customerOf(userId: string): Promise<string | null> {
    const result = await this.db.query<{ customer_id: string }>(
      'SELECT customer_id FROM billing_customers WHERE user_id = $1',
      [userId],
    );
    return result.rows[0]?.customer_id ?? null;
  }

  /** A repeated idempotency key answers the first session (one checkout per user action). */
  async createCheckout(user: UserRecord, planId: unknown, idempotencyKey: string | null = null) {
    if (typeof planId !== 'string' || !planId) throw badInput('planId is required');
    if (!isPaidPlan(planId)) {
      throw badInput(
        planId === 'free' ? 'The Free plan needs no checkout' : `Unknown plan "${planId}"`,
      );
    }
    return this.keys.once(`checkout:${user.id}`, idempotencyKey, { planId }, async () => {
      const customerId = await this.customerOf(user.id);
      return fromProvider(() =>
        this.gateway.createCheckoutSession({
          userId: user.id,
          email: user.email,
          planId: planId as PlanId,
          customerId,
          successUrl: `${this.returnBase}/profile?checkout=success`,
          cancelUrl: `${this.returnBase}/pricing?checkout=canceled`,
          idempotencyKey,
        }),
      );
    });
  }

  async createPortal(user: UserRecord, idempotencyKey: string | null = null) {
    const customerId = await this.customerOf(user.id);
    if (!customerId) throw new AppError('NO_SUBSCRIPTION', NO_CUSTOMER_MESSAGE, 409);
    return this.keys.once(`portal:${user.id}`, idempotencyKey, {}, () =>
      fromProvider(() =>
        this.gateway.createPortalSession(customerId, `${this.returnBase}/profile`),
      ),
    );
  }
}
