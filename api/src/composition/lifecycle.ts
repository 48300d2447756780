import type { IncomingMessage, ServerResponse } from 'node:http';

const PROBES = new Set(['/health', '/health/live', '/health/ready', '/metrics']);

/** Set by the balancer (deploy/nginx.conf, `@handoff`) on a request a draining replica gave back. */
export const HANDOFF_HEADER = 'x-handoff';

/**
 * The process's serving state: how many requests are in flight, and whether it is draining
 * (SIGTERM received: not ready, no keep-alive, finishing what it has).
 */
export class Lifecycle {
  private draining = false;
  private handingOff = false;
  private inFlight = 0;
  private readonly idleWaiters = new Set<() => void>();

  get isDraining() {
    return this.draining;
  }

  /** Requests being served now (probes and metrics scrapes not counted). */
  get requestsInFlight() {
    return this.inFlight;
  }

  /**
   * With `handOff`, every request that arrives from now on is given back to the balancer
   * untouched (see `handOff`) instead of being served; without, it is served with
   * `Connection: close`.
   */
  startDraining(options: { handOff?: boolean } = {}) {
    this.draining = true;
    this.handingOff = options.handOff ?? false;
  }

  /**
   * Counts a request until its response is finished or its connection closes. Answers it
   * instead (returns true) when the process is handing new requests off.
   */
  track(request: IncomingMessage, response: ServerResponse): boolean {
    // A draining process tells every client to open its next request elsewhere.
    if (this.draining) response.setHeader('connection', 'close');
    if (PROBES.has((request.url ?? '/').split('?')[0]!)) return false;
    if (this.handingOff) {
      handOff(request, response);
      return true;
    }
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
    return false;
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

/**
 * Gives a request back without having done anything with it. A GET (or HEAD) is answered 503,
 * which nginx retries on another replica and counts against this one (it then sends it nothing
 * for `fail_timeout`). Anything else gets 421 (Misdirected Request, which nothing else here
 * answers): nginx never replays a POST on a 503, but sends a 421 again to the API (`@handoff`);
 * if it lands here again, marked `X-Handoff`, the 503 there is replayed and counted. The body is
 * read to its end first: closing a socket with unread bytes resets it, and a reset could lose
 * the answer on its way to nginx.
 */
function handOff(request: IncomingMessage, response: ServerResponse) {
  const retriedByNginx =
    request.method === 'GET' ||
    request.method === 'HEAD' ||
    request.headers[HANDOFF_HEADER] !== undefined;
  const answer = () => {
    if (response.headersSent) return;
    response.writeHead(retriedByNginx ? 503 : 421, {
      'content-type': 'application/json',
      'retry-after': '1',
    });
    response.end(JSON.stringify({ status: 'draining', message: 'This server is shutting down' }));
  };
  request.once('end', answer);
  request.once('error', answer);
  request.resume();
}
