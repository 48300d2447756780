export type QueuePriority = 'priority' | 'standard';

interface Waiter {
  priority: QueuePriority;
  start: () => void;
}

/**
 * A global limit on provider calls in flight. Paid plans (the pricing page promises a priority
 * queue) go ahead of free users; within a class it is first come, first served.
 */
export class ProviderQueue {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limit: number) {}

  /** How many are waiting ahead of a newcomer of this priority. */
  positionFor(priority: QueuePriority): number {
    return priority === 'priority'
      ? this.waiting.filter((w) => w.priority === 'priority').length
      : this.waiting.length;
  }

  get inFlight() {
    return this.active;
  }

  /** Generations waiting for a provider slot. */
  get waitingCount() {
    return this.waiting.length;
  }

  /** Runs `task` in a slot; `waited` tells it whether it had to queue for one. */
  async run<T>(priority: QueuePriority, task: (waited: boolean) => Promise<T>): Promise<T> {
    const waited = await this.acquire(priority);
    try {
      return await task(waited);
    } finally {
      this.release();
    }
  }

  /** Resolves once a slot is this caller's: false when one was free at once. */
  private acquire(priority: QueuePriority): Promise<boolean> {
    if (this.active < this.limit && this.waiting.length === 0) {
      this.active++;
      return Promise.resolve(false);
    }
    return new Promise((resolve) => {
      const waiter: Waiter = { priority, start: () => resolve(true) };
      // Priority waiters go behind the last priority waiter, ahead of every standard one.
      const firstStandard =
        priority === 'priority' ? this.waiting.findIndex((w) => w.priority === 'standard') : -1;
      if (firstStandard === -1) this.waiting.push(waiter);
      else this.waiting.splice(firstStandard, 0, waiter);
    });
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.active--;
  }
}
