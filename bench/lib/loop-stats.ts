import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';

/** What bench/lib/loop-stats-preload.mjs gathered in a server between two reads. */
export interface LoopStats {
  seconds: number;
  /** Event-loop delay (ms) sampled every 5 ms. */
  loop: { p50: number; p99: number; p999: number; max: number; mean: number };
  gc: Record<string, { count: number; totalMs: number; maxMs: number }>;
  heapUsedMb: number;
}

export const loopStatsPreload = path.resolve(import.meta.dirname, 'loop-stats-preload.mjs');

/** A file for one server's figures, and the environment and node arguments that turn them on. */
export async function loopStatsFor(label: string) {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'loop-stats-')), `${label}.json`);
  return {
    env: { LOOP_STATS_FILE: file },
    nodeArgs: ['--import', loopStatsPreload],
    /** Figures since the previous read (or the start). */
    async read(child: ChildProcess): Promise<LoopStats> {
      await fs.rm(file, { force: true });
      child.kill('SIGUSR2');
      for (let tries = 0; tries < 200; tries++) {
        try {
          return JSON.parse(await fs.readFile(file, 'utf8')) as LoopStats;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
      throw new Error(`no loop stats in ${file}`);
    },
  };
}

export const describeLoopStats = (stats: LoopStats) => {
  const gc = Object.entries(stats.gc)
    .map(
      ([kind, { count, totalMs, maxMs }]) =>
        `${kind} ${count}× ${totalMs.toFixed(0)} ms (max ${maxMs.toFixed(1)})`,
    )
    .join(', ');
  const { p50, p99, max } = stats.loop;
  return `loop delay p50 ${p50.toFixed(2)} p99 ${p99.toFixed(2)} max ${max.toFixed(1)} ms; gc ${gc || 'none'}`;
};
