import http from 'node:http';

export interface ConstantRateOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Requests per second, sent at evenly spaced instants whatever the answers do (an open model). */
  rate: number;
  durationSeconds: number;
}

export interface ConstantRateResult {
  sent: number;
  completed: number;
  errors: number;
  achievedRate: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Constant-arrival-rate load: request i is due at start + i / rate, and its latency is counted from
 * that instant, so a stalled server cannot hide its delay by slowing the sender down (coordinated
 * omission). autocannon's `overallRate` instead lets each connection send its quota as fast as it
 * can at the start of every second, which is a burst at full concurrency, not a steady 500/s.
 */
export async function constantRate(options: ConstantRateOptions): Promise<ConstantRateResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const target = new URL(options.url);
  const body = Buffer.from(options.body);
  const total = Math.round(options.rate * options.durationSeconds);
  const latencies: number[] = [];
  let sent = 0;
  let errors = 0;
  const start = performance.now();

  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { ...options.headers, 'content-length': String(body.length) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 200) latencies.push(performance.now() - due);
            else errors++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors++;
        resolve();
      });
      request.end(body);
    });

  const pending: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / options.rate <= now) {
        pending.push(send(start + (sent * 1000) / options.rate));
        sent++;
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    sent,
    completed: latencies.length,
    errors,
    achievedRate: latencies.length / elapsed,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}
