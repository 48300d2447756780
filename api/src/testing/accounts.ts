import { randomUUID } from 'node:crypto';
import { creditStreamId } from '@app/ledger';
import type { TestApp } from './test-app';
import { HttpClient } from './http-client';

/** Registers a user over HTTP (5 signup credits) and tops the balance up to `credits` through the ledger. */
export async function signedInUser(app: TestApp, credits = 5, label = randomUUID().slice(0, 8)) {
  const client = new HttpClient(app.url);
  const response = await client.json('/api/auth/register', {
    email: `${label}@example.com`,
    password: 'password-1',
    username: `user_${label.replace(/-/g, '_')}`,
  });
  const body = (await response.json()) as { token: string; user: { id: string } };
  const userId = body.user.id;
  if (credits !== 5) {
    const ledger = app.services.ledger;
    const meta = (key: string) => ({
      now: new Date(),
      actor: { kind: 'system' as const, id: 'test' },
      reason: 'test setup',
      correlationId: key,
      idempotencyKey: key,
    });
    if (credits > 5) {
      const result = await ledger.credits.handle(
        creditStreamId(userId),
        {
          type: 'GrantCredits',
          data: {
            userId,
            grantId: `top-up-${label}`,
            amount: credits - 5,
            source: 'goodwill',
            expiresAt: null,
          },
        },
        meta(`top-up-${label}`),
      );
      await app.services.projections.waitFor(result.position);
    } else {
      const result = await ledger.credits.handle(
        creditStreamId(userId),
        { type: 'RevokeCredits', data: { userId, lotId: `signup-${userId}`, reference: 'test' } },
        meta(`revoke-${label}`),
      );
      await app.services.projections.waitFor(result.position);
      if (credits > 0) {
        const grant = await ledger.credits.handle(
          creditStreamId(userId),
          {
            type: 'GrantCredits',
            data: {
              userId,
              grantId: `set-${label}`,
              amount: credits,
              source: 'goodwill',
              expiresAt: null,
            },
          },
          meta(`set-${label}`),
        );
        await app.services.projections.waitFor(grant.position);
      }
    }
  }
  return { client, userId, token: body.token };
}
