import { expect } from 'vitest';
import type { HttpClient } from '../../testing/http-client';
import { idFromKey } from '../../shared/idempotency';

/**
 * Buys pack_100 (100 credits, $4.99) as a gift through the local hosted checkout, as the browser
 * does: create-pack-checkout with `gift`, then Pay. Answers the gift id and the payment it is
 * attributed to (the checkout session).
 */
export async function buyGift(
  buyer: HttpClient,
  gift: { recipientEmail?: string; message?: string } = {},
) {
  const created = await buyer.json('/api/create-pack-checkout', { packId: 'pack_100', gift });
  expect(created.status).toBe(200);
  const { sessionId, url } = (await created.json()) as { sessionId: string; url: string };
  const paid = await buyer.fetch(`${url}/pay`, { method: 'POST' });
  expect({ status: paid.status, location: paid.headers.get('location') }).toEqual({
    status: 303,
    location: '/gifts?checkout=gift',
  });
  return { giftId: idFromKey('gift', sessionId), paymentRef: sessionId };
}
