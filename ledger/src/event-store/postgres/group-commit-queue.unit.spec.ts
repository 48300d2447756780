import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../event-store';
import type { PendingAppend } from './group-commit';
import { GroupCommitQueue, type GroupCommitLimits } from './group-commit-queue';

const event = { type: 'A', data: {}, metadata: {} } as unknown as NewEvent;

/** A queue whose groups are "written" one I/O turn later: each append gets its stream's next version. */
function recordingQueue(limits: GroupCommitLimits) {
  const sizes: number[] = [];
  const versions = new Map<string, number>();
  const queue = new GroupCommitQueue(async (group: readonly PendingAppend[]) => {
    sizes.push(group.length);
    await new Promise((resolve) => setTimeout(resolve, 1));
    for (const pending of group) {
      const version = (versions.get(pending.streamId) ?? -1) + 1;
      versions.set(pending.streamId, version);
      pending.resolve({ nextExpectedVersion: version, position: { commit: 1n, prepare: 1n } });
    }
  }, limits);
  return { queue, sizes };
}

describe('group commit queue', () => {
  it('appends made again by the callers a group answered go together, not the first of them alone', async () => {
    const { queue, sizes } = recordingQueue({ maxGroupsInFlight: 1 });
    await Promise.all(
      Array.from({ length: 16 }, async (_, writer) => {
        for (let i = 0; i < 5; i++) await queue.append(`s-${writer}-${i}`, [event], 'no_stream');
      }),
    );
    expect(sizes).toEqual([16, 16, 16, 16, 16]);
  });

  it('spreads the waiting appends over the free connections', async () => {
    const { queue, sizes } = recordingQueue({ maxGroupsInFlight: 4, minGroupShare: 1 });
    await Promise.all(Array.from({ length: 64 }, (_, i) => queue.append(`s-${i}`, [event], 'any')));
    expect(sizes).toEqual([16, 16, 16, 16]);
  });

  it('gives each group at least the minimum share: 64 appends go as two groups of 32 by default', async () => {
    const { queue, sizes } = recordingQueue({});
    await Promise.all(Array.from({ length: 64 }, (_, i) => queue.append(`s-${i}`, [event], 'any')));
    expect(sizes).toEqual([32, 32]);
  });

  it('starts a lone append at once when no group is in flight', async () => {
    const { queue, sizes } = recordingQueue({ minGroupShare: 8 });
    await queue.append('alone', [event], 'any');
    expect(sizes).toEqual([1]);
  });

  it('holds appends short of the minimum share while a group is in flight, then sends them together', async () => {
    const { queue, sizes } = recordingQueue({ maxGroupsInFlight: 4, minGroupShare: 8 });
    const first = queue.append('first', [event], 'any');
    await new Promise((resolve) => setImmediate(resolve)); // the first group is now in flight
    const late = Array.from({ length: 5 }, (_, i) => queue.append(`late-${i}`, [event], 'any'));
    await Promise.all([first, ...late]);
    expect(sizes).toEqual([1, 5]);
  });

  it('starts a second group beside a running one once the minimum share waits', async () => {
    const { queue, sizes } = recordingQueue({ maxGroupsInFlight: 4, minGroupShare: 4 });
    const first = queue.append('first', [event], 'any');
    await new Promise((resolve) => setImmediate(resolve));
    const late = Array.from({ length: 4 }, (_, i) => queue.append(`late-${i}`, [event], 'any'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sizes).toEqual([1, 4]); // both written at once, not one after the other
    await Promise.all([first, ...late]);
  });

  it('keeps two appends to one stream out of the same group, in order', async () => {
    const { queue, sizes } = recordingQueue({ maxGroupsInFlight: 1 });
    const answers = await Promise.all([
      queue.append('same', [event], 'any'),
      queue.append('same', [event], 'any'),
      queue.append('other', [event], 'any'),
    ]);
    expect(answers.map((answer) => answer.nextExpectedVersion)).toEqual([0, 1, 0]);
    expect(sizes).toEqual([2, 1]);
  });
});
