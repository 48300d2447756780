import { creditBalancesProjection } from './credit-balances/credit-balances.projection';
import { creditHistoryProjection } from './credit-history/credit-history.projection';
import { generationHistoryProjection } from './generation-history/generation-history.projection';
import { paidCreditsProjection } from './paid-credits/paid-credits.projection';
import type { Projection } from './runtime/projection';
import { subscriptionStatusProjection } from './subscription-status/subscription-status.projection';

export const allProjections: readonly Projection[] = [
  creditBalancesProjection,
  creditHistoryProjection,
  subscriptionStatusProjection,
  generationHistoryProjection,
  paidCreditsProjection,
];

export function projectionNamed(name: string): Projection {
  const projection = allProjections.find((p) => p.name === name);
  if (!projection) {
    throw new Error(
      `No projection named ${name}; known: ${allProjections.map((p) => p.name).join(', ')}`,
    );
  }
  return projection;
}
