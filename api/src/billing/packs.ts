// One-time credit packs: priced here, on the server, in cents. A pack's credits are paid credits
// that expire 24 months after the purchase; no subscription is involved.

export type PackId = 'pack_100' | 'pack_500';

export interface CreditPack {
  id: PackId;
  name: string;
  credits: number;
  priceCents: number;
}

export const PACK_VALIDITY_MONTHS = 24;

export const CREDIT_PACKS: readonly CreditPack[] = [
  { id: 'pack_100', name: '100 credits', credits: 100, priceCents: 499 },
  { id: 'pack_500', name: '500 credits', credits: 500, priceCents: 1999 },
];

export const packById = (id: string | null | undefined): CreditPack | undefined =>
  CREDIT_PACKS.find((pack) => pack.id === id);

/** When the credits of a pack bought at `purchasedAt` expire. */
export function packExpiry(purchasedAt: Date): Date {
  const expiry = new Date(purchasedAt);
  expiry.setUTCMonth(expiry.getUTCMonth() + PACK_VALIDITY_MONTHS);
  return expiry;
}

/** The ledger lot of a pack bought in one checkout session. */
export const packPurchaseId = (checkoutSessionId: string) => `pack-${checkoutSessionId}`;
