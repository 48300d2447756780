import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import {
  HoldAlreadySettledError,
  HoldNotFoundError,
  InsufficientCreditsError,
  InvalidCommandError,
  RefundExceedsSpendError,
  SpendNotFoundError,
  TooManyGenerationsError,
} from '../shared/errors';
import type { CommandMetadata } from '../shared/metadata';
import {
  availableCredits,
  evolveCreditAccount,
  heldInLot,
  initialCreditAccountState,
  lotsInSpendingOrder,
  type CreditAccountEvent,
  type CreditAccountState,
  type Lot,
} from './credit-account';

export type CreditAccountCommand =
  | {
      type: 'GrantCredits';
      data: {
        userId: string;
        grantId: string;
        amount: number;
        source: 'signup' | 'monthly_allowance' | 'goodwill' | 'migration';
        expiresAt: Date | null;
      };
    }
  | {
      type: 'PurchaseCredits';
      data: {
        userId: string;
        purchaseId: string;
        amount: number;
        planId: string;
        invoiceId: string;
        amountPaidCents: number;
        currency: string;
        periodStart: Date;
        periodEnd: Date;
        expiresAt: Date | null;
        product?: 'plan' | 'pack' | 'gift';
        packId?: string;
        giftId?: string;
      };
    }
  | {
      type: 'HoldCredits';
      data: {
        userId: string;
        reservationId: string;
        generationId: string;
        amount: number;
        deadline: Date;
        /** At most this many holds may be open at once (generations in progress per user). */
        maxOpenHolds?: number;
      };
    }
  | { type: 'CaptureHold'; data: { userId: string; reservationId: string } }
  | { type: 'ReleaseHold'; data: { userId: string; reservationId: string } }
  | {
      type: 'RefundCredits';
      data: { userId: string; refundId: string; reservationId: string; amount: number };
    }
  /**
   * Expires what is left of lots past their expiry; or, at once, of the named lots, or of the paid
   * lots whose period ends by `paidExpiringBy` (a new billing period resets: no rollover).
   */
  | {
      type: 'ExpireCredits';
      data: { userId: string; lotIds?: readonly string[]; paidExpiringBy?: Date };
    }
  /** Takes back what is unspent of one lot (its payment was refunded). */
  | { type: 'RevokeCredits'; data: { userId: string; lotId: string; reference: string } };

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function requirePositiveAmount(amount: number) {
  if (!Number.isInteger(amount) || amount <= 0) {
    throw new InvalidCommandError('Amount must be a positive whole number of credits');
  }
}

