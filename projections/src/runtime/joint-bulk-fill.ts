import { withTransaction, type GlobalPosition } from '@app/ledger';
import type pg from 'pg';
import { CheckpointMovedError } from './apply-batch';
import { bulkFillTypes, FILL_SETTINGS, parametersOf } from './fill-settings';
import type { CatchUpTarget } from './catch-up';
import { advanceCheckpoint } from './checkpoints';
import type { Job } from './longest-first';
import { tableNamesFor, type JointBulkFill } from './projection';

export class JointBulkFillMisdeclaredError extends Error {
  constructor(projections: readonly string[], why: string) {
    super(`joint bulk fill of ${projections.join(', ')}: ${why}`);
    this.name = 'JointBulkFillMisdeclaredError';
  }
}

export interface JointFillPlan<T extends CatchUpTarget = CatchUpTarget> {
  readonly fill: JointBulkFill;
  /** Its members' builds, in the order of `fill.projections`. */
  readonly targets: readonly T[];
}

const sameTypes = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((type) => b.has(type));

/**
 * The joint fills every member of which is among `targets` (a rebuild of only some of them fills
 * each with its own bulkFill), each with its members' targets. A target is filled by one joint
 * fill at most: those with more members are planned first.
 */
export function jointFillsAmong<T extends CatchUpTarget>(
  targets: readonly T[],
): JointFillPlan<T>[] {
  const fills = [...new Set(targets.flatMap((t) => t.projection.jointBulkFills ?? []))].sort(
    (a, b) => b.projections.length - a.projections.length,
  );
  const plans: JointFillPlan<T>[] = [];
  const planned = new Set<T>();
  for (const fill of fills) {
    const members = fill.projections.map((name) => targets.find((t) => t.projection.name === name));
    if (members.some((member) => member === undefined)) continue;
    const built = members as T[];
    for (const { projection } of built) {
      if (!projection.jointBulkFills?.includes(fill))
        throw new JointBulkFillMisdeclaredError(fill.projections, `${projection.name} lacks it`);
      if (!sameTypes(projection.eventTypes, built[0]!.projection.eventTypes))
        throw new JointBulkFillMisdeclaredError(fill.projections, 'members fold different types');
    }
    if (built.some((target) => planned.has(target))) continue;
    for (const target of built) planned.add(target);
    plans.push({ fill, targets: built });
  }
  return plans;
}

/**
 * The jobs that fill the empty new versions of a joint fill's members from their positions to
 * `upTo`: one per statement, each in a transaction of its own on a connection of its own; the last
 * to commit moves every member's checkpoint there in one transaction (each the same compare-and-set
 * as a batch) and hands on `then()`. Nothing reads a version before it is swapped in, and a rebuild
 * that fails drops it.
 */
export function jointFillJobs(
  pool: pg.Pool,
  plan: JointFillPlan,
  upTo: GlobalPosition,
  applied: (target: CatchUpTarget) => number,
  then: () => readonly Job[] = () => [],
): Job[] {
  const versions = new Map(plan.targets.map((t) => [t.projection.name, t.version]));
  const statements = plan.fill.statements((name) => {
    const version = versions.get(name);
    if (version === undefined)
      throw new JointBulkFillMisdeclaredError(plan.fill.projections, `no tables for ${name}`);
    return tableNamesFor(version);
  });
  const scope = [
    upTo.commit.toString(),
    upTo.prepare.toString(),
    bulkFillTypes(plan.targets[0]!.projection.eventTypes),
  ];
  let left = statements.length;
  const moveCheckpoints = () =>
    withTransaction(pool, async (client) => {
      for (const target of plan.targets) {
        const checkpoint = { name: target.projection.name, version: target.version };
        if (!(await advanceCheckpoint(client, checkpoint, target.position, upTo, applied(target))))
          throw new CheckpointMovedError(checkpoint.name, checkpoint.version);
      }
      for (const target of plan.targets) target.position = upTo;
    });
  return statements.map((sql, i) => ({
    cost: plan.fill.statementCosts?.[i] ?? 0,
    run: async () => {
      await withTransaction(pool, async (client) => {
        await client.query(FILL_SETTINGS);
        await client.query(sql, parametersOf(sql, scope));
      });
      if (--left > 0) return [];
      await moveCheckpoints();
      return then();
    },
  }));
}
