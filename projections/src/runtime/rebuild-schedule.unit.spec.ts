import { describe, expect, it } from 'vitest';
import { allProjections } from '../registry';
import { INDEX_BUILD_COST_SHARE } from './rebuild';

describe('the order of a rebuild’s jobs', () => {
  it('ranks every index build below every fill, so the builds are the short jobs at the end', () => {
    const fills = allProjections.flatMap((p) => [
      p.bulkFillCost ?? 0,
      ...(p.jointBulkFills ?? []).flatMap((fill) => fill.statementCosts ?? []),
    ]);
    const costliestBuild = Math.max(
      ...allProjections.map((p) => (p.bulkFillCost ?? 0) * INDEX_BUILD_COST_SHARE),
    );
    expect(costliestBuild).toBeLessThan(Math.min(...fills.filter((cost) => cost > 0)));
  });
});
