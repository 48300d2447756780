import type { CommandOf } from '../credit-account.commands';
import type { CreditAccountEvent, CreditAccountState } from '../credit-account';
import { iso, requirePositiveAmount } from './command-checks';

export function grantCredits(
  command: CommandOf<'GrantCredits'>,
  state: CreditAccountState,
): CreditAccountEvent[] {
  requirePositiveAmount(command.data.amount);
  if (state.lots[command.data.grantId]) return [];
  return [
    {
      type: 'CreditsGranted',
      data: { ...command.data, expiresAt: iso(command.data.expiresAt) },
    },
  ];
}
