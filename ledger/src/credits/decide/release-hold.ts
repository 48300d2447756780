import type { CommandOf } from '../credit-account.commands';
import type { CreditAccountEvent, CreditAccountState } from '../credit-account';
import { settledOrMissing } from './command-checks';

export function releaseHold(
  command: CommandOf<'ReleaseHold'>,
  state: CreditAccountState,
  now: Date,
): CreditAccountEvent[] {
  const { reservationId, userId } = command.data;
  const hold = state.holds[reservationId];
  if (!hold) return settledOrMissing(state, reservationId, 'released');
  return [
    {
      type: 'CreditsReleased',
      data: {
        userId,
        reservationId,
        generationId: hold.generationId,
        amount: hold.amount,
        allocations: hold.allocations,
      },
    },
    ...endedWithTheirLot(state, userId, reservationId, hold.allocations, now),
  ];
}

/**
 * Held credits released into a lot that ended meanwhile (revoked by a refunded payment, expired by
 * a new period or by time) end with it at once: a release never makes them spendable again.
 */
function endedWithTheirLot(
  state: CreditAccountState,
  userId: string,
  reservationId: string,
  allocations: readonly { lotId: string; amount: number }[],
  now: Date,
): CreditAccountEvent[] {
  const events: CreditAccountEvent[] = [];
  for (const { lotId, amount } of allocations) {
    const lot = state.lots[lotId];
    if (!lot) continue;
    const common = { userId, lotId, amount, funding: lot.funding, reservationId };
    if (lot.closed?.as === 'revoked') {
      events.push({
        type: 'CreditsRevoked',
        data: { ...common, reference: lot.closed.reference },
      });
    } else if (lot.closed || (lot.expiresAt !== null && lot.expiresAt <= now.getTime())) {
      events.push({ type: 'CreditsExpired', data: common });
    }
  }
  return events;
}
