import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../shared/errors';

export type TokenPurpose = 'password_reset' | 'email_verification' | 'email_change';

type Queryable = Pick<pg.Pool, 'query'>;

const EVERY_PURPOSE: readonly TokenPurpose[] = [
  'password_reset',
  'email_verification',
  'email_change',
];

export const PASSWORD_RESET_TTL_SECONDS = 3_600;
export const EMAIL_TOKEN_TTL_SECONDS = 24 * 3_600;

/** 32 random bytes in base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const newToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
};
export const hashToken = (token: string) => createHash('sha256').update(token).digest();

const what: Record<TokenPurpose, { link: string; again: string; ttl: string }> = {
  password_reset: {
    link: 'This reset link',
    again: 'Ask for a new one with "Forgot password?"',
    ttl: 'one hour',
  },
  email_verification: {
    link: 'This confirmation link',
    again: 'Ask for a new one from your profile',
    ttl: '24 hours',
  },
  email_change: {
    link: 'This confirmation link',
    again: 'Ask for the change again from your profile',
    ttl: '24 hours',
  },
};

export const malformedToken = (purpose: TokenPurpose) =>
  new AppError(
    'TOKEN_MALFORMED',
    `${what[purpose].link} is incomplete or damaged. Open the whole link from the email, or ${what[purpose].again.toLowerCase()}.`,
    400,
  );

/** Single-use tokens sent by mail; only their sha256 is stored. */
export class AccountTokens {
  constructor(private readonly db: Queryable) {}

  async issue(
    userId: string,
    purpose: TokenPurpose,
    ttlSeconds: number,
    email: string | null,
    db: Queryable = this.db,
  ): Promise<string> {
    const { token, hash } = newToken();
    await db.query(
      `INSERT INTO account_tokens (token_hash, user_id, purpose, email, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [hash, userId, purpose, email, ttlSeconds],
    );
    return token;
  }

  /**
   * Uses the token once (one atomic statement, so two clicks cannot both succeed) or throws a
   * message saying why not: malformed, unknown, already used, expired.
   */
  async consume(
    db: Queryable,
    token: unknown,
    purpose: TokenPurpose,
  ): Promise<{ userId: string; email: string | null }> {
    if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) throw malformedToken(purpose);
    const hash = hashToken(token);
    const used = await db.query<{ user_id: string; email: string | null }>(
      `UPDATE account_tokens SET used_at = now()
       WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
       RETURNING user_id, email`,
      [hash, purpose],
    );
    const row = used.rows[0];
    if (row) return { userId: row.user_id, email: row.email };
    const found = await db.query<{ used: boolean }>(
      'SELECT used_at IS NOT NULL AS used FROM account_tokens WHERE token_hash = $1 AND purpose = $2',
      [hash, purpose],
    );
    const known = found.rows[0];
    const { link, again, ttl } = what[purpose];
    if (!known) throw new AppError('TOKEN_INVALID', `${link} is not valid. ${again}.`, 400);
    if (known.used)
      throw new AppError(
        'TOKEN_USED',
        `${link} has already been used. ${again} if you need to.`,
        410,
      );
    throw new AppError('TOKEN_EXPIRED', `${link} has expired (links last ${ttl}). ${again}.`, 410);
  }

  /**
   * consume, after locking the row of the token's user (when the token is known): every change of
   * an account's credentials locks the user's row first and then its tokens, so a link used at
   * the same moment takes its locks in the same order (the other order deadlocks).
   */
  async consumeLockingUser(
    db: Queryable,
    token: unknown,
    purpose: TokenPurpose,
  ): Promise<{ userId: string; email: string | null }> {
    if (typeof token === 'string' && TOKEN_SHAPE.test(token)) {
      const owner = await db.query<{ user_id: string }>(
        'SELECT user_id FROM account_tokens WHERE token_hash = $1 AND purpose = $2',
        [hashToken(token), purpose],
      );
      const userId = owner.rows[0]?.user_id;
      if (userId) await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    }
    return this.consume(db, token, purpose);
  }

  /** What a well-formed token was issued for (null: unknown or malformed). */
  async purposeOf(token: unknown): Promise<TokenPurpose | null> {
    if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
    const result = await this.db.query<{ purpose: TokenPurpose }>(
      'SELECT purpose FROM account_tokens WHERE token_hash = $1',
      [hashToken(token)],
    );
    return result.rows[0]?.purpose ?? null;
  }

  /**
   * The account's open tokens of these purposes end: its credentials or its address changed (a
   * Google link, a password reset or change, a new email), so no link mailed before for them may
   * act on it. Run in the transaction that makes the change, after it locked the user's row.
   */
  async retireAllOf(
    db: Queryable,
    userId: string,
    purposes: readonly TokenPurpose[] = EVERY_PURPOSE,
  ): Promise<void> {
    await db.query(
      `UPDATE account_tokens SET used_at = now()
       WHERE user_id = $1 AND purpose = ANY($2::text[]) AND used_at IS NULL`,
      [userId, purposes],
    );
  }

  /** Links that act on the account's credentials or address (not a confirmation of it). */
  static readonly CREDENTIAL_LINKS: readonly TokenPurpose[] = ['password_reset', 'email_change'];
}
