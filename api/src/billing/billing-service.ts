import type pg from 'pg';
import { subscriptionStreamId, type Ledger } from '@app/ledger';
import type { UserRecord } from '../accounts/users-repository';
import { AppError, badInput } from '../shared/errors';
import type { IdempotencyKeys } from '../shared/idempotency';
import { emailSchema } from '../accounts/account-validation';
import type { GiftDetails, PaymentGateway } from './payment-gateway';
import { CREDIT_PACKS, packById } from './packs';
import { isPaidPlan, planById, PLANS, type PlanId } from './plans';

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

const LIVE_STATUSES = new Set(['active', 'past_due', 'incomplete']);
const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Why a second checkout is refused: the plan the user has, and where to change it. */
export function alreadySubscribedMessage(planName: string, endsOn: string | null): string {
  return endsOn
    ? `Your ${planName} is set to end on ${formatDay(endsOn)}. To keep it or switch plans, use Manage Subscription on your profile.`
    : `You already have the ${planName}. To switch plans, use Manage Subscription on your profile.`;
}

export const MAX_GIFT_MESSAGE_LENGTH = 500;

/** `gift` as sent: absent/null is no gift; otherwise an object of optional strings. */
function parseGift(gift: unknown): GiftDetails | null {
  if (gift === undefined || gift === null) return null;
  if (typeof gift !== 'object' || Array.isArray(gift)) throw badInput('gift must be an object');
  const { recipientEmail, message } = gift as Record<string, unknown>;
  if (recipientEmail !== undefined && recipientEmail !== null && typeof recipientEmail !== 'string')
    throw badInput('gift.recipientEmail must be a string');
  if (message !== undefined && message !== null && typeof message !== 'string')
    throw badInput('gift.message must be a string');
  const email = typeof recipientEmail === 'string' ? recipientEmail.trim() : '';
  const text = typeof message === 'string' ? message.trim() : '';
  if (email) {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success)
      throw badInput(parsed.error.issues[0]?.message ?? 'Please enter a valid email address', {
        field: 'recipientEmail',
      });
  }
  if (text.length > MAX_GIFT_MESSAGE_LENGTH)
    throw badInput(`A gift message can be at most ${MAX_GIFT_MESSAGE_LENGTH} characters`, {
      field: 'message',
    });
  return { ...(email ? { recipientEmail: email } : {}), ...(text ? { message: text } : {}) };
}

/** Where the gift details of a checkout wait for its payment (personal data: not in the log). */
export interface GiftOrders {
  record(checkoutSessionId: string, buyerId: string, gift: GiftDetails): Promise<void>;
}

export const NO_CUSTOMER_MESSAGE =
  'There is no subscription to manage yet. Choose a plan on the pricing page first.';

/** Plans, checkout and the billing portal: the use cases behind REST and GraphQL alike. */
export class BillingService {
  constructor(
    private readonly db: pg.Pool,
    private readonly ledger: Ledger,
    readonly gateway: PaymentGateway,
    /** Absolute URLs for Stripe; the local checkout stays on the page's own origin. */
    private readonly returnBase: string,
    private readonly keys: IdempotencyKeys,
    private readonly giftOrders: GiftOrders,
  ) {}

  plans() {
    return PLANS;
  }

  packs() {
    return CREDIT_PACKS;
  }

  /**
   * A one-time pack, open to every signed-in user (Free included; no plan needed). `gift` buys it
   * for someone else: its recipient and message are kept until the payment issues the gift.
   * A repeated idempotency key answers the first session.
   */
  async createPackCheckout(
    user: UserRecord,
    packId: unknown,
    gift: unknown = undefined,
    idempotencyKey: string | null = null,
  ) {
    if (typeof packId !== 'string' || !packId) throw badInput('packId is required');
    const pack = packById(packId);
    if (!pack) throw badInput(`Unknown pack "${packId}"`);
    const giftDetails = parseGift(gift);
    const params = { packId, gift: giftDetails };
    return this.keys.once(`pack-checkout:${user.id}`, idempotencyKey, params, async () => {
      const customerId = await this.customerOf(user.id);
      const session = await fromProvider(() =>
        this.gateway.createPackCheckoutSession({
          userId: user.id,
          email: user.email,
          pack,
          kind: giftDetails ? 'gift' : 'pack',
          gift: giftDetails,
          customerId,
          successUrl: giftDetails
            ? `${this.returnBase}/gifts?checkout=gift`
            : `${this.returnBase}/profile?checkout=pack`,
          cancelUrl: `${this.returnBase}/pricing?checkout=canceled`,
          idempotencyKey,
        }),
      );
      if (giftDetails) await this.giftOrders.record(session.sessionId, user.id, giftDetails);
      return session;
    });
  }

  /** Account deletion: ends every paid plan at the payment provider first. */
  async cancelForDeletion(userId: string): Promise<number> {
    return this.gateway.cancelSubscriptionsNow(userId, await this.customerOf(userId));
  }

  async customerOf(userId: string): Promise<string | null> {
    const result = await this.db.query<{ customer_id: string }>(
      'SELECT customer_id FROM billing_customers WHERE user_id = $1',
      [userId],
    );
    return result.rows[0]?.customer_id ?? null;
  }

  /**
   * The provider's customer for a user who has none yet, kept before any checkout uses it; two at
   * once keep one (the provider answers both with the same customer, and the first row stays).
   */
  private async createCustomer(user: UserRecord): Promise<string | null> {
    const created = await fromProvider(() => this.gateway.createCustomer(user.id, user.email));
    if (!created) return null;
    await this.db.query(
      `INSERT INTO billing_customers (user_id, customer_id) VALUES ($1, $2)
       ON CONFLICT (user_id) DO NOTHING`,
      [user.id, created],
    );
    return this.customerOf(user.id);
  }

  /** A repeated idempotency key answers the first session (one checkout per user action). */
  async createCheckout(user: UserRecord, planId: unknown, idempotencyKey: string | null = null) {
    if (typeof planId !== 'string' || !planId) throw badInput('planId is required');
    if (!isPaidPlan(planId)) {
      throw badInput(
        planId === 'free' ? 'The Free plan needs no checkout' : `Unknown plan "${planId}"`,
      );
    }
    await this.refuseSecondPlan(user.id);
    return this.keys.once(`checkout:${user.id}`, idempotencyKey, { planId }, async () => {
      const customerId = (await this.customerOf(user.id)) ?? (await this.createCustomer(user));
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

  /**
   * A paid plan that is active (or set to end, or awaiting payment) is changed in the billing
   * portal, never bought again on top: 409 pointing to Manage Subscription. Read from the log.
   */
  async refuseSecondPlan(userId: string) {
    const { state } = await this.ledger.subscriptions.read(subscriptionStreamId(userId));
    if (!LIVE_STATUSES.has(state.status)) return;
    const plan = planById(state.planId) ?? PLANS[1]!;
    throw new AppError(
      'ALREADY_SUBSCRIBED',
      alreadySubscribedMessage(plan.name, state.cancelAtPeriodEnd ? state.currentPeriodEnd : null),
      409,
    );
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
