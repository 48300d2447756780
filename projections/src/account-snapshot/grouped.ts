import { preparedQuery } from '@app/ledger';
import type pg from 'pg';
import type { AccountSnapshot, AccountSnapshotRow } from './queries';
import { snapshotOfRow } from './queries';
import { AccountSnapshotCache, accountSnapshotCacheOf } from './snapshot-cache';

type Queryable = Pick<pg.Pool, 'query'>;

/** Snapshot reads of different users that may share one statement at a time. */
const MAX_GROUPS_IN_FLIGHT = 4;

interface Waiter {
  resolve(snapshot: AccountSnapshot): void;
  reject(error: unknown): void;
}

/**
 * Balance and plan reads grouped the way the event store groups appends: a read that arrives while
 * fewer than four groups are on the wire goes at once (alone, no added wait); the ones arriving
 * while four are out wait for the next to come back and then go together, in one statement.
 * Every read is sent after it was asked for, so it sees every write committed before it (the
 * read-your-writes wait of a mutation still holds); a group never joins one already sent.
 */
export class AccountSnapshotGroups {
  private waiting = new Map<string, Waiter[]>();
  private inFlight = 0;

  constructor(private readonly db: Queryable) {}

  load(userId: string): Promise<AccountSnapshot> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(userId);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(userId, [{ resolve, reject }]);
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < MAX_GROUPS_IN_FLIGHT && this.waiting.size > 0) {
      const group = this.waiting;
      this.waiting = new Map();
      this.inFlight++;
      void this.send(group).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async send(group: Map<string, Waiter[]>) {
    try {
      const userIds = [...group.keys()];
      const result = await this.db.query<AccountSnapshotRow & { user_id: string }>(
        preparedQuery(
          this.db,
          'account_snapshots',
          `SELECT u.user_id,
             (SELECT coalesce(sum(remaining), 0) FROM credit_lots l
               WHERE l.user_id = u.user_id AND l.remaining > 0
                 AND (l.expires_at IS NULL OR l.expires_at > $2)) AS available,
             (SELECT min(l.expires_at) FROM credit_lots l
               WHERE l.user_id = u.user_id AND l.remaining > 0 AND l.expires_at > $2) AS next_expiry,
             (SELECT b.held FROM credit_balances b WHERE b.user_id = u.user_id) AS held,
             s.status, s.plan_id, s.current_period_end, s.cancel_at_period_end
           FROM unnest($1::text[]) AS u(user_id)
           LEFT JOIN subscription_status s ON s.user_id = u.user_id`,
          [userIds, new Date()],
        ),
      );
      for (const row of result.rows) {
        const snapshot = snapshotOfRow(row);
        for (const waiter of group.get(row.user_id) ?? []) waiter.resolve(snapshot);
        group.delete(row.user_id);
      }
      for (const waiters of group.values())
        for (const waiter of waiters) waiter.reject(new Error('account snapshot row missing'));
    } catch (error) {
      for (const waiters of group.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }
}

const groupsByPool = new WeakMap<object, AccountSnapshotGroups>();

function groupsOf(pool: pg.Pool): AccountSnapshotGroups {
  let groups = groupsByPool.get(pool);
  if (!groups) {
    groups = new AccountSnapshotGroups(pool);
    groupsByPool.set(pool, groups);
  }
  return groups;
}

/**
 * The current balance and plan of a user, read in a group with other users' reads on the same
 * pool (see AccountSnapshotGroups), or from the pool's AccountSnapshotCache when one serves it.
 * Only for a pool: inside a transaction use getAccountSnapshot.
 */
export function loadAccountSnapshot(pool: pg.Pool, userId: string): Promise<AccountSnapshot> {
  const cache = accountSnapshotCacheOf(pool);
  return cache ? cache.snapshotOf(userId) : groupsOf(pool).load(userId);
}

/** A cache of `pool`'s snapshots whose misses read in groups (see loadAccountSnapshot). */
export const groupedSnapshotCache = (pool: pg.Pool) =>
  new AccountSnapshotCache((userId) => groupsOf(pool).load(userId));
