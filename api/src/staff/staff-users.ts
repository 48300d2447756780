import {
  getCreditBalance,
  getSubscriptionStatus,
  type CreditBalance,
  type SubscriptionStatusRow,
} from '@app/projections';
import type pg from 'pg';
import { toUser, type UserRecord, type UserRow } from '../accounts/users-repository';
import { isUuid } from '../shared/uuid';

export interface StaffUserDetail {
  user: UserRecord;
  balance: CreditBalance;
  subscription: SubscriptionStatusRow | null;
}

/** Finding people and seeing their accounts, for support and finance. */
export class StaffUsers {
  constructor(private readonly db: pg.Pool) {}

  async find(query: string, limit = 20): Promise<UserRecord[]> {
    const term = query.trim();
    if (!term) return [];
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const result = await this.db.query<UserRow>(
      `SELECT * FROM users
       WHERE lower(email) = lower($1) OR lower(username) = lower($1) OR email ILIKE $2 OR username ILIKE $2 OR id::text = $1
       ORDER BY (lower(email) = lower($1) OR lower(username) = lower($1)) DESC, created_at DESC
       LIMIT $3`,
      [term, pattern, limit],
    );
    return result.rows.map(toUser);
  }

  async detail(userId: string): Promise<StaffUserDetail | null> {
    if (!isUuid(userId)) return null;
    const result = await this.db.query<UserRow>('SELECT * FROM users WHERE id = $1', [userId]);
    if (!result.rows[0]) return null;
    const [balance, subscription] = await Promise.all([
      getCreditBalance(this.db, userId),
      getSubscriptionStatus(this.db, userId),
    ]);
    return { user: toUser(result.rows[0]), balance, subscription };
  }
}
