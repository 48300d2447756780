import type { CreditAccountState, Funding, Spend } from './credit-account';

// A credit account's state as a snapshot, and back. Spends kept for the refund window are most of
// a busy account's state (about 200 bytes each as objects, 80 % of a 2,000-event account), so they
// are written as flat number arrays against a table of the lots they were paid from, and settled
// holds as one map per outcome: the same state in about a third of the JSON, which is what a
// snapshot costs to write (stringify, send, store) and to read back. Bump the credit handler's
// stateVersion whenever this shape changes.

/** A lot spends were paid from, as each of their allocations recorded it. */
type SpentLot = [lotId: string, funding: Funding, expiresAt: string | null];

export interface CreditAccountSnapshot {
  nextLotSequence: number;
  lots: CreditAccountState['lots'];
  holds: CreditAccountState['holds'];
  /** Reservation id → when its hold was captured. */
  captured: Record<string, number>;
  /** Reservation id → when its hold was released. */
  released: Record<string, number>;
  spentLots: SpentLot[];
  /**
   * Reservation id → [capturedAt, amount, refunded, then per allocation: index in spentLots,
   * amount].
   */
  spends: Record<string, number[]>;
  /** Reservation id → the refund ids made against its spend (only spends with refunds). */
  refundIds: Record<string, string[]>;
  seenKeys: CreditAccountState['seenKeys'];
  prunedAt: number;
  totals: CreditAccountState['totals'];
}

export function serializeCreditAccount(state: CreditAccountState): CreditAccountSnapshot {
  const captured: Record<string, number> = {};
  const released: Record<string, number> = {};
  for (const id in state.settledHolds) {
    const settled = state.settledHolds[id]!;
    (settled.as === 'captured' ? captured : released)[id] = settled.at;
  }
  const spentLots: SpentLot[] = [];
  const spentLotIndex = new Map<string, number>();
  // Most spends of an account are paid from the lot the previous one was: no lookup for those.
  let last: SpentLot | null = null;
  let lastIndex = -1;
  const spends: Record<string, number[]> = {};
  const refundIds: Record<string, string[]> = {};
  for (const id in state.spends) {
    const spend = state.spends[id]!;
    const flat = [spend.capturedAt, spend.amount, spend.refunded];
    for (const { lotId, amount, funding, expiresAt } of spend.allocations) {
      if (last === null || last[0] !== lotId || last[1] !== funding || last[2] !== expiresAt) {
        const key = `${funding} ${expiresAt ?? ''} ${lotId}`;
        let index = spentLotIndex.get(key);
        if (index === undefined) {
          index = spentLots.push([lotId, funding, expiresAt]) - 1;
          spentLotIndex.set(key, index);
        }
        last = spentLots[index]!;
        lastIndex = index;
      }
      flat.push(lastIndex, amount);
    }
    spends[id] = flat;
    if (spend.refundIds) refundIds[id] = spend.refundIds;
  }
  return {
    nextLotSequence: state.nextLotSequence,
    lots: state.lots,
    holds: state.holds,
    captured,
    released,
    spentLots,
    spends,
    refundIds,
    seenKeys: state.seenKeys,
    prunedAt: state.prunedAt,
    totals: state.totals,
  };
}

/** The state a snapshot of `serializeCreditAccount` was made from (parsed JSON, owned by the fold). */
export function deserializeCreditAccount(json: unknown): CreditAccountState {
  const snapshot = json as CreditAccountSnapshot;
  const settledHolds: CreditAccountState['settledHolds'] = {};
  for (const id in snapshot.captured)
    settledHolds[id] = { as: 'captured', at: snapshot.captured[id]! };
  for (const id in snapshot.released)
    settledHolds[id] = { as: 'released', at: snapshot.released[id]! };
  const spends: Record<string, Spend> = {};
  for (const id in snapshot.spends) {
    const flat = snapshot.spends[id]!;
    const allocations: Spend['allocations'] = [];
    for (let i = 3; i < flat.length; i += 2) {
      const [lotId, funding, expiresAt] = snapshot.spentLots[flat[i]!]!;
      allocations.push({ lotId, amount: flat[i + 1]!, funding, expiresAt });
    }
    spends[id] = {
      reservationId: id,
      amount: flat[1]!,
      refunded: flat[2]!,
      capturedAt: flat[0]!,
      allocations,
    };
    const refunds = snapshot.refundIds?.[id];
    if (refunds) spends[id]!.refundIds = refunds;
  }
  return {
    nextLotSequence: snapshot.nextLotSequence,
    lots: snapshot.lots,
    holds: snapshot.holds,
    settledHolds,
    spends,
    seenKeys: snapshot.seenKeys,
    prunedAt: snapshot.prunedAt,
    totals: snapshot.totals,
  };
}
