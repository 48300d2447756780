import type { Logger } from '../../shared/logger';
import pg from 'pg';

export type ListenerState = 'connecting' | 'listening' | 'reconnecting' | 'closed';

export interface NotificationListenerOptions {
  readonly connectionString: string;
  readonly channel: string;
  readonly applicationName?: string;
  /**
   * Called after every (re)connect and loss, since notifications may have been missed, and for
   * each notification unless `onNotification` takes them.
   */
  readonly onWake: () => void;
  /** Receives each notification's payload (instead of `onWake`). */
  readonly onNotification?: (payload: string) => void;
  /** First retry delay; doubles up to `maxBackoffMs`, with jitter. */
  readonly minBackoffMs?: number;
  readonly maxBackoffMs?: number;
  /**
   * While listening, a `SELECT 1` this often (default 10 s); one not answered within
   * `heartbeatTimeoutMs` (default 5 s) counts as a lost connection. A connection that dies without
   * a word (a network cut, a host gone: no FIN, no RST) stays "listening" otherwise, and hears
   * nothing, while readers trust it.
   */
  readonly heartbeatMs?: number;
  readonly heartbeatTimeoutMs?: number;
  readonly logger?: Pick<Logger, 'warn'>;
}

/**
 * A dedicated LISTEN connection that comes back: when the server ends it (restart, failover,
 * pg_terminate_backend, a network cut) it reconnects with exponential backoff. While it is down,
 * `connected` is false and readers are expected to poll.
 */
export class NotificationListener {
  private client: pg.Client | null = null;
  private currentState: ListenerState = 'connecting';
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private firstAttempt: Promise<void> | null = null;
  /** Times a LISTEN was (re)established; 1 after the first connect. */
  connects = 0;

  constructor(private readonly options: NotificationListenerOptions) {}

  get state(): ListenerState {
    return this.currentState;
  }

  get connected(): boolean {
    return this.currentState === 'listening';
  }

  /** Backend process id of the LISTEN connection, while connected (for tests and diagnostics). */
  backendPid(): number | null {
    const pid = (this.client as unknown as { processID?: number } | null)?.processID;
    return this.connected && typeof pid === 'number' ? pid : null;
  }

  /** Tries to connect once; on failure it keeps retrying in the background and resolves anyway. */
  start(): Promise<void> {
    this.firstAttempt ??= this.connect();
    return this.firstAttempt;
  }

  private async connect(): Promise<void> {
    if (this.currentState === 'closed') return;
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: this.options.applicationName ?? 'event-listener',
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    this.client = client;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      this.stopHeartbeat();
      if (this.client === client) this.client = null;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (this.currentState === 'closed') return;
      if (this.currentState === 'listening')
        this.options.logger?.warn(
          `event listener connection lost (${error?.message ?? 'ended'}); reconnecting, readers poll meanwhile`,
        );
      this.currentState = 'reconnecting';
      this.options.onWake();
      this.scheduleRetry();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (this.options.onNotification) this.options.onNotification(message.payload ?? '');
      else this.options.onWake();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}`);
      if (lost || (this.currentState as ListenerState) === 'closed') {
        await client.end().catch(() => undefined);
        return;
      }
      this.currentState = 'listening';
      this.failures = 0;
      this.connects++;
      this.startHeartbeat(client, onLost);
      // Appends between the loss and now sent NOTIFYs nobody heard.
      this.options.onWake();
    } catch (error) {
      onLost(error as Error);
    }
  }

  private startHeartbeat(client: pg.Client, onLost: (error: Error) => void) {
    const every = this.options.heartbeatMs ?? 10_000;
    const timeout = this.options.heartbeatTimeoutMs ?? 5_000;
    const beat = () => {
      let timer: NodeJS.Timeout | undefined;
      const unanswered = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer to a heartbeat within ${timeout} ms`)),
          timeout,
        );
      });
      Promise.race([client.query('SELECT 1'), unanswered])
        .then(() => {
          if (this.client === client && this.currentState === 'listening') schedule();
        })
        .catch((error: Error) => onLost(error))
        .finally(() => clearTimeout(timer));
    };
    const schedule = () => {
      this.heartbeatTimer = setTimeout(beat, every);
      this.heartbeatTimer.unref();
    };
    schedule();
  }

  private stopHeartbeat() {
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  private scheduleRetry() {
    if (this.retryTimer || this.currentState === 'closed') return;
    const min = this.options.minBackoffMs ?? 100;
    const max = this.options.maxBackoffMs ?? 5_000;
    const base = Math.min(max, min * 2 ** Math.min(this.failures, 16));
    this.failures++;
    const delay = base / 2 + Math.random() * (base / 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.currentState = 'closed';
    this.stopHeartbeat();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
