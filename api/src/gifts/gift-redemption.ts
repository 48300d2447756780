import { giftStreamId, GiftNotFoundError, type Ledger } from '@app/ledger';
import type { RateLimit, RateLimiter } from '../accounts/rate-limiter';
import type { RequestContext } from '../shared/request-context';
import { badInput } from '../shared/errors';
import { giftCodeHash, normalizeGiftCode } from './gift-codes';
import type { GiftCredits } from './gift-credits';
import type { GiftRepository } from './gift-repository';
import type { GiftLimits } from './gift-types';

/**
 * Redeeming a code: the gift stream decides (one GiftRedeemed, whoever races), then the credit lot
 * keyed by the gift is written. `afterRedeemed` runs between the two (the crash test's hook).
 */
export class GiftRedemption {
  constructor(
    private readonly ledger: Ledger,
    private readonly gifts: GiftRepository,
    private readonly credits: GiftCredits,
    private readonly limiter: RateLimiter,
    private readonly limits: GiftLimits,
    private readonly afterRedeemed: (giftId: string) => Promise<void>,
  ) {}

  /**
   * Redeems a code into the user's account. Only wrong guesses count against the account's and
   * the address's limits (one atomic increment-and-compare each, so a burst of N wrong guesses is
   * answered exactly like N in sequence); once a limit is used up every attempt waits, a right code
   * too. Right codes never count: ten people behind one office address can redeem at once.
   */
  async redeem(
    userId: string,
    typedCode: unknown,
    context: RequestContext,
  ): Promise<{ giftId: string; credits: number }> {
    if (typeof typedCode !== 'string' || !typedCode.trim()) throw badInput('Enter a gift code');
    const limits: [string, RateLimit][] = [
      [`gift-redeem:user:${userId}`, this.limits.redeemAttemptsPerAccount],
      [`gift-redeem:ip:${context.ip}`, this.limits.redeemAttemptsPerIp],
    ];
    for (const [key, rule] of limits) await this.limiter.check(key, rule);
    const code = normalizeGiftCode(typedCode);
    const row = code ? await this.gifts.byCodeHash(giftCodeHash(code)) : null;
    if (!row) {
      for (const [key, rule] of limits) await this.limiter.hit(key, rule);
      throw new GiftNotFoundError();
    }

    const stream = giftStreamId(row.giftId);
    const decided = await this.ledger.gifts.handle(
      stream,
      { type: 'RedeemGift', data: { giftId: row.giftId, redeemerId: userId } },
      {
        now: new Date(),
        actor: { kind: 'user', id: userId },
        reason: 'Gift code redeemed',
        correlationId: context.correlationId,
        idempotencyKey: `gift-redeem:${row.giftId}:${userId}`,
      },
    );
    const justRedeemed = decided.events.length > 0;
    if (justRedeemed) await this.afterRedeemed(row.giftId);
    const { state } = await this.ledger.gifts.read(stream);
    await this.credits.write(state, context.correlationId, justRedeemed);
    await this.gifts.markSettled(row.giftId);
    return { giftId: row.giftId, credits: row.credits };
  }
}
