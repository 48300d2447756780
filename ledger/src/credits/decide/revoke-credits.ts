import type { CommandOf } from '../credit-account.commands';
import { type CreditAccountEvent, type CreditAccountState } from '../credit-account';
import { heldInLot } from '../credit-account.balances';

export function revokeCredits(
  command: CommandOf<'RevokeCredits'>,
  state: CreditAccountState,
): CreditAccountEvent[] {
  const lot = state.lots[command.data.lotId];
  if (!lot || lot.closed) return [];
  // Held credits are revoked when their hold is released (amount 0 now if all are held).
  if (lot.remaining === 0 && heldInLot(state, lot.lotId) === 0) return [];
  return [
    {
      type: 'CreditsRevoked',
      data: { ...command.data, amount: lot.remaining, funding: lot.funding },
    },
  ];
}
