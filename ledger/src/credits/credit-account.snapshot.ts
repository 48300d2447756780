import type { CreditAccountState, Funding, Spend } from './credit-account';

// A credit account's state as a snapshot, and back. Spends kept for the refund window are most of
// a busy account's state (about 200 bytes each as objects, 80 % of a 2,000-event account), so they
// are written as flat number arrays against a table of the lots they were paid from, and settled
// holds as one list per outcome: the same state in about a third of the JSON, which is what a
// snapshot costs to write (stringify, send, store) and to read back. The records keyed by id
// (spends, settled holds, idempotency keys: thousands of ids on a busy account, different on every
// account) are written as a list of ids beside a list of values, not as JSON objects: JSON.parse
// gives an object one hidden class per key it adds, so an object of a thousand new keys cost a
// cold load more than everything else in it. Bump the credit handler's stateVersion whenever this
// shape changes.

/** A lot spends were paid from, as each of their allocations recorded it. */
type SpentLot = [lotId: string, funding: Funding, expiresAt: string | null];

export interface CreditAccountSnapshot {
  nextLotSequence: number;
  lots: CreditAccountState['lots'];
  holds: CreditAccountState['holds'];
  /** Reservation ids of captured holds, and when each was captured (same order). */
  capturedIds: string[];
  capturedAt: number[];
  /** Reservation ids of released holds, and when each was released (same order). */
  releasedIds: string[];
  releasedAt: number[];
  spentLots: SpentLot[];
  /** Reservation ids of the spends, in the order of `spends`. */
  spendIds: string[];
  /** Per spend: [capturedAt, amount, refunded, then per allocation: index in spentLots, amount]. */
  spends: number[][];
  /** Reservation id → the refund ids made against its spend (only spends with refunds). */
  refundIds: Record<string, string[]>;
  /** Idempotency keys seen, and when each was (same order). */
  seenKeys: string[];
  seenAt: number[];
  prunedAt: number;
  totals: CreditAccountState['totals'];
}

export function serializeCreditAccount(state: CreditAccountState): CreditAccountSnapshot {
  const capturedIds: string[] = [];
  const capturedAt: number[] = [];
  const releasedIds: string[] = [];
  const releasedAt: number[] = [];
  for (const id in state.settledHolds) {
    const settled = state.settledHolds[id]!;
    if (settled.as === 'captured') {
      capturedIds.push(id);
      capturedAt.push(settled.at);
    } else {
      releasedIds.push(id);
      releasedAt.push(settled.at);
    }
  }
  const spentLots: SpentLot[] = [];
  const spentLotIndex = new Map<string, number>();
  // Most spends of an account are paid from the lot the previous one was: no lookup for those.
  let last: SpentLot | null = null;
  let lastIndex = -1;
  const spendIds: string[] = [];
  const spends: number[][] = [];
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
    spendIds.push(id);
    spends.push(flat);
    if (spend.refundIds) refundIds[id] = spend.refundIds;
  }
  const seenKeys: string[] = [];
  const seenAt: number[] = [];
  for (const key in state.seenKeys) {
    seenKeys.push(key);
    seenAt.push(state.seenKeys[key]!);
  }
  return {
    nextLotSequence: state.nextLotSequence,
    lots: state.lots,
    holds: state.holds,
    capturedIds,
    capturedAt,
    releasedIds,
    releasedAt,
    spentLots,
    spendIds,
    spends,
    refundIds,
    seenKeys,
    seenAt,
    prunedAt: state.prunedAt,
    totals: state.totals,
  };
}

/** The state a snapshot of `serializeCreditAccount` was made from (parsed JSON, owned by the fold). */
export function deserializeCreditAccount(json: unknown): CreditAccountState {
  const snapshot = json as CreditAccountSnapshot;
  const settledHolds: CreditAccountState['settledHolds'] = {};
  snapshot.capturedIds.forEach((id, i) => {
    settledHolds[id] = { as: 'captured', at: snapshot.capturedAt[i]! };
  });
  snapshot.releasedIds.forEach((id, i) => {
    settledHolds[id] = { as: 'released', at: snapshot.releasedAt[i]! };
  });
  const spends: Record<string, Spend> = {};
  snapshot.spendIds.forEach((id, s) => {
    const flat = snapshot.spends[s]!;
    const allocations: Spend['allocations'] = [];
    for (let i = 3; i < flat.length; i += 2) {
      const [lotId, funding, expiresAt] = snapshot.spentLots[flat[i]!]!;
      allocations.push({ lotId, amount: flat[i + 1]!, funding, expiresAt });
    }
    const spend: Spend = {
      reservationId: id,
      amount: flat[1]!,
      refunded: flat[2]!,
      capturedAt: flat[0]!,
      allocations,
    };
    const refunds = snapshot.refundIds[id];
    if (refunds) spend.refundIds = refunds;
    spends[id] = spend;
  });
  const seenKeys: CreditAccountState['seenKeys'] = {};
  snapshot.seenKeys.forEach((key, i) => {
    seenKeys[key] = snapshot.seenAt[i]!;
  });
  return {
    nextLotSequence: snapshot.nextLotSequence,
    lots: snapshot.lots,
    holds: snapshot.holds,
    settledHolds,
    spends,
    seenKeys,
    prunedAt: snapshot.prunedAt,
    totals: snapshot.totals,
  };
}
