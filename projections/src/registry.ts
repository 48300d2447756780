import { creditBalancesProjection } from './credit-balances/credit-balances.projection';
import { creditHistoryProjection } from './credit-history/credit-history.projection';
import { generationHistoryProjection } from './generation-history/generation-history.projection';
import type { Projection } from './runtime/projection';
import { subscriptionStatusProjection } from './subscription-status/subscription-status.projection';

export const allProjections: readonly Projection[] = [
  creditBalancesProjection,
  creditHistoryProjection,
  subscriptionStatusProjection,
  generationHistoryProjection,
];
