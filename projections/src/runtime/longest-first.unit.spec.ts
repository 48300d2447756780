import { describe, expect, it } from 'vitest';
import { runLongestFirst, type Job } from './longest-first';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('runLongestFirst', () => {
  it('starts the costliest runnable job first, at most limit at once, follow-ups when ready', async () => {
    const started: string[] = [];
    let running = 0;
    let most = 0;
    const job = (name: string, cost: number, then: Job[] = []): Job => ({
      cost,
      run: async () => {
        started.push(name);
        most = Math.max(most, ++running);
        await tick();
        running--;
        return then;
      },
    });
    await runLongestFirst(
      [job('small', 1), job('big', 9, [job('big index', 5)]), job('middle', 4)],
      2,
    );
    expect(started).toEqual(['big', 'middle', 'big index', 'small']);
    expect(most).toBe(2);
  });

  it('starts nothing after a failure and rejects once the running jobs have settled', async () => {
    const settled: string[] = [];
    const failing: Job = {
      cost: 2,
      run: async () => {
        throw new Error('fill failed');
      },
    };
    const slow: Job = {
      cost: 3,
      run: async () => {
        await tick();
        await tick();
        settled.push('slow');
      },
    };
    const later: Job = { cost: 1, run: async () => void settled.push('later') };
    await expect(runLongestFirst([failing, slow, later], 2)).rejects.toThrow('fill failed');
    expect(settled).toEqual(['slow']);
  });

  it('resolves at once with nothing to run', async () => {
    await expect(runLongestFirst([], 2)).resolves.toBeUndefined();
  });
});
