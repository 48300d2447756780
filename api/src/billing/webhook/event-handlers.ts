import type Stripe from 'stripe';
import { chargeRefunded } from './handlers/charge-refunded';
import { asyncPaymentSucceeded, checkoutCompleted } from './handlers/checkout-completed';
import { invoicePaid } from './handlers/invoice-paid';
import { invoicePaymentFailed } from './handlers/invoice-payment-failed';
import { subscriptionDeleted } from './handlers/subscription-deleted';
import { subscriptionUpdated } from './handlers/subscription-updated';
import type { HandlerOutcome, WebhookDeps } from './webhook-deps';

type EventOf<T extends Stripe.Event.Type> = Extract<Stripe.Event, { type: T }>;
type Handler<T extends Stripe.Event.Type> = (
  event: EventOf<T>,
  deps: WebhookDeps,
) => Promise<HandlerOutcome>;

/** The Stripe events that change entitlements, each with its handler; any other is ignored. */
const handlers: { [T in Stripe.Event.Type]?: Handler<T> } = {
  'checkout.session.completed': checkoutCompleted,
  'checkout.session.async_payment_succeeded': asyncPaymentSucceeded,
  'invoice.paid': invoicePaid,
  'invoice.payment_failed': invoicePaymentFailed,
  'customer.subscription.updated': subscriptionUpdated,
  'customer.subscription.deleted': subscriptionDeleted,
  'charge.refunded': chargeRefunded,
};

export async function handleEvent(event: Stripe.Event, deps: WebhookDeps): Promise<HandlerOutcome> {
  // The table pairs each type with its own handler; TypeScript cannot follow that through a lookup.
  const handler = handlers[event.type] as Handler<Stripe.Event.Type> | undefined;
  return handler ? handler(event, deps) : false;
}
