import type { CreditAccountState, Lot } from './credit-account';

// What a credit account's state says of its credits: usable lots, available and held totals.

/** Credits of this lot held by open generations right now. */
export function heldInLot(state: CreditAccountState, lotId: string): number {
  let total = 0;
  for (const hold of Object.values(state.holds))
    for (const allocation of hold.allocations)
      if (allocation.lotId === lotId) total += allocation.amount;
  return total;
}

export const isLotUsable = (lot: Lot, nowMillis: number) =>
  lot.remaining > 0 && !lot.closed && (lot.expiresAt === null || lot.expiresAt > nowMillis);

/** Credits that can be held right now: expired lots are unusable from their instant of expiry. */
export function availableCredits(state: CreditAccountState, now: Date): number {
  const nowMillis = now.getTime();
  let total = 0;
  for (const lot of Object.values(state.lots))
    if (isLotUsable(lot, nowMillis)) total += lot.remaining;
  return total;
}

export function heldCredits(state: CreditAccountState): number {
  let total = 0;
  for (const hold of Object.values(state.holds)) total += hold.amount;
  return total;
}

/** Soonest-expiring first (never-expiring last), then oldest first. */
export function lotsInSpendingOrder(state: CreditAccountState, now: Date): Lot[] {
  const nowMillis = now.getTime();
  return Object.values(state.lots)
    .filter((lot) => isLotUsable(lot, nowMillis))
    .sort(
      (a, b) =>
        (a.expiresAt ?? Number.POSITIVE_INFINITY) - (b.expiresAt ?? Number.POSITIVE_INFINITY) ||
        a.sequence - b.sequence,
    );
}
