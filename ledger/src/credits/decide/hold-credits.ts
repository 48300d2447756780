import { InsufficientCreditsError, TooManyGenerationsError } from '../../shared/errors';
import type { CommandOf } from '../credit-account.commands';
import { type CreditAccountEvent, type CreditAccountState } from '../credit-account';
import { availableCredits, lotsInSpendingOrder } from '../credit-account.balances';
import { requirePositiveAmount } from './command-checks';

export function holdCredits(
  command: CommandOf<'HoldCredits'>,
  state: CreditAccountState,
  now: Date,
): CreditAccountEvent[] {
  const { data } = command;
  requirePositiveAmount(data.amount);
  if (state.holds[data.reservationId] || state.settledHolds[data.reservationId]) return [];
  if (data.maxOpenHolds !== undefined && Object.keys(state.holds).length >= data.maxOpenHolds) {
    throw new TooManyGenerationsError(data.maxOpenHolds);
  }
  const available = availableCredits(state, now);
  if (available < data.amount) throw new InsufficientCreditsError(available, data.amount);
  const allocations: { lotId: string; amount: number }[] = [];
  let needed = data.amount;
  for (const lot of lotsInSpendingOrder(state, now)) {
    if (needed === 0) break;
    const take = Math.min(lot.remaining, needed);
    allocations.push({ lotId: lot.lotId, amount: take });
    needed -= take;
  }
  const { maxOpenHolds: _limit, ...reservation } = data;
  return [
    {
      type: 'CreditsReserved',
      data: { ...reservation, deadline: data.deadline.toISOString(), allocations },
    },
  ];
}
