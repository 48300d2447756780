import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../shared/errors';
import { conflict } from '../shared/errors';

export type Role = 'support' | 'finance' | 'admin';
export const ROLES: readonly Role[] = ['support', 'finance', 'admin'];

/** Whether someone with these roles acts as `role` (an admin acts as every role). */
export const holdsRole = (roles: readonly string[], role: Role) =>
  roles.includes(role) || roles.includes('admin');

export interface UserRecord {
  id: string;
  email: string;
  username: string;
  fullName: string | null;
  passwordHash: string | null;
  googleSubject: string | null;
  profileImageUrl: string | null;
  roles: Role[];
  signupGrantPendingSince: Date | null;
  emailVerifiedAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
}

export interface UserRow {
  id: string;
  email: string;
  username: string;
  full_name: string | null;
  password_hash: string | null;
  google_subject: string | null;
  profile_image_url: string | null;
  roles: Role[];
  signup_grant_pending_since: Date | null;
  email_verified_at: Date | null;
  deleted_at: Date | null;
  created_at: Date;
}

export const toUser = (row: UserRow): UserRecord => ({
  id: row.id,
  email: row.email,
  username: row.username,
  fullName: row.full_name,
  passwordHash: row.password_hash,
  googleSubject: row.google_subject,
  profileImageUrl: row.profile_image_url,
  roles: row.roles,
  signupGrantPendingSince: row.signup_grant_pending_since,
  emailVerifiedAt: row.email_verified_at ?? null,
  deletedAt: row.deleted_at ?? null,
  createdAt: row.created_at,
});

export interface NewUser {
  email: string;
  username: string;
  fullName: string | null;
  passwordHash: string | null;
  googleSubject?: string | null;
  profileImageUrl?: string | null;
}

type Queryable = Pick<pg.Pool, 'query'>;

export class UsersRepository {
  constructor(private readonly db: Queryable) {}

  /** Creates the user marked as awaiting its signup grant. */
  async create(user: NewUser): Promise<UserRecord> {
    try {
      const result = await this.db.query<UserRow>(
        `INSERT INTO users (id, email, username, full_name, password_hash, google_subject, profile_image_url,
           signup_grant_pending_since)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING *`,
        [
          randomUUID(),
          user.email,
          user.username,
          user.fullName,
          user.passwordHash,
          user.googleSubject ?? null,
          user.profileImageUrl ?? null,
        ],
      );
      return toUser(result.rows[0]!);
    } catch (error) {
      const constraint = (error as { constraint?: string }).constraint;
      if (constraint === 'users_email_key')
        throw conflict('An account with this email already exists');
      if (constraint === 'users_username_key') throw conflict('This username is already taken');
      throw error;
    }
  }

  async updateProfile(
    userId: string,
    profile: { username: string; fullName: string | null },
  ): Promise<UserRecord> {
    try {
      const result = await this.db.query<UserRow>(
        'UPDATE users SET username = $2, full_name = $3, updated_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING *',
        [userId, profile.username, profile.fullName],
      );
      if (!result.rows[0])
        throw new AppError('UNAUTHENTICATED', 'This account has been deleted', 401);
      return toUser(result.rows[0]);
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'users_username_key')
        throw conflict('This username is already taken');
      throw error;
    }
  }

  async findById(id: string): Promise<UserRecord | null> {
    const result = await this.db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
    return result.rows[0] ? toUser(result.rows[0]) : null;
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const result = await this.db.query<UserRow>(
      'SELECT * FROM users WHERE lower(email) = lower($1)',
      [email],
    );
    return result.rows[0] ? toUser(result.rows[0]) : null;
  }

  async findByGoogleSubject(subject: string): Promise<UserRecord | null> {
    const result = await this.db.query<UserRow>('SELECT * FROM users WHERE google_subject = $1', [
      subject,
    ]);
    return result.rows[0] ? toUser(result.rows[0]) : null;
  }

  async isUsernameTaken(username: string): Promise<boolean> {
    const result = await this.db.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [
      username,
    ]);
    return (result.rowCount ?? 0) > 0;
  }

  /**
   * Links a Google account to this user, ending its password; null when the user is linked to
   * another Google account already (never replaced: that would hand the account to whoever holds
   * the new one) or is gone.
   */
  async linkGoogle(
    userId: string,
    subject: string,
    profileImageUrl: string | null,
  ): Promise<UserRecord | null> {
    const result = await this.db.query<UserRow>(
      `UPDATE users SET google_subject = $2, profile_image_url = coalesce(profile_image_url, $3),
         password_hash = NULL, updated_at = now()
       WHERE id = $1 AND deleted_at IS NULL AND (google_subject IS NULL OR google_subject = $2)
       RETURNING *`,
      [userId, subject, profileImageUrl],
    );
    return result.rows[0] ? toUser(result.rows[0]) : null;
  }

  async markEmailVerified(userId: string): Promise<void> {
    await this.db.query(
      'UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1',
      [userId],
    );
  }

  async markSignupGranted(userId: string): Promise<void> {
    await this.db.query('UPDATE users SET signup_grant_pending_since = NULL WHERE id = $1', [
      userId,
    ]);
  }

  async listPendingSignupGrants(limit = 100): Promise<UserRecord[]> {
    const result = await this.db.query<UserRow>(
      `SELECT * FROM users WHERE signup_grant_pending_since IS NOT NULL
       ORDER BY signup_grant_pending_since LIMIT $1`,
      [limit],
    );
    return result.rows.map(toUser);
  }

  async setRoles(userId: string, roles: readonly Role[]): Promise<void> {
    await this.db.query('UPDATE users SET roles = $2, updated_at = now() WHERE id = $1', [
      userId,
      roles,
    ]);
  }
}
