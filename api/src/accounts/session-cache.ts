import { NotificationListener, type Logger } from '@app/ledger';
import type { SessionRecord } from './sessions';
import type { UserRecord } from './users-repository';

export interface CachedSession {
  readonly user: UserRecord;
  readonly session: SessionRecord;
}

/** The channel the `session_changes` triggers (users, sessions) notify with the user's id. */
export const SESSION_CHANGES_CHANNEL = 'session_changes';
const CACHE_SIZE = 10_000;
/** A safety net only: every change that matters is announced at commit. */
const ENTRY_TTL_MS = 60_000;

interface Entry {
  readonly value: CachedSession;
  readonly until: number;
}

/**
 * Session lookups held in memory, trusted only while this process hears every change: the
 * `session_changes` triggers notify at commit on any revocation or change of a user's row, from
 * any replica. While the LISTEN connection is down nothing is served from here (every request
 * reads the database) and after it comes back the cache starts empty, since notifications were
 * missed in between.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** When each user's entries were last dropped: a lookup that began earlier is not kept. */
  private readonly forgottenAt = new Map<string, number>();
  /** Lookups in flight across a reconnect may have read the state before a missed change. */
  private clearedAt = Number.NEGATIVE_INFINITY;
  private listener: NotificationListener | null = null;
  /** Without a listener the cache is on only when `alwaysOn` (one process owns the database). */
  constructor(private readonly alwaysOn = false) {}

  /** Follows the `session_changes` channel on its own reconnecting connection. */
  async listen(connectionString: string, logger?: Pick<Logger, 'warn'>): Promise<void> {
    this.listener = new NotificationListener({
      connectionString,
      channel: SESSION_CHANGES_CHANNEL,
      applicationName: 'session-listener',
      onNotification: (userId) => this.forgetUser(userId),
      onWake: () => this.clear(),
      ...(logger ? { logger } : {}),
    });
    await this.listener.start();
  }

  get enabled(): boolean {
    return this.listener ? this.listener.connected : this.alwaysOn;
  }

  /** The listener, for tests that cut its connection. */
  get notificationListener(): NotificationListener | null {
    return this.listener;
  }

  get(token: string, now: number): CachedSession | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until > now && entry.value.session.expiresAt.getTime() > now) return entry.value;
    this.entries.delete(token);
    return undefined;
  }

  /** Keeps a lookup that began at `startedAt` (performance.now()) unless its user changed since. */
  set(token: string, value: CachedSession, startedAt: number, now: number) {
    if (!this.enabled || startedAt <= this.clearedAt) return;
    const forgotten = this.forgottenAt.get(value.user.id);
    if (forgotten !== undefined && forgotten >= startedAt) return;
    if (this.entries.size >= CACHE_SIZE) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { value, until: now + ENTRY_TTL_MS });
  }

  forgetUser(userId: string) {
    this.forgottenAt.delete(userId);
    this.forgottenAt.set(userId, performance.now());
    if (this.forgottenAt.size > CACHE_SIZE)
      this.forgottenAt.delete(this.forgottenAt.keys().next().value!);
    for (const [token, entry] of this.entries)
      if (entry.value.user.id === userId) this.entries.delete(token);
  }

  forgetSession(sessionId: string) {
    for (const [token, entry] of this.entries)
      if (entry.value.session.id === sessionId) this.entries.delete(token);
  }

  clear() {
    this.entries.clear();
    this.clearedAt = performance.now();
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }
}
