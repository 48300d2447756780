// Preloaded into a benchmarked server (node --import): the event loop's delay histogram and the
// garbage collector's pauses, kept from one SIGUSR2 to the next; each SIGUSR2 writes what was
// gathered since the last one to LOOP_STATS_FILE (JSON) and starts afresh. Read by
// bench/lib/loop-stats.ts. Nothing of the server's own code changes.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.LOOP_STATS_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  /** Pauses by kind (minor = scavenge, major = mark-compact, incremental, weak callbacks). */
  let pauses = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push([entry.detail?.kind ?? 0, entry.duration]);
  });
  observer.observe({ entryTypes: ['gc'] });
  let since = performance.now();
  process.on('SIGUSR2', () => {
    const now = performance.now();
    const kinds = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };
    const byKind = {};
    for (const [kind, duration] of pauses) {
      const name = kinds[kind] ?? String(kind);
      const entry = (byKind[name] ??= { count: 0, totalMs: 0, maxMs: 0 });
      entry.count++;
      entry.totalMs += duration;
      entry.maxMs = Math.max(entry.maxMs, duration);
    }
    const ms = (ns) => ns / 1e6;
    writeFileSync(
      file,
      JSON.stringify({
        seconds: (now - since) / 1000,
        loop: {
          p50: ms(delay.percentile(50)),
          p99: ms(delay.percentile(99)),
          p999: ms(delay.percentile(99.9)),
          max: ms(delay.max),
          mean: ms(delay.mean),
        },
        gc: byKind,
        heapUsedMb: process.memoryUsage().heapUsed / 2 ** 20,
      }),
    );
    delay.reset();
    pauses = [];
    since = now;
  });
}
