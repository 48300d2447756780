import type pg from 'pg';
import Stripe from 'stripe';
import { componentLogger } from '@app/ledger';
import type { StripeWebhookService } from '../webhook/stripe-webhook-service';
import { eventObject } from './stripe-objects';

type Queryable = Pick<pg.Pool, 'query'>;

export interface RecordedLocalEvent {
  id: string;
  payload: string;
}

/** A delivery that failed is retried after this long (the handler may be mid-way on another replica). */
const RETRY_AFTER_SECONDS = 10;

/**
 * The embedded checkout's events on their way to the webhook handler, as Stripe keeps an event
 * until the endpoint has taken it. `record` writes the event with the change it reports (same
 * transaction); `send` hands it over; `redeliver` (a background job) sends what is still pending,
 * oldest first. The handler has each event id take effect once, so a repeat is harmless.
 */
export class LocalBillingOutbox {
  private webhooks: StripeWebhookService | null = null;
  private readonly log = componentLogger('local-billing');

  constructor(
    private readonly db: pg.Pool,
    private readonly webhookSecret: string,
  ) {}

  connect(webhooks: StripeWebhookService) {
    this.webhooks = webhooks;
  }

  async record(
    db: Queryable,
    type: string,
    object: unknown,
    created = new Date(),
  ): Promise<RecordedLocalEvent> {
    const event = eventObject(type, object, created) as { id: string };
    const payload = JSON.stringify(event);
    await db.query('INSERT INTO local_billing_events (id, type, payload) VALUES ($1, $2, $3)', [
      event.id,
      type,
      payload,
    ]);
    return { id: event.id, payload };
  }

  /** Hands the events over in order; one that fails stays pending (with the rest after it). */
  /** Records the event, then hands it to the webhook handler: the real path runs. */
  async deliver(type: string, object: unknown, created = new Date()) {
    await this.send([await this.record(this.db, type, object, created)]);
  }

  async send(events: RecordedLocalEvent[]): Promise<boolean> {
    for (const event of events) if (!(await this.sendOne(event))) return false;
    return true;
  }

  /** Sends every event still pending; answers how many were taken now. */
  async redeliver(): Promise<number> {
    const { rows } = await this.db.query<RecordedLocalEvent>(
      `SELECT id, payload FROM local_billing_events
       WHERE delivered_at IS NULL AND created_at < now() - make_interval(secs => $1)
       ORDER BY created_at, id LIMIT 100`,
      [RETRY_AFTER_SECONDS],
    );
    let taken = 0;
    for (const event of rows) if (await this.sendOne(event)) taken++;
    return taken;
  }

  private async sendOne(event: RecordedLocalEvent): Promise<boolean> {
    if (!this.webhooks) throw new Error('local billing is not connected to the webhook handler');
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: this.webhookSecret,
    });
    try {
      const outcome = await this.webhooks.receive(Buffer.from(event.payload), signature);
      // Another delivery of this event is being handled right now: it stays pending until taken.
      if (outcome === 'in_progress') return false;
      await this.db.query('UPDATE local_billing_events SET delivered_at = now() WHERE id = $1', [
        event.id,
      ]);
      return true;
    } catch (error) {
      this.log.warn({ err: error, eventId: event.id }, 'local billing event not taken; will retry');
      await this.db
        .query(
          'UPDATE local_billing_events SET attempts = attempts + 1, last_error = $2 WHERE id = $1',
          [event.id, error instanceof Error ? error.message : String(error)],
        )
        .catch(() => undefined);
      return false;
    }
  }
}