export function decideCreditAccount(
  command: CreditAccountCommand,
  state: CreditAccountState,
  metadata: CommandMetadata,
): CreditAccountEvent[] {
  if (state.seenKeys[metadata.idempotencyKey] !== undefined) return [];
  const { now } = metadata;

  switch (command.type) {
    case 'GrantCredits': {
      requirePositiveAmount(command.data.amount);
      if (state.lots[command.data.grantId]) return [];
      return [
        {
          type: 'CreditsGranted',
          data: { ...command.data, expiresAt: iso(command.data.expiresAt) },
        },
      ];
    }
    case 'PurchaseCredits': {
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
    case 'HoldCredits': {
      const { data } = command;
      requirePositiveAmount(data.amount);
      if (state.holds[data.reservationId] || state.settledHolds[data.reservationId]) return [];
      if (data.maxOpenHolds !== undefined && Object.keys(state.holds).length >= data.maxOpenHolds) {
        throw new TooManyGenerationsError(data.maxOpenHolds);
      }
      const available = availableCredits(state, now);
      if (available < data.amount) throw new InsufficientCreditsError(available, data.amount);
      const allocations: { lotId: string; amount: number }[] = [];
      let needed = data.amount;
      for (const lot of lotsInSpendingOrder(state, now)) {
        if (needed === 0) break;
        const take = Math.min(lot.remaining, needed);
        allocations.push({ lotId: lot.lotId, amount: take });
        needed -= take;
      }
      const { maxOpenHolds: _limit, ...reservation } = data;
      return [
        {
          type: 'CreditsReserved',
          data: { ...reservation, deadline: data.deadline.toISOString(), allocations },
        },
      ];
    }
    case 'CaptureHold': {
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
    case 'ReleaseHold': {
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
    case 'RefundCredits': {
      const { data } = command;
      requirePositiveAmount(data.amount);
      const spend = state.spends[data.reservationId];
      if (!spend) throw new SpendNotFoundError(data.reservationId);
      const refundable = spend.amount - spend.refunded;
      if (data.amount > refundable) throw new RefundExceedsSpendError(refundable);
      // Give back the most recently consumed lots first, keeping their funding; a lot whose
      // expiry has already passed comes back without expiry (a refund should be usable).
      const lots: {
        lotId: string;
        amount: number;
        funding: 'free' | 'paid';
        expiresAt: string | null;
      }[] = [];
      let toRefund = data.amount;
      let alreadyRefunded = spend.refunded;
      for (const allocation of [...spend.allocations].reverse()) {
        const skip = Math.min(alreadyRefunded, allocation.amount);
        alreadyRefunded -= skip;
        const take = Math.min(allocation.amount - skip, toRefund);
        if (take <= 0) continue;
        const stillValid =
          allocation.expiresAt !== null && Date.parse(allocation.expiresAt) > now.getTime();
        lots.push({
          lotId: `${data.refundId}:${allocation.lotId}`,
          amount: take,
          funding: allocation.funding,
          expiresAt: stillValid ? allocation.expiresAt : null,
        });
        toRefund -= take;
        if (toRefund === 0) break;
      }
      return [{ type: 'CreditsRefunded', data: { ...data, lots } }];
    }
    case 'ExpireCredits': {
      const nowMillis = now.getTime();
      const named = command.data.lotIds ? new Set(command.data.lotIds) : null;
      const paidBy = command.data.paidExpiringBy?.getTime() ?? null;
      const due = (lot: Lot) => {
        if (named) return named.has(lot.lotId);
        // A new billing period resets plan credits only: packs and gifts keep their own expiry.
        if (paidBy !== null)
          return (
            lot.funding === 'paid' &&
            lot.source !== 'pack' &&
            lot.source !== 'gift' &&
            lot.expiresAt !== null &&
            lot.expiresAt <= paidBy
          );
        return lot.expiresAt !== null && lot.expiresAt <= nowMillis;
      };
      // A lot whose credits are all held still ends now (amount 0) when it ends before its own
      // expiry, so the held credits cannot come back spendable; past its expiry they cannot anyway.
      const endsEarly = (lot: Lot) => lot.expiresAt === null || lot.expiresAt > nowMillis;
      return Object.values(state.lots)
        .filter(
          (lot) =>
            !lot.closed &&
            (lot.remaining > 0 || (endsEarly(lot) && heldInLot(state, lot.lotId) > 0)) &&
            due(lot),
        )
        .sort((a, b) => a.sequence - b.sequence)
        .map((lot) => ({
          type: 'CreditsExpired' as const,
          data: {
            userId: command.data.userId,
            lotId: lot.lotId,
            amount: lot.remaining,
            funding: lot.funding,
          },
        }));
    }
    case 'RevokeCredits': {
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
    default:
      return assertNever(command);
  }
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

/** A hold that is already settled the same way is a repeat (no event); any other way is an error. */
function settledOrMissing(
  state: CreditAccountState,
  reservationId: string,
  wanted: 'captured' | 'released',
): CreditAccountEvent[] {
  const settled = state.settledHolds[reservationId]?.as;
  if (!settled) throw new HoldNotFoundError(reservationId);
  if (settled === wanted) return [];
  throw new HoldAlreadySettledError(reservationId, settled);
}

export const creditAccountDecider: Decider<
  CreditAccountState,
  CreditAccountCommand,
  CreditAccountEvent
> = {
  streamType: 'credits',
  initialState: initialCreditAccountState,
  evolve: evolveCreditAccount,
  decide: decideCreditAccount,
  serialize: (state) => state,
  deserialize: (json) => json as CreditAccountState,
};
