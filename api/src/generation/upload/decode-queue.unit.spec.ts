import { describe, expect, it } from 'vitest';
import { DecodeQueue, DecodeQueueFullError } from './decode-queue';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('DecodeQueue', () => {
  it('runs at most `concurrency` tasks, queues up to `maxWaiting`, and refuses the rest with 503', async () => {
    const queue = new DecodeQueue({ concurrency: 2, maxWaiting: 1, retryAfterSeconds: 7 });
    const gates = [deferred(), deferred(), deferred()];
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    expect([queue.full, queue.canWait]).toEqual([false, true]);
    const tasks = gates.map((gate, index) =>
      queue.run(async () => {
        started.push(index);
        peak = Math.max(peak, ++active);
        await gate.promise;
        active--;
        return index;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual([0, 1]);
    expect(queue.stats).toEqual({ running: 2, waiting: 1 });
    // A decode now would have to wait, and may not: it is refused.
    expect([queue.full, queue.canWait]).toEqual([true, false]);

    const refused = await queue.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DecodeQueueFullError);
    expect(refused).toMatchObject({ status: 503, code: 'SERVER_BUSY', retryAfterSeconds: 7 });

    gates[0]!.resolve();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual([0, 1, 2]);
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2]);
    expect(peak).toBe(2);
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a task fails', async () => {
    const queue = new DecodeQueue({ concurrency: 1, maxWaiting: 0, retryAfterSeconds: 1 });
    await expect(
      queue.run(async () => {
        throw new Error('bad image');
      }),
    ).rejects.toThrow('bad image');
    expect(await queue.run(async () => 'ok')).toBe('ok');
  });
});
