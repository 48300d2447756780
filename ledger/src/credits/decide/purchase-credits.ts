import type { CommandOf } from '../credit-account.commands';
import type { CreditAccountEvent, CreditAccountState } from '../credit-account';
import { iso, requirePositiveAmount } from './command-checks';

export function purchaseCredits(
  command: CommandOf<'PurchaseCredits'>,
  state: CreditAccountState,
): CreditAccountEvent[] {
  requirePositiveAmount(command.data.amount);
  if (state.lots[command.data.purchaseId]) return [];
  const { data } = command;
  return [
    {
      type: 'CreditsPurchased',
      data: {
        ...data,
        periodStart: data.periodStart.toISOString(),
        periodEnd: data.periodEnd.toISOString(),
        expiresAt: iso(data.expiresAt),
      },
    },
  ];
}
