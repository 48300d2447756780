import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

export interface RunResult {
  readonly ops: number;
  readonly elapsedMs: number;
  /** Operations per second over the run. */
  readonly rate: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export const emptyRun: RunResult = { ops: 0, elapsedMs: 0, rate: 0, p50Ms: 0, p99Ms: 0 };

/**
 * Runs `concurrency` workers, each calling `op` in a loop until `seconds` have passed; an op in
 * flight at the deadline completes and counts. The first error aborts the run.
 */
export async function runFor(
  seconds: number,
  concurrency: number,
  op: (worker: number, iteration: number) => Promise<void>,
): Promise<RunResult> {
  const latencies: number[] = [];
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let failed: unknown = null;
  const worker = async (w: number) => {
    for (let i = 0; performance.now() < deadline && failed === null; i++) {
      const t0 = performance.now();
      try {
        await op(w, i);
      } catch (error) {
        failed ??= error;
        return;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  if (failed !== null) throw failed;
  const elapsedMs = performance.now() - start;
  return {
    ops: latencies.length,
    elapsedMs,
    rate: (latencies.length * 1000) / elapsedMs,
    ...percentiles(latencies),
  };
}

/** Adds runs of the same workload measured in several slices (e.g. ABBA interleaving). */
export function combineRuns(runs: readonly RunResult[]): RunResult {
  const ops = runs.reduce((sum, run) => sum + run.ops, 0);
  const elapsedMs = runs.reduce((sum, run) => sum + run.elapsedMs, 0);
  const weighted = (pick: (run: RunResult) => number) =>
    ops === 0 ? 0 : runs.reduce((sum, run) => sum + pick(run) * run.ops, 0) / ops;
  return {
    ops,
    elapsedMs,
    rate: elapsedMs === 0 ? 0 : (ops * 1000) / elapsedMs,
    p50Ms: weighted((run) => run.p50Ms),
    p99Ms: weighted((run) => run.p99Ms),
  };
}

function percentiles(values: number[]) {
  if (values.length === 0) return { p50Ms: 0, p99Ms: 0 };
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50Ms: at(0.5), p99Ms: at(0.99) };
}

/** Runs `tasks` with at most `concurrency` at a time. */
export async function forEachLimit<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const t0 = performance.now();
  const result = await work();
  return { result, ms: performance.now() - t0 };
}

export interface RssSampled<T> {
  result: T;
  startRss: number;
  peakRss: number;
  /** Peak V8 heap in use, to tell a growing heap from RSS the allocator has not given back. */
  peakHeapUsed: number;
  samples: number;
}

/** Samples RSS (and heap used) every `intervalMs` while `work` runs; reports peaks and the RSS at the start. */
export async function withRssSampling<T>(
  work: () => Promise<T>,
  intervalMs = 100,
): Promise<RssSampled<T>> {
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  let peakHeapUsed = process.memoryUsage().heapUsed;
  let samples = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeapUsed = Math.max(peakHeapUsed, usage.heapUsed);
  };
  const timer = setInterval(() => {
    samples++;
    sample();
  }, intervalMs);
  try {
    const result = await work();
    sample();
    return { result, startRss, peakRss, peakHeapUsed, samples };
  } finally {
    clearInterval(timer);
  }
}

let gcFunction: (() => void) | null | undefined;

/** A full GC (through `--expose-gc` set at run time), so memory figures start from a clean heap. */
export function collectGarbage(): void {
  if (gcFunction === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      gcFunction = vm.runInNewContext('gc') as () => void;
    } catch {
      gcFunction = null;
    }
  }
  gcFunction?.();
  gcFunction?.();
}

/** The middle value (the upper one of an even count). */
export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
