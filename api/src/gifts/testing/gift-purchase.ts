import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../testing/test-app';

/**
 * A paid gift for `buyerId`, as the payment's completion records it. TEMPORARY until the pack
 * checkout (issue 20a) is merged: then gifts are bought through the local checkout over HTTP.
 */
export async function paidGift(
  app: TestApp,
  buyerId: string,
  options: { recipientEmail?: string; message?: string } = {},
) {
  const paymentRef = `cs_test_${randomUUID().replace(/-/g, '')}`;
  const { giftId } = await app.services.gifts.issuePaidGift(
    {
      buyerId,
      packId: 'pack-100',
      credits: 100,
      paymentRef,
      amountPaidCents: 499,
      currency: 'usd',
      paidAt: new Date(),
      recipientEmail: options.recipientEmail ?? null,
      message: options.message ?? null,
    },
    `test-${paymentRef}`,
  );
  return { giftId, paymentRef };
}
