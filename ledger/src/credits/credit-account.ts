import type { EvolveContext } from '../shared/decider';
import { assertNever } from '../shared/decider';
import type { CreditAccountEvent, Funding } from './credit-account.events';

export * from './credit-account.events';

// The credit account stream `credits-<userId>`: its state and evolve (its events:
// credit-account.events.ts; what the state says of balances: credit-account.balances.ts).

export interface Lot {
  lotId: string;
  funding: Funding;
  source: string;
  /** Credits of this lot not yet held or spent. */
  remaining: number;
  /** Epoch milliseconds; null never expires. */
  expiresAt: number | null;
  /** Order of arrival, the tie-breaker after expiry. */
  sequence: number;
  /**
   * Set when the lot ended (expired, or revoked by a refunded payment) while some of its credits
   * were held: those credits end the same way when their hold is released, never spendable again.
   */
  closed?: { as: 'expired' | 'revoked'; reference: string };
}

export interface Hold {
  reservationId: string;
  generationId: string;
  amount: number;
  deadline: string;
  allocations: { lotId: string; amount: number }[];
}

export interface Spend {
  reservationId: string;
  amount: number;
  refunded: number;
  /** The refunds already made against it: a refund id comes back once, whatever its idempotency key. */
  refundIds?: string[];
  /** When it was captured (epoch ms); spends older than the refund window are forgotten. */
  capturedAt: number;
  allocations: { lotId: string; amount: number; funding: Funding; expiresAt: string | null }[];
}

export interface CreditTotals {
  granted: number;
  purchased: number;
  spent: number;
  refunded: number;
  expired: number;
  revoked: number;
}

const DAY = 86_400_000;
/** A command repeated with the same idempotency key within this window has no second effect. */
export const IDEMPOTENCY_WINDOW_MS = 30 * DAY;
/** Support can refund a generation's credits for this long after it was paid for. */
export const REFUND_WINDOW_MS = 90 * DAY;
const PRUNE_EVERY_MS = DAY;

/**
 * Plain records (not Maps) so the state serialises as a snapshot and can be deep-frozen in tests.
 * `evolve` folds into the state it is given: the fold owns that object (the command handler keeps
 * one per stream); `decide` never mutates. What only matters for a while (idempotency keys, settled
 * holds, refundable spends) is dropped once it is older than its window, by event time, so the
 * state of an account with years of history stays small.
 */
export interface CreditAccountState {
  nextLotSequence: number;
  lots: Record<string, Lot>;
  holds: Record<string, Hold>;
  settledHolds: Record<string, { as: 'captured' | 'released'; at: number }>;
  spends: Record<string, Spend>;
  seenKeys: Record<string, number>;
  /** Event time of the last clean-up of the records above. */
  prunedAt: number;
  totals: CreditTotals;
}

export const initialCreditAccountState = (): CreditAccountState => ({
  nextLotSequence: 0,
  lots: {},
  holds: {},
  settledHolds: {},
  spends: {},
  seenKeys: {},
  prunedAt: 0,
  totals: { granted: 0, purchased: 0, spent: 0, refunded: 0, expired: 0, revoked: 0 },
});

// for…in, not Object.entries: no pair per record on every daily prune (folding a long history
// from the log spent most of its time allocating them).
function pruneExpiredRecords(state: CreditAccountState, now: number) {
  const keyCutoff = now - IDEMPOTENCY_WINDOW_MS;
  for (const key in state.seenKeys)
    if (state.seenKeys[key]! < keyCutoff) delete state.seenKeys[key];
  for (const id in state.settledHolds)
    if (state.settledHolds[id]!.at < keyCutoff) delete state.settledHolds[id];
  const refundCutoff = now - REFUND_WINDOW_MS;
  for (const id in state.spends)
    if (state.spends[id]!.capturedAt < refundCutoff) delete state.spends[id];
  state.prunedAt = now;
}

const toMillis = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

function addLot(
  state: CreditAccountState,
  lot: Omit<Lot, 'sequence' | 'remaining' | 'expiresAt'> & {
    amount: number;
    expiresAt: string | null;
  },
) {
  state.lots[lot.lotId] = {
    lotId: lot.lotId,
    funding: lot.funding,
    source: lot.source,
    remaining: lot.amount,
    expiresAt: toMillis(lot.expiresAt),
    sequence: state.nextLotSequence++,
  };
}

