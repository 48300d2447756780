import { describe, expect, it } from 'vitest';
import { ProviderQueue } from './provider-queue';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('provider queue', () => {
  it('never runs more than the limit, and serves paid plans first, in arrival order', async () => {
    const queue = new ProviderQueue(2);
    const order: string[] = [];
    let running = 0;
    let peak = 0;
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const job = (name: string, priority: 'priority' | 'standard') => {
      const gate = deferred();
      gates.set(name, gate);
      return queue.run(priority, async () => {
        order.push(name);
        running++;
        peak = Math.max(peak, running);
        await gate.promise;
        running--;
      });
    };
    const all = [
      job('a', 'standard'),
      job('b', 'standard'),
      job('c', 'standard'),
      job('d', 'priority'),
      job('e', 'standard'),
      job('f', 'priority'),
    ];
    await Promise.resolve();
    expect(order).toEqual(['a', 'b']);
    expect(queue.positionFor('priority')).toBe(2);
    expect(queue.positionFor('standard')).toBe(4);
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) {
      gates.get(name)!.resolve();
      await new Promise((r) => setTimeout(r, 0));
    }
    await Promise.all(all);
    expect(order).toEqual(['a', 'b', 'd', 'f', 'c', 'e']);
    expect(peak).toBe(2);
    expect(queue.inFlight).toBe(0);
  });

  it('tells each task whether it waited for its slot', async () => {
    const queue = new ProviderQueue(1);
    const gate = deferred();
    const first = queue.run('standard', async (waited) => {
      await gate.promise;
      return waited;
    });
    const second = queue.run('standard', async (waited) => waited);
    gate.resolve();
    expect(await Promise.all([first, second])).toEqual([false, true]);
    expect(await queue.run('priority', async (waited) => waited)).toBe(false);
  });

  it('frees the slot when a task fails', async () => {
    const queue = new ProviderQueue(1);
    await expect(
      queue.run('standard', async () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    expect(await queue.run('standard', async () => 'next')).toBe('next');
  });
});
