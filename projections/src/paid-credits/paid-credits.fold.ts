import { giftPurchaseId, type CreditAccountEvent, type GiftEvent } from '@app/ledger';

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
/** What the fold reads: the credit accounts' events and the gifts'. */
export type PaidCreditsEvent = CreditAccountEvent | GiftEvent;

/** A paid lot as the fold knows it; a lot made by a support refund points at its origin. */
export interface PaidLot {
  lotId: string;
  originLotId: string;
  /** Who paid: the account of a plan or pack, the buyer of a gift. */
  userId: string;
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

/** A gift's lot arrived in the account of the user who redeemed it. */
export interface PaidLotRedemption {
  lotId: string;
  redeemerId: string;
}

export interface PaidCreditsChange {
  lots: PaidLot[];
  movements: PaidMovement[];
  redemptions: PaidLotRedemption[];
}

const nothing = (): PaidCreditsChange => ({ lots: [], movements: [], redemptions: [] });

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
export function lotIdsOf(event: PaidCreditsEvent): string[] {
  switch (event.type) {
    case 'GiftVoided':
      return [giftPurchaseId(event.data.giftId)];
    case 'GiftIssued':
    case 'GiftRedeemed':
      return [];
    case 'CreditsPurchased':
      return event.data.product === 'gift' ? [event.data.purchaseId] : [];
    case 'CreditsSpent':
      return event.data.allocations.map((a) => a.lotId);
    case 'CreditsRefunded':
      return event.data.lots.map((lot) => originOfRefundLot(event.data.refundId, lot.lotId));
    case 'CreditsExpired':
    case 'CreditsRevoked':
      return [event.data.lotId];
    case 'CreditsGranted':
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
export function foldPaidCredits(lots: PaidLots, event: PaidCreditsEvent): PaidCreditsChange {
  switch (event.type) {
    case 'GiftIssued': {
      const { data } = event;
      const lotId = giftPurchaseId(data.giftId);
      if (lots.has(lotId)) return nothing();
      const lot: PaidLot = {
        lotId,
        originLotId: lotId,
        userId: data.buyerId,
        product: 'gift',
        itemId: data.packId,
        reference: data.paymentRef,
        credits: data.credits,
        amountPaidCents: data.amountPaidCents,
        currency: data.currency,
        moved: 0,
      };
      lots.set(lotId, lot);
      return { ...nothing(), lots: [lot] };
    }
    case 'GiftRedeemed':
      // The money moves with the credit lot the redemption writes (CreditsPurchased, below).
      return nothing();
    case 'GiftVoided': {
      const lot = lots.get(giftPurchaseId(event.data.giftId));
      if (!lot) return nothing();
      const movement = move(lots, lot.lotId, 'revoked', lot.credits - lot.moved);
      return { ...nothing(), movements: movement ? [movement] : [] };
    }
    case 'CreditsPurchased': {
      const { data } = event;
      const issued = lots.get(data.purchaseId);
      if (issued) {
        // A redeemed gift: the lot paid for at GiftIssued, now in the redeemer's account.
        return data.product === 'gift'
          ? { ...nothing(), redemptions: [{ lotId: issued.lotId, redeemerId: data.userId }] }
          : nothing();
      }
      const lot: PaidLot = {
        lotId: data.purchaseId,
        originLotId: data.purchaseId,
        userId: data.userId,
        product: data.product ?? 'plan',
        itemId: data.packId ?? data.planId,
        reference: data.invoiceId,
        credits: data.amount,
        amountPaidCents: data.amountPaidCents,
        currency: data.currency,
        moved: 0,
      };
      lots.set(lot.lotId, lot);
      return { ...nothing(), lots: [lot] };
    }
    case 'CreditsSpent':
      return {
        ...nothing(),
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
          userId: event.data.userId,
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
      return { ...nothing(), lots: added, movements };
    }
    case 'CreditsExpired':
    case 'CreditsRevoked': {
      if (event.data.funding !== 'paid') return nothing();
      const kind = event.type === 'CreditsExpired' ? 'expired' : 'revoked';
      const movement = move(lots, event.data.lotId, kind, event.data.amount);
      return { ...nothing(), movements: movement ? [movement] : [] };
    }
    case 'CreditsGranted':
    case 'CreditsReserved':
    case 'CreditsReleased':
      return nothing();
    default:
      return assertNever(event);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected event: ${JSON.stringify(value)}`);
}
