import { NotificationListener, type Logger } from '@app/ledger';
import type { AccountSnapshot } from './queries';
import { ACCOUNT_SNAPSHOT_CHANNEL } from './change-notice';

const CACHE_SIZE = 10_000;
/** A safety net only: every change is announced at commit. */
const ENTRY_TTL_MS = 60_000;

interface Entry {
  readonly snapshot: AccountSnapshot;
  /** performance.now() when the read was sent. */
  readonly startedAt: number;
  /** Date.now() after which the figures may be wrong: the TTL, or the soonest lot expiry. */
  readonly until: number;
}

/**
 * Balances and plans held in memory, trusted only while this process hears every change: live
 * projection batches name the users they changed on `account_snapshot_changes` at commit (from any
 * process), and the in-process runner also tells this cache directly before its read-your-writes
 * waiters wake. A mutation that waited for the projections by polling (a separate worker) distrusts
 * every entry read before the wait ended. While the LISTEN connection is down nothing is served
 * from here, and after it comes back the cache starts empty.
 */
export class AccountSnapshotCache {
  private readonly entries = new Map<string, Entry>();
  /** When each user's entry was last dropped: a read that began earlier is not kept. */
  private readonly forgottenAt = new Map<string, number>();
  /** Entries read before this instant are distrusted (a clear, or a polled read-your-writes wait). */
  private distrustBefore = Number.NEGATIVE_INFINITY;
  private listener: NotificationListener | null = null;

  constructor(private readonly read: (userId: string) => Promise<AccountSnapshot>) {}

  async listen(connectionString: string, logger?: Pick<Logger, 'warn'>): Promise<void> {
    this.listener = new NotificationListener({
      connectionString,
      channel: ACCOUNT_SNAPSHOT_CHANNEL,
      applicationName: 'account-snapshot-listener',
      onNotification: (payload) =>
        payload === '*' ? this.clear() : this.forgetUsers(payload.split(',')),
      onWake: () => this.clear(),
      ...(logger ? { logger } : {}),
    });
    await this.listener.start();
  }

  get enabled(): boolean {
    return this.listener?.connected ?? false;
  }

  /** The listener, for tests that cut its connection. */
  get notificationListener(): NotificationListener | null {
    return this.listener;
  }

  async snapshotOf(userId: string): Promise<AccountSnapshot> {
    if (!this.enabled) return this.read(userId);
    const entry = this.entries.get(userId);
    if (entry && entry.startedAt > this.distrustBefore && entry.until > Date.now())
      return entry.snapshot;
    const startedAt = performance.now();
    const snapshot = await this.read(userId);
    this.keep(userId, snapshot, startedAt);
    return snapshot;
  }

  forgetUsers(userIds: readonly string[]) {
    const now = performance.now();
    for (const userId of userIds) {
      this.entries.delete(userId);
      this.forgottenAt.delete(userId);
      this.forgottenAt.set(userId, now);
    }
    while (this.forgottenAt.size > CACHE_SIZE)
      this.forgottenAt.delete(this.forgottenAt.keys().next().value!);
  }

  /** Every entry read before now is distrusted (the read models moved in a way not named here). */
  distrustEarlierReads() {
    this.distrustBefore = performance.now();
  }

  clear() {
    this.entries.clear();
    this.distrustEarlierReads();
  }

  async close(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    this.entries.clear();
    await listener?.close();
  }

  private keep(userId: string, snapshot: AccountSnapshot, startedAt: number) {
    if (!this.enabled || startedAt <= this.distrustBefore) return;
    const forgotten = this.forgottenAt.get(userId);
    if (forgotten !== undefined && forgotten >= startedAt) return;
    const ttl = Date.now() + ENTRY_TTL_MS;
    const until = snapshot.nextExpiry ? Math.min(ttl, snapshot.nextExpiry.getTime()) : ttl;
    if (this.entries.size >= CACHE_SIZE) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(userId, { snapshot, startedAt, until });
  }
}

const cachesByPool = new WeakMap<object, AccountSnapshotCache>();

/** Serves loadAccountSnapshot on `pool` from `cache` (the API does this when it can LISTEN). */
export function cacheAccountSnapshots(pool: object, cache: AccountSnapshotCache) {
  cachesByPool.set(pool, cache);
}

export const accountSnapshotCacheOf = (pool: object): AccountSnapshotCache | undefined =>
  cachesByPool.get(pool);
