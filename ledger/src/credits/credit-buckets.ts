import type { Funding } from './credit-account';

/**
 * The three buckets a balance is shown in. Plan credits end with their billing period (no
 * rollover), pack credits 24 months after purchase, free credits (signup, goodwill) as granted.
 */
export const CREDIT_BUCKETS = ['plan', 'pack', 'free'] as const;
export type CreditBucket = (typeof CREDIT_BUCKETS)[number];

/**
 * Where a lot's credits came from, as the bucket read model records it: the grant's source
 * (`signup`, `monthly_allowance`, `goodwill`, `migration`), the purchase's product (`plan`, `pack`,
 * `gift`; a purchase without one is a plan invoice, `invoice:<id>` in the ledger's own state), or
 * `refund` for credits a refund gave back as free.
 */
export interface BucketedLot {
  readonly funding: Funding;
  readonly source: string;
}

/**
 * The one place that says which bucket a lot belongs to. Pack and gift purchases are packs; plan
 * purchases and the Free plan's monthly allowance are plan credits; signup, goodwill, migration and
 * refunds of free credits are free. A paid lot of unknown origin counts as plan credits.
 */
export function creditBucketOf(lot: BucketedLot): CreditBucket {
  if (lot.source === 'pack' || lot.source === 'gift') return 'pack';
  if (lot.source === 'plan' || lot.source === 'monthly_allowance') return 'plan';
  if (lot.source.startsWith('invoice:')) return 'plan';
  return lot.funding === 'paid' ? 'plan' : 'free';
}
