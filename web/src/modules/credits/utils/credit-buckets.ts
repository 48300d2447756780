import type { CreditBucketKind } from '../../../gql/graphql';

export const BUCKET_NAMES: Readonly<Record<CreditBucketKind, string>> = {
  PLAN: 'Plan credits',
  PACK: 'Pack credits',
  FREE: 'Free credits',
};

export const BUCKET_NOTES: Readonly<Record<CreditBucketKind, string>> = {
  PLAN: 'End with your plan’s period; they do not roll over',
  PACK: 'Last 24 months from purchase',
  FREE: 'Signup and goodwill credits',
};

/** "22 Dec", in UTC like the ledger's periods (with the year when it is not this year's). */
export const formatExpiryDay = (iso: string, now = new Date()): string => {
  const at = new Date(iso);
  return at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(at.getUTCFullYear() !== now.getUTCFullYear() ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
};

/** "Spent soonest-expiring first: plan credits, then pack credits, then free credits." */
export const spendingOrderSentence = (order: readonly CreditBucketKind[]): string => {
  if (order.length === 0) return 'Credits are spent soonest-expiring first.';
  const names = order.map((bucket) => BUCKET_NAMES[bucket].toLowerCase());
  return `Spent soonest-expiring first: ${names.join(', then ')}.`;
};
