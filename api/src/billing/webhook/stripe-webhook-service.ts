import type Stripe from 'stripe';
import type pg from 'pg';
import type { Ledger } from '@app/ledger';
import { AppError } from '../../shared/errors';
import type { PaymentGateway } from '../payment-gateway';
import { StripeGateway } from '../stripe/stripe-gateway';
import type { GiftPayments } from '../gift-payments';
import type { BillingNotices } from '../second-plan-mail';
import { BillingCustomers, UnknownCustomerError } from './billing-customers';
import { handleEvent } from './event-handlers';
import { InvoiceRefunds } from './invoice-refunds';
import { PackPayments } from './pack-payments';
import { seconds } from './stripe-values';
import type { WebhookDeps } from './webhook-deps';

export class WebhookSignatureError extends AppError {
  constructor() {
    super('BAD_SIGNATURE', 'Invalid webhook signature', 400);
  }
}

/**
 * processed: this delivery had the effect; duplicate: an earlier one did; ignored: nothing to do
 * for this event; pending: kept until what it refers to arrives (a refund before its invoice);
 * in_progress: another delivery of it is being processed right now (answered 409: retry).
 */
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'pending' | 'in_progress';

/** A claim on an event lasts this long; a crashed delivery's event can be retried after it. */
const CLAIM_LEASE_SECONDS = 120;

/**
 * The only path that changes entitlements. Verifies the signature on the raw body, records the
 * event id (a redelivery has no second effect), and turns each event into ledger commands whose
 * idempotency keys come from Stripe's own ids, so out-of-order and repeated deliveries are safe.
 * One handler per event type (event-handlers.ts).
 */
export class StripeWebhookService {
  private readonly deps: WebhookDeps;

  constructor(
    private readonly db: pg.Pool,
    ledger: Ledger,
    gateway: PaymentGateway,
    private readonly webhookSecret: string,
    gifts: GiftPayments,
    notices: BillingNotices,
    /** Told each delivery's outcome (metrics). */
    private readonly onDelivery?: (outcome: string) => void,
    /** How long a concurrent delivery of an event being processed waits before `in_progress`. */
    private readonly waitForOtherDeliveryMs = 20_000,
  ) {
    this.deps = {
      db,
      ledger,
      gateway,
      customers: new BillingCustomers(db),
      packs: new PackPayments(db, ledger, gifts),
      invoiceRefunds: new InvoiceRefunds(db, ledger, gateway),
      notices,
    };
  }

  /**
   * Refunds of a gift's payment kept while its gift was not issued, applied now that it is: the
   * gift reconciler calls it after issuing a gift a crash left unissued.
   */
  applyPendingRefundsOfCheckout(checkoutSessionId: string): Promise<void> {
    return this.deps.packs.applyPendingRefundsOfCheckout(checkoutSessionId);
  }

  /** Verifies and processes one delivery; throws WebhookSignatureError on a bad signature. */
  async receive(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('missing signature');
      event = StripeGateway.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      this.onDelivery?.('bad_signature');
      throw new WebhookSignatureError();
    }
    try {
      const outcome = await this.process(event);
      this.onDelivery?.(outcome);
      return outcome;
    } catch (error) {
      this.onDelivery?.('failed');
      throw error;
    }
  }

  /**
   * Each event is claimed before it is processed, by one conditional UPDATE (no read before the
   * write): of any number of concurrent deliveries exactly one processes it. The others wait for
   * it (without holding a connection) and answer `duplicate`; if it is still running after a
   * while they answer `in_progress` (HTTP 409, so the sender retries). A failed attempt releases
   * its claim; a crashed one loses it when the lease runs out.
   */
  async process(event: Stripe.Event): Promise<WebhookOutcome> {
    await this.db.query(
      `INSERT INTO stripe_events (id, type, event_created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
      [event.id, event.type, seconds(event.created)],
    );
    const deadline = Date.now() + this.waitForOtherDeliveryMs;
    for (;;) {
      const claim = await this.db.query<{ processed: boolean }>(
        `UPDATE stripe_events SET claimed_until = now() + make_interval(secs => $2)
         WHERE id = $1 AND processed_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
         RETURNING true AS processed`,
        [event.id, CLAIM_LEASE_SECONDS],
      );
      if (claim.rowCount === 1) break;
      const seen = await this.db.query<{ processed_at: Date | null }>(
        'SELECT processed_at FROM stripe_events WHERE id = $1',
        [event.id],
      );
      if (seen.rows[0]?.processed_at) return 'duplicate';
      if (Date.now() > deadline) return 'in_progress';
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    try {
      const outcome = await handleEvent(event, this.deps);
      await this.db.query(
        `UPDATE stripe_events SET processed_at = now(), claimed_until = NULL, last_error = NULL
         WHERE id = $1`,
        [event.id],
      );
      return outcome === true ? 'processed' : outcome === false ? 'ignored' : outcome;
    } catch (error) {
      await this.db.query(
        'UPDATE stripe_events SET last_error = $2, claimed_until = NULL WHERE id = $1',
        [event.id, String(error).slice(0, 500)],
      );
      throw error instanceof UnknownCustomerError
        ? new AppError('UNKNOWN_CUSTOMER', error.message, 409)
        : error;
    }
  }
}
