import type { CommandMetadata } from '@app/ledger';

/** A refunded charge taking back credits: Stripe is the actor, the charge id the idempotency key. */
export const refundMetadata = (
  eventId: string,
  chargeId: string,
  reason: string,
): CommandMetadata => ({
  now: new Date(),
  actor: { kind: 'stripe', id: eventId },
  reason,
  correlationId: eventId,
  causationId: eventId,
  idempotencyKey: `refund:${chargeId}`,
});
