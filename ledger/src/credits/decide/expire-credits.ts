import type { CommandOf } from '../credit-account.commands';
import { type CreditAccountEvent, type CreditAccountState, type Lot } from '../credit-account';
import { heldInLot } from '../credit-account.balances';

export function expireCredits(
  command: CommandOf<'ExpireCredits'>,
  state: CreditAccountState,
  now: Date,
): CreditAccountEvent[] {
  const nowMillis = now.getTime();
  const named = command.data.lotIds ? new Set(command.data.lotIds) : null;
  const paidBy = command.data.paidExpiringBy?.getTime() ?? null;
  const due = (lot: Lot) => {
    if (named) return named.has(lot.lotId);
    if (paidBy !== null)
      // A new billing period resets plan credits only: packs and gifts keep their own expiry.
      return (
        lot.funding === 'paid' &&
        lot.source !== 'pack' &&
        lot.source !== 'gift' &&
        lot.expiresAt !== null &&
        lot.expiresAt <= paidBy
      );
    return lot.expiresAt !== null && lot.expiresAt <= nowMillis;
  };
  // A lot whose credits are all held still ends now (amount 0) when it ends before its own
  // expiry, so the held credits cannot come back spendable; past its expiry they cannot anyway.
  const endsEarly = (lot: Lot) => lot.expiresAt === null || lot.expiresAt > nowMillis;
  return Object.values(state.lots)
    .filter(
      (lot) =>
        !lot.closed &&
        (lot.remaining > 0 || (endsEarly(lot) && heldInLot(state, lot.lotId) > 0)) &&
        due(lot),
    )
    .sort((a, b) => a.sequence - b.sequence)
    .map((lot) => ({
      type: 'CreditsExpired' as const,
      data: {
        userId: command.data.userId,
        lotId: lot.lotId,
        amount: lot.remaining,
        funding: lot.funding,
      },
    }));
}
