import Stripe from 'stripe';
import {
  eventObject,
  localId,
  refundedChargeObject,
  type LocalSubscription,
} from '../local/stripe-objects';

/** A Stripe event as it arrives: JSON body and a valid (or deliberately wrong) signature header. */
export function signedEvent(type: string, object: unknown, secret: string, created = new Date()) {
  const event = eventObject(type, object, created);
  const payload = JSON.stringify(event);
  return {
    id: event.id,
    payload,
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }),
  };
}

export async function deliver(baseUrl: string, delivery: { payload: string; signature: string }) {
  return fetch(`${baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    body: delivery.payload,
  });
}

/** charge.refunded for the full refund of one payment, signed. */
export const signedRefund = (paymentIntent: string, secret: string, amountCents?: number) =>
  signedEvent('charge.refunded', refundedChargeObject({ paymentIntent, amountCents }), secret);

/** A new Pro subscription of the user, its first 30-day period starting at `start`. */
export function proSubscriptionFor(userId: string, start: Date): LocalSubscription {
  return {
    id: localId('sub'),
    userId,
    customerId: localId('cus'),
    planId: 'pro',
    status: 'active',
    currentPeriodStart: start,
    currentPeriodEnd: new Date(start.getTime() + 30 * 86_400_000),
    cancelAtPeriodEnd: false,
  };
}

export { localId };
