import { RefundExceedsSpendError, SpendNotFoundError } from '../../shared/errors';
import type { CommandOf } from '../credit-account.commands';
import type { CreditAccountEvent, CreditAccountState } from '../credit-account';
import { requirePositiveAmount } from './command-checks';

export function refundCredits(
  command: CommandOf<'RefundCredits'>,
  state: CreditAccountState,
  now: Date,
): CreditAccountEvent[] {
  const { data } = command;
  requirePositiveAmount(data.amount);
  const spend = state.spends[data.reservationId];
  if (!spend) throw new SpendNotFoundError(data.reservationId);
  if (spend.refundIds?.includes(data.refundId)) return [];
  const refundable = spend.amount - spend.refunded;
  if (data.amount > refundable) throw new RefundExceedsSpendError(refundable);
  // Give back the most recently consumed lots first, keeping their funding; a lot whose
  // expiry has already passed comes back without expiry (a refund should be usable).
  const lots: {
    lotId: string;
    amount: number;
    funding: 'free' | 'paid';
    expiresAt: string | null;
  }[] = [];
  let toRefund = data.amount;
  let alreadyRefunded = spend.refunded;
  for (const allocation of [...spend.allocations].reverse()) {
    const skip = Math.min(alreadyRefunded, allocation.amount);
    alreadyRefunded -= skip;
    const take = Math.min(allocation.amount - skip, toRefund);
    if (take <= 0) continue;
    const stillValid =
      allocation.expiresAt !== null && Date.parse(allocation.expiresAt) > now.getTime();
    lots.push({
      lotId: `${data.refundId}:${allocation.lotId}`,
      amount: take,
      funding: allocation.funding,
      expiresAt: stillValid ? allocation.expiresAt : null,
    });
    toRefund -= take;
    if (toRefund === 0) break;
  }
  return [{ type: 'CreditsRefunded', data: { ...data, lots } }];
}
