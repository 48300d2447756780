import { describe, expect, it } from 'vitest';

import { singleFlight } from './single-flight';

const deferred = () => {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
};

describe('singleFlight', () => {
  it('runs once while busy and reports busy from start to end', async () => {
    const busy: boolean[] = [];
    const pending = deferred();
    let calls = 0;
    const flight = singleFlight((value) => busy.push(value));
    const run = () =>
      flight(() => {
        calls += 1;
        return pending.promise;
      });
    const first = run();
    await run();
    expect(calls).toBe(1);
    expect(busy).toEqual([true]);
    pending.resolve();
    await first;
    expect(busy).toEqual([true, false]);
    await run();
    expect(calls).toBe(2);
  });

  it('frees the button when the action rejects', async () => {
    const busy: boolean[] = [];
    const pending = deferred();
    const flight = singleFlight((value) => busy.push(value));
    const running = flight(() => pending.promise);
    pending.reject(new Error('offline'));
    await expect(running).resolves.toBeUndefined();
    expect(busy).toEqual([true, false]);
  });

  it('frees the button when the action throws before it returns a promise', async () => {
    const busy: boolean[] = [];
    let calls = 0;
    const flight = singleFlight((value) => busy.push(value));
    const run = () =>
      flight(() => {
        calls += 1;
        throw new Error('no client');
      });
    await run();
    await run();
    expect(calls).toBe(2);
    expect(busy).toEqual([true, false, true, false]);
  });
});
