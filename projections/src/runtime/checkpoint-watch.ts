import { NotificationListener, type Logger } from '@app/ledger';
import { CHECKPOINT_CHANNEL } from './checkpoints';

/** How often a waiter checks anyway while listening (a notification may be lost in a reconnect). */
const FALLBACK_CHECK_MS = 250;

/**
 * Wakes read-your-writes waiters when a live checkpoint moves in another process (the projections
 * worker): a LISTEN on CHECKPOINT_CHANNEL over a connection that comes back. While it is not
 * connected, waiters poll with the back-off they had before.
 */
export class CheckpointWatch {
  private readonly listener: NotificationListener;
  private readonly waiters = new Set<{ names: readonly string[]; wake: () => void }>();

  constructor(
    connectionString: string,
    logger?: Pick<Logger, 'warn'>,
    private readonly fallbackCheckMs = FALLBACK_CHECK_MS,
  ) {
    this.listener = new NotificationListener({
      connectionString,
      channel: CHECKPOINT_CHANNEL,
      applicationName: 'checkpoint-listener',
      logger,
      onWake: () => this.wake(null),
      onNotification: (payload) => this.wake(payload.slice(0, payload.indexOf(' '))),
    });
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  get connected(): boolean {
    return this.listener.connected;
  }

  /**
   * Resolves when one of `names` has moved (or anything may have been missed), or after `pollMs`
   * when not listening, else after the fallback check's interval, whichever comes first; never later than
   * `atMostMs`.
   */
  nextMove(names: readonly string[], pollMs: number, atMostMs: number): Promise<void> {
    const wait = Math.max(0, Math.min(this.connected ? this.fallbackCheckMs : pollMs, atMostMs));
    return new Promise((resolve) => {
      const waiter = {
        names,
        wake: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.wake, wait);
      this.waiters.add(waiter);
    });
  }

  private wake(name: string | null) {
    for (const waiter of [...this.waiters])
      if (name === null || waiter.names.includes(name)) waiter.wake();
  }

  async close(): Promise<void> {
    for (const waiter of [...this.waiters]) waiter.wake();
    await this.listener.close();
  }
}