function adjustLots(
  state: CreditAccountState,
  allocations: readonly { lotId: string; amount: number }[],
  sign: 1 | -1,
) {
  for (const allocation of allocations) {
    const lot = state.lots[allocation.lotId];
    if (lot) lot.remaining += sign * allocation.amount;
  }
}

function closeLot(state: CreditAccountState, lotId: string, closed: Lot['closed']) {
  const lot = state.lots[lotId];
  if (lot && !lot.closed) lot.closed = closed;
}

/** Drops lots that can never matter again: empty, and not referenced by an open hold. */
function pruneLot(state: CreditAccountState, lotId: string) {
  const lot = state.lots[lotId];
  if (!lot || lot.remaining > 0) return;
  const referenced = Object.values(state.holds).some((hold) =>
    hold.allocations.some((allocation) => allocation.lotId === lotId),
  );
  if (!referenced) delete state.lots[lotId];
}

type PurchasedData = Extract<CreditAccountEvent, { type: 'CreditsPurchased' }>['data'];

function purchasedLotSource(data: PurchasedData): string {
  switch (data.product) {
    case undefined:
    case 'plan':
      return `invoice:${data.invoiceId}`;
    case 'pack':
      return 'pack';
    case 'gift':
      return 'gift';
    default:
      return assertNever(data.product);
  }
}

export function evolveCreditAccount(
  state: CreditAccountState,
  event: CreditAccountEvent,
  context: EvolveContext,
): CreditAccountState {
  state.seenKeys[context.idempotencyKey] = context.occurredAt;
  if (context.occurredAt - state.prunedAt >= PRUNE_EVERY_MS)
    pruneExpiredRecords(state, context.occurredAt);
  switch (event.type) {
    case 'CreditsGranted':
      addLot(state, {
        lotId: event.data.grantId,
        funding: 'free',
        source: event.data.source,
        amount: event.data.amount,
        expiresAt: event.data.expiresAt,
      });
      state.totals.granted += event.data.amount;
      return state;
    case 'CreditsPurchased':
      addLot(state, {
        lotId: event.data.purchaseId,
        funding: 'paid',
        source: purchasedLotSource(event.data),
        amount: event.data.amount,
        expiresAt: event.data.expiresAt,
      });
      state.totals.purchased += event.data.amount;
      return state;
    case 'CreditsReserved': {
      adjustLots(state, event.data.allocations, -1);
      state.holds[event.data.reservationId] = {
        reservationId: event.data.reservationId,
        generationId: event.data.generationId,
        amount: event.data.amount,
        deadline: event.data.deadline,
        allocations: event.data.allocations,
      };
      return state;
    }
    case 'CreditsSpent': {
      const hold = state.holds[event.data.reservationId];
      delete state.holds[event.data.reservationId];
      state.settledHolds[event.data.reservationId] = { as: 'captured', at: context.occurredAt };
      state.spends[event.data.reservationId] = {
        reservationId: event.data.reservationId,
        amount: event.data.amount,
        refunded: 0,
        capturedAt: context.occurredAt,
        allocations: event.data.allocations,
      };
      state.totals.spent += event.data.amount;
      for (const allocation of hold?.allocations ?? []) pruneLot(state, allocation.lotId);
      return state;
    }
    case 'CreditsReleased':
      delete state.holds[event.data.reservationId];
      state.settledHolds[event.data.reservationId] = { as: 'released', at: context.occurredAt };
      adjustLots(state, event.data.allocations, 1);
      return state;
    case 'CreditsRefunded': {
      const spend = state.spends[event.data.reservationId];
      if (spend) {
        spend.refunded += event.data.amount;
        (spend.refundIds ??= []).push(event.data.refundId);
      }
      for (const lot of event.data.lots) {
        addLot(state, { ...lot, source: `refund:${event.data.refundId}` });
      }
      state.totals.refunded += event.data.amount;
      return state;
    }
    case 'CreditsExpired':
      adjustLots(state, [event.data], -1);
      closeLot(state, event.data.lotId, { as: 'expired', reference: event.data.lotId });
      state.totals.expired += event.data.amount;
      pruneLot(state, event.data.lotId);
      return state;
    case 'CreditsRevoked':
      adjustLots(state, [event.data], -1);
      closeLot(state, event.data.lotId, { as: 'revoked', reference: event.data.reference });
      state.totals.revoked += event.data.amount;
      pruneLot(state, event.data.lotId);
      return state;
    default:
      return assertNever(event);
  }
}
