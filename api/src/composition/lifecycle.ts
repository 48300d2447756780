import type { IncomingMessage, ServerResponse } from 'node:http';

const PROBES = new Set(['/health', '/health/live', '/health/ready', '/metrics']);

/**
 * The process's serving state: how many requests are in flight, and whether it is draining
 * (SIGTERM received: not ready, no keep-alive, finishing what it has).
 */
export class Lifecycle {
  private draining = false;
  private inFlight = 0;
  private readonly idleWaiters = new Set<() => void>();

  get isDraining() {
    return this.draining;
  }

  /** Requests being served now (probes and metrics scrapes not counted). */
  get requestsInFlight() {
    return this.inFlight;
  }

  startDraining() {
    this.draining = true;
  }

  /** Counts a request until its response is finished or its connection closes. */
  track(request: IncomingMessage, response: ServerResponse) {
    // A draining process tells every client to open its next request elsewhere.
    if (this.draining) response.setHeader('connection', 'close');
    if (PROBES.has((request.url ?? '/').split('?')[0]!)) return;
    this.inFlight++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      this.inFlight--;
      if (this.inFlight === 0) for (const wake of this.idleWaiters) wake();
    };
    response.once('finish', finish);
    response.once('close', finish);
  }

  /** Resolves true once no request is in flight, or false when `deadline` (epoch ms) passes first. */
  async requestsDone(deadline: number): Promise<boolean> {
    if (this.inFlight === 0) return true;
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.idleWaiters.delete(wake);
        resolve(true);
      };
      const timer = setTimeout(
        () => {
          this.idleWaiters.delete(wake);
          resolve(this.inFlight === 0);
        },
        Math.max(0, deadline - Date.now()),
      );
      this.idleWaiters.add(wake);
    });
  }
}
