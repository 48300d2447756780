import {
  HoldAlreadySettledError,
  HoldNotFoundError,
  InvalidCommandError,
} from '../../shared/errors';
import type { CreditAccountEvent, CreditAccountState } from '../credit-account';

export const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export function requirePositiveAmount(amount: number) {
  if (!Number.isInteger(amount) || amount <= 0) {
    throw new InvalidCommandError('Amount must be a positive whole number of credits');
  }
}

/** A hold that is already settled the same way is a repeat (no event); any other way is an error. */
export function settledOrMissing(
  state: CreditAccountState,
  reservationId: string,
  wanted: 'captured' | 'released',
): CreditAccountEvent[] {
  const settled = state.settledHolds[reservationId]?.as;
  if (!settled) throw new HoldNotFoundError(reservationId);
  if (settled === wanted) return [];
  throw new HoldAlreadySettledError(reservationId, settled);
}
