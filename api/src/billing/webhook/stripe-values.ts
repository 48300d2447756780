import type Stripe from 'stripe';
import type { CommandMetadata } from '@app/ledger';

/** Stripe's timestamps are unix seconds. */
export const seconds = (unix: number) => new Date(unix * 1000);

/** Stripe gives a related object as its id or, expanded, as the object itself. */
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Present when the invoice's payments are expanded (our local checkout always includes them). */
export const paymentIntentOf = (invoice: Stripe.Invoice) =>
  idOf(invoice.payments?.data[0]?.payment.payment_intent);

/** A ledger command caused by this event: Stripe is the actor, the key comes from Stripe's ids. */
export const stripeMetadata = (
  event: Stripe.Event,
  key: string,
  reason: string,
): CommandMetadata => ({
  now: new Date(),
  actor: { kind: 'stripe', id: event.id },
  reason,
  correlationId: event.id,
  causationId: event.id,
  idempotencyKey: key,
});
