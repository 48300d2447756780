import type { CreditAccountEvent } from '@app/ledger';

// Paid credits the way accountants see them. Every paid lot (a plan period, a pack, a redeemed
// gift) is money received for credits not yet delivered: deferred revenue. As its credits are
// spent the matching share of the money is recognised; what expires unspent is breakage; what a
// refunded payment takes back leaves with the refund. Credits a support refund gives back (a new
// lot with the paid funding of the lot that paid) return to the lot they came from: its share of
// the money moves back from recognised to deferred.
//
// Money per credit is the lot's price divided by its credits; to keep every cent, the value of a
// movement is the difference of the rounded-down cumulative values before and after it, so a
// lot's movements add up to exactly what was paid for it.

export type PaidProduct = 'plan' | 'pack' | 'gift';
export type PaidMovementKind = 'spent' | 'restored' | 'expired' | 'revoked';

/** A paid lot as the fold knows it; a lot made by a support refund points at its origin. */
export interface PaidLot {
  lotId: string;
  originLotId: string;
  product: PaidProduct;
  /** Plan or pack id. */
  itemId: string;
  /** The invoice or checkout session the money came with. */
  reference: string;
  credits: number;
  amountPaidCents: number;
  currency: string;
  /** Credits of the origin lot spent, expired or revoked so far, net of those given back. */
  moved: number;
}

export interface PaidMovement {
  lotId: string;
  originLotId: string;
  kind: PaidMovementKind;
  /** Credits out of deferred (negative for `restored`: back into deferred). */
  credits: number;
  cents: number;
  product: PaidProduct;
  currency: string;
}

export interface PaidCreditsChange {
  lots: PaidLot[];
  movements: PaidMovement[];
}

/** The paid lots the fold reads and updates, by lot id (origins and the refund lots naming them). */
export type PaidLots = Map<string, PaidLot>;

const valueOf = (lot: PaidLot, credits: number) =>
  lot.credits === 0 ? 0 : Math.floor((lot.amountPaidCents * credits) / lot.credits);

function move(
  lots: PaidLots,
  lotId: string,
  kind: PaidMovementKind,
  credits: number,
): PaidMovement | null {
  const lot = lots.get(lotId);
  const origin = lot && lots.get(lot.originLotId);
  if (!lot || !origin || credits === 0) return null;
  const cents = valueOf(origin, origin.moved + credits) - valueOf(origin, origin.moved);
  origin.moved += credits;
  return {
    lotId,
    originLotId: origin.lotId,
    kind,
    credits,
    cents,
    product: origin.product,
    currency: origin.currency,
  };
}

const present = <T>(value: T | null): value is T => value !== null;

/** The lot ids an event touches, so the caller can load those lots (and their origins). */
export function lotIdsOf(event: CreditAccountEvent): string[] {
  switch (event.type) {
    case 'CreditsSpent':
      return event.data.allocations.map((a) => a.lotId);
    case 'CreditsRefunded':
      return event.data.lots.map((lot) => originOfRefundLot(event.data.refundId, lot.lotId));
    case 'CreditsExpired':
    case 'CreditsRevoked':
      return [event.data.lotId];
    case 'CreditsGranted':
    case 'CreditsPurchased':
    case 'CreditsReserved':
    case 'CreditsReleased':
      return [];
    default:
      return assertNever(event);
  }
}

/** A support refund's lot id is `<refundId>:<lot that paid>`. */
const originOfRefundLot = (refundId: string, lotId: string) =>
  lotId.startsWith(`${refundId}:`) ? lotId.slice(refundId.length + 1) : lotId;

/** Folds one event into `lots` (mutated) and says what rows it adds. Free credits are ignored. */
export function foldPaidCredits(lots: PaidLots, event: CreditAccountEvent): PaidCreditsChange {
  switch (event.type) {
    case 'CreditsPurchased': {
      const { data } = event;
      const lot: PaidLot = {
        lotId: data.purchaseId,
        originLotId: data.purchaseId,
        product: data.product ?? 'plan',
        itemId: data.packId ?? data.planId,
        reference: data.invoiceId,
        credits: data.amount,
        amountPaidCents: data.amountPaidCents,
        currency: data.currency,
        moved: 0,
      };
      if (lots.has(lot.lotId)) return { lots: [], movements: [] };
      lots.set(lot.lotId, lot);
      return { lots: [lot], movements: [] };
    }
    case 'CreditsSpent':
      return {
        lots: [],
        movements: event.data.allocations
          .filter((a) => a.funding === 'paid')
          .map((a) => move(lots, a.lotId, 'spent', a.amount))
          .filter(present),
      };
    case 'CreditsRefunded': {
      const added: PaidLot[] = [];
      const movements: PaidMovement[] = [];
      for (const refundLot of event.data.lots) {
        if (refundLot.funding !== 'paid') continue;
        const from = lots.get(originOfRefundLot(event.data.refundId, refundLot.lotId));
        const origin = from && lots.get(from.originLotId);
        if (!origin) continue;
        const alias: PaidLot = {
          ...origin,
          lotId: refundLot.lotId,
          originLotId: origin.lotId,
          credits: 0,
          amountPaidCents: 0,
          moved: 0,
        };
        lots.set(alias.lotId, alias);
        added.push(alias);
        const movement = move(lots, alias.lotId, 'restored', -refundLot.amount);
        if (movement) movements.push(movement);
      }
      return { lots: added, movements };
    }
    case 'CreditsExpired':
    case 'CreditsRevoked': {
      if (event.data.funding !== 'paid') return { lots: [], movements: [] };
      const kind = event.type === 'CreditsExpired' ? 'expired' : 'revoked';
      const movement = move(lots, event.data.lotId, kind, event.data.amount);
      return { lots: [], movements: movement ? [movement] : [] };
    }
    case 'CreditsGranted':
    case 'CreditsReserved':
    case 'CreditsReleased':
      return { lots: [], movements: [] };
    default:
      return assertNever(event);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected event: ${JSON.stringify(value)}`);
}
