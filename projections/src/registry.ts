import { creditBalancesProjection } from './credit-balances/credit-balances.projection';
import { creditBucketsProjection } from './credit-buckets/credit-buckets.projection';
import { creditHistoryProjection } from './credit-history/credit-history.projection';
import { generationHistoryProjection } from './generation-history/generation-history.projection';
import { generationSharesProjection } from './generation-shares/generation-shares.projection';
import { paidCreditsProjection } from './paid-credits/paid-credits.projection';
import type { Projection } from './runtime/projection';
import { subscriptionStatusProjection } from './subscription-status/subscription-status.projection';

export const allProjections: readonly Projection[] = [
  creditBalancesProjection,
  creditHistoryProjection,
  subscriptionStatusProjection,
  generationHistoryProjection,
  generationSharesProjection,
  paidCreditsProjection,
  creditBucketsProjection,
];
