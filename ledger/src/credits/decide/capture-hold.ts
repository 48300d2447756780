import type { CommandOf } from '../credit-account.commands';
import type { CreditAccountEvent, CreditAccountState } from '../credit-account';
import { settledOrMissing } from './command-checks';

export function captureHold(
  command: CommandOf<'CaptureHold'>,
  state: CreditAccountState,
): CreditAccountEvent[] {
  const { reservationId, userId } = command.data;
  const hold = state.holds[reservationId];
  if (!hold) return settledOrMissing(state, reservationId, 'captured');
  return [
    {
      type: 'CreditsSpent',
      data: {
        userId,
        reservationId,
        generationId: hold.generationId,
        amount: hold.amount,
        allocations: hold.allocations.map((allocation) => {
          const lot = state.lots[allocation.lotId];
          return {
            ...allocation,
            funding: lot?.funding ?? 'free',
            expiresAt: lot?.expiresAt == null ? null : new Date(lot.expiresAt).toISOString(),
          };
        }),
      },
    },
  ];
}
