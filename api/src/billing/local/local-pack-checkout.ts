import { withTransaction } from '@app/ledger';
import type pg from 'pg';
import type Stripe from 'stripe';
import type { PackCheckoutRequest, PaidPackCheckout } from '../payment-gateway';
import { packById, type CreditPack } from '../packs';
import type { LocalBillingOutbox } from './local-billing-outbox';
import { localId } from './stripe-objects';

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** The embedded checkout's payment-mode sessions (packs and gifts), beside its plan sessions. */
export async function createLocalPackSession(db: pg.Pool, request: PackCheckoutRequest) {
  const id = localId('cs');
  await db.query(
    `INSERT INTO local_checkout_sessions (id, user_id, plan_id, kind, gift, status, success_url, cancel_url)
     VALUES ($1, $2, $3, $4, $5, 'open', $6, $7)`,
    [
      id,
      request.userId,
      request.pack.id,
      request.kind,
      request.gift ? JSON.stringify(request.gift) : null,
      request.successUrl,
      request.cancelUrl,
    ],
  );
  return { sessionId: id, url: `/billing/checkout/${id}` };
}

/** The payment intent of a local payment-mode session: the refunded charge will name it. */
export const localPackPaymentIntent = (sessionId: string) => `pi_${sessionId.replace(/^cs_/, '')}`;

/** checkout.session.completed of a paid payment-mode session, as Stripe sends it. */
export function paidPackSessionObject(input: {
  id: string;
  userId: string;
  customerId: string;
  pack: CreditPack;
  kind: 'pack' | 'gift';
  paidAt: Date;
  successUrl: string;
  cancelUrl: string;
}) {
  return {
    id: input.id,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: input.userId,
    customer: input.customerId,
    payment_intent: localPackPaymentIntent(input.id),
    amount_total: input.pack.priceCents,
    currency: 'usd',
    created: unix(input.paidAt),
    metadata: { userId: input.userId, kind: input.kind, packId: input.pack.id },
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    livemode: false,
  } as unknown as Stripe.Checkout.Session;
}

/** What the local "provider" knows was paid in payment mode: its own completed sessions. */
export async function* localPaidPackCheckouts(db: pg.Pool): AsyncIterable<PaidPackCheckout> {
  const { rows } = await db.query<{
    id: string;
    user_id: string;
    plan_id: string;
    kind: 'pack' | 'gift';
    completed_at: Date;
    refunded_at: Date | null;
  }>(
    `SELECT id, user_id, plan_id, kind, completed_at, refunded_at FROM local_checkout_sessions
     WHERE kind IN ('pack', 'gift') AND status = 'complete' ORDER BY completed_at`,
  );
  for (const row of rows) {
    yield {
      checkoutSessionId: row.id,
      userId: row.user_id,
      kind: row.kind,
      amountPaid: packById(row.plan_id)?.priceCents ?? 0,
      currency: 'usd',
      paidAt: row.completed_at,
      refunded: row.refunded_at !== null,
    };
  }
}

/**
 * Pay a pack (or gift): one payment, no subscription. The open → complete step is one conditional
 * UPDATE, so of concurrent or repeated payments only one sends checkout.session.completed.
 */
export async function payLocalPackSession(
  db: pg.Pool,
  outbox: LocalBillingOutbox,
  session: {
    id: string;
    user_id: string;
    kind: 'plan' | 'pack' | 'gift';
    success_url: string;
    cancel_url: string;
    pack: CreditPack;
    customerId: string;
    now: Date;
  },
): Promise<string> {
  const { now } = session;
  const paid = await withTransaction(db, async (client) => {
    const claim = await client.query(
      `UPDATE local_checkout_sessions SET status = 'complete', completed_at = $2
       WHERE id = $1 AND status = 'open'`,
      [session.id, now],
    );
    if (claim.rowCount !== 1) return null;
    return [
      await outbox.record(
        client,
        'checkout.session.completed',
        paidPackSessionObject({
          id: session.id,
          userId: session.user_id,
          customerId: session.customerId,
          pack: session.pack,
          kind: session.kind === 'gift' ? 'gift' : 'pack',
          paidAt: now,
          successUrl: session.success_url,
          cancelUrl: session.cancel_url,
        }),
        now,
      ),
    ];
  });
  // Recorded with the payment; a failed hand-over is retried by the outbox.
  if (paid) await outbox.send(paid);
  return session.success_url;
}
