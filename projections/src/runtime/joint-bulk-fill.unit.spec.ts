import { START_POSITION } from '@app/ledger';
import { describe, expect, it } from 'vitest';
import type { CatchUpTarget } from './catch-up';
import { jointFillsAmong, JointBulkFillMisdeclaredError } from './joint-bulk-fill';
import type { JointBulkFill, Projection } from './projection';

const joint: JointBulkFill = { projections: ['a', 'b'], statements: () => [] };

const projection = (name: string, extra: Partial<Projection> = {}): Projection => ({
  name,
  version: 1,
  tables: [],
  eventTypes: new Set(['X', 'Y']),
  apply: async () => undefined,
  bulkFill: () => [],
  jointBulkFills: [joint],
  ...extra,
});

const build = (p: Projection): CatchUpTarget => ({
  projection: p,
  version: 2,
  position: START_POSITION,
});

describe('jointFillsAmong', () => {
  it('plans a joint fill when every member is built, with the members in its order', () => {
    const [b, a, c] = [
      build(projection('b')),
      build(projection('a')),
      build(projection('c', { jointBulkFills: undefined })),
    ];
    const plans = jointFillsAmong([b, a, c]);
    expect(plans).toHaveLength(1);
    expect(plans[0]!.fill).toBe(joint);
    expect(plans[0]!.targets).toEqual([a, b]);
  });

  it('leaves members to their own fills when one of them is not built', () => {
    expect(jointFillsAmong([build(projection('a'))])).toEqual([]);
  });

  it('refuses a member folding other types, or without the fill', () => {
    const refused = (b: Projection) => () => jointFillsAmong([build(projection('a')), build(b)]);
    expect(refused(projection('b', { eventTypes: new Set(['X']) }))).toThrow(
      JointBulkFillMisdeclaredError,
    );
    const other: JointBulkFill = { projections: ['a', 'b'], statements: () => [] };
    expect(() =>
      jointFillsAmong([
        build(projection('a')),
        build(projection('b', { jointBulkFills: [other] })),
      ]),
    ).toThrow(JointBulkFillMisdeclaredError);
  });

  it('fills a projection by one joint fill at most: the one with the most members built', () => {
    const trio: JointBulkFill = { projections: ['a', 'b', 'c'], statements: () => [] };
    const both = { jointBulkFills: [joint, trio] };
    const [a, b, c] = [
      build(projection('a', both)),
      build(projection('b', both)),
      build(projection('c', { jointBulkFills: [trio] })),
    ];
    const all = jointFillsAmong([a, b, c]);
    expect(all.map((plan) => plan.fill)).toEqual([trio]);
    expect(all[0]!.targets).toEqual([a, b, c]);
    // Without c, the pair's own joint fill.
    expect(jointFillsAmong([a, b]).map((plan) => plan.fill)).toEqual([joint]);
  });
});
