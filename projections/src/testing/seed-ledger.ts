import { randomUUID } from 'node:crypto';
import {
  creditStreamId,
  DomainError,
  generationStreamId,
  subscriptionStreamId,
  type CommandMetadata,
  type Ledger,
} from '@app/ledger';

const meta = (now: Date, key: string = randomUUID()): CommandMetadata => ({
  now,
  actor: { kind: 'system', id: 'seed' },
  reason: 'seeded history',
  correlationId: randomUUID(),
  idempotencyKey: key,
});

/**
 * Writes a realistic mixed history through the real command handlers: signups, purchases and
 * renewals, generations that succeed or fail, refunds, expiries and subscription changes.
 */
export async function seedLedger(
  ledger: Ledger,
  users: number,
  generationsPerUser = 4,
  start = new Date('2026-01-01T00:00:00Z'),
) {
  const userIds: string[] = [];
  for (let u = 0; u < users; u++) {
    const userId = `user-${u}-${randomUUID().slice(0, 8)}`;
    userIds.push(userId);
    const credits = creditStreamId(userId);
    let now = new Date(start.getTime() + u * 60_000);
    const tick = () => (now = new Date(now.getTime() + 1_000));
    await ledger.credits.handle(
      credits,
      {
        type: 'GrantCredits',
        data: { userId, grantId: `signup-${userId}`, amount: 5, source: 'signup', expiresAt: null },
      },
      meta(tick(), `signup:${userId}`),
    );
    if (u % 2 === 0) {
      const periodEnd = new Date(now.getTime() + 30 * 86_400_000);
      await ledger.subscriptions.handle(
        subscriptionStreamId(userId),
        {
          type: 'CompleteCheckout',
          data: {
            userId,
            planId: 'pro',
            customerId: `cus_${u}`,
            subscriptionId: `sub_${u}`,
            checkoutSessionId: `cs_${u}`,
            followedAtProvider: null,
            observedAt: tick(),
          },
        },
        meta(now),
      );
      await ledger.subscriptions.handle(
        subscriptionStreamId(userId),
        {
          type: 'RecordPeriodPaid',
          data: {
            userId,
            subscriptionId: `sub_${u}`,
            planId: 'pro',
            invoiceId: `in_${u}`,
            periodStart: now,
            periodEnd,
            followedAtProvider: null,
            observedAt: tick(),
          },
        },
        meta(now),
      );
      await ledger.credits.handle(
        credits,
        {
          type: 'PurchaseCredits',
          data: {
            userId,
            purchaseId: `purchase-in_${u}`,
            amount: 300,
            planId: 'pro',
            invoiceId: `in_${u}`,
            amountPaidCents: 900,
            currency: 'usd',
            periodStart: now,
            periodEnd,
            expiresAt: periodEnd,
          },
        },
        meta(tick()),
      );
    }
    for (let g = 0; g < generationsPerUser; g++) {
      const generationId = `gen-${userId}-${g}`;
      try {
        await ledger.credits.handle(
          credits,
          {
            type: 'HoldCredits',
            data: {
              userId,
              reservationId: generationId,
              generationId,
              amount: 5,
              deadline: new Date(now.getTime() + 600_000),
            },
          },
          meta(tick()),
        );
      } catch (error) {
        if (error instanceof DomainError) continue;
        throw error;
      }
      await ledger.generations.handle(
        generationStreamId(generationId),
        {
          type: 'RequestGeneration',
          data: {
            generationId,
            userId,
            style: g % 2 ? 'ghibli' : 'pixar',
            provider: 'local',
            reservationId: generationId,
          },
        },
        meta(tick()),
      );
      const failed = (u + g) % 3 === 0;
      await ledger.generations.handle(
        generationStreamId(generationId),
        failed
          ? {
              type: 'FailGeneration',
              data: {
                generationId,
                userId,
                errorCode: 'PROVIDER_FAILED',
                errorMessage: 'Failed to generate image',
              },
            }
          : {
              type: 'CompleteGeneration',
              data: { generationId, userId, resultKey: `results/${generationId}.png` },
            },
        meta(tick()),
      );
      await ledger.credits.handle(
        credits,
        {
          type: failed ? 'ReleaseHold' : 'CaptureHold',
          data: { userId, reservationId: generationId },
        },
        meta(tick()),
      );
      if (!failed && g === 1) {
        await ledger.credits.handle(
          credits,
          {
            type: 'RefundCredits',
            data: {
              userId,
              refundId: `refund-${generationId}`,
              reservationId: generationId,
              amount: 5,
            },
          },
          meta(tick()),
        );
      }
    }
    if (u % 4 === 0) {
      await ledger.credits.handle(
        credits,
        { type: 'ExpireCredits', data: { userId, lotIds: [`purchase-in_${u}`] } },
        meta(tick()),
      );
      await ledger.subscriptions.handle(
        subscriptionStreamId(userId),
        {
          type: 'CancelSubscription',
          data: { userId, subscriptionId: `sub_${u}`, canceledAt: now, observedAt: tick() },
        },
        meta(now),
      );
    }
  }
  return userIds;
}
