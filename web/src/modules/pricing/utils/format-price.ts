/**
 * A price the server sends in cents, in US dollars: with 2 decimals on the profile ("$9.00"),
 * none on the pricing page ("$9") (spec §3).
 */
export const formatPriceCents = (cents: number, decimals: 0 | 2): string =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(cents / 100);

/** "month" → "per month". */
export const perInterval = (interval: string): string => `per ${interval}`;
