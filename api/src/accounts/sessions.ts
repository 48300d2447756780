import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { preparedQuery } from '@app/ledger';
import type pg from 'pg';
import { AppError } from '../shared/errors';

export const SESSION_TTL_MS = 30 * 24 * 3_600_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest();

export interface SessionRecord {
  id: string;
  userId: string;
  expiresAt: Date;
  createdAt?: Date;
  authMethod?: string | null;
}

type Queryable = Pick<pg.Pool, 'query'>;

/** Opaque random tokens; only their sha256 is stored, so a leaked table opens no sessions. */
export class Sessions {
  constructor(private readonly db: Queryable) {}

  async create(
    userId: string,
    context: {
      userAgent?: string | undefined;
      ip?: string | undefined;
      method?: 'password' | 'google';
    } = {},
  ) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    const id = randomUUID();
    // Only for a live account: FOR SHARE waits for an erasure that holds the row, then sees it.
    const created = await this.db.query(
      `INSERT INTO sessions (id, user_id, token_hash, expires_at, user_agent, ip, auth_method)
       SELECT $1, id, $3, $4, $5, $6, $7 FROM users WHERE id = $2 AND deleted_at IS NULL FOR SHARE`,
      [
        id,
        userId,
        hashToken(token),
        expiresAt,
        context.userAgent?.slice(0, 300) ?? null,
        context.ip ?? null,
        context.method ?? null,
      ],
    );
    if (created.rowCount === 0)
      throw new AppError('UNAUTHENTICATED', 'This account has been deleted', 401);
    return { token, session: { id, userId, expiresAt } satisfies SessionRecord };
  }

  /**
   * A session for a password sign-in, created only if the user still has the password that was
   * checked. The user's row is locked (FOR SHARE) in the same statement, so a Google link that
   * removes the password either waits for this session and then revokes it, or has already
   * committed and this finds no row: no session of a removed password survives the link.
   */
  async createForPassword(
    userId: string,
    passwordHash: string,
    context: { userAgent?: string | undefined; ip?: string | undefined } = {},
  ) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    const id = randomUUID();
    const result = await this.db.query(
      `WITH still_valid AS (
         SELECT id FROM users WHERE id = $2 AND password_hash = $7 FOR SHARE
       )
       INSERT INTO sessions (id, user_id, token_hash, expires_at, user_agent, ip, auth_method)
       SELECT $1, still_valid.id, $3, $4, $5, $6, 'password' FROM still_valid`,
      [
        id,
        userId,
        hashToken(token),
        expiresAt,
        context.userAgent?.slice(0, 300) ?? null,
        context.ip ?? null,
        passwordHash,
      ],
    );
    if (result.rowCount !== 1) return null;
    return { token, session: { id, userId, expiresAt } satisfies SessionRecord };
  }

  /** The live session and its user's row in one round trip (every authenticated request does this). */
  async findWithUser<Row extends { id: string }>(
    token: string,
  ): Promise<{ session: SessionRecord; userRow: Row } | null> {
    if (!token || token.length > 200) return null;
    const result = await this.db.query<
      {
        session_id: string;
        session_expires_at: Date;
        session_created_at: Date;
        session_auth_method: string | null;
      } & Row
    >(
      preparedQuery(
        this.db,
        'session_with_user',
        `SELECT s.id AS session_id, s.expires_at AS session_expires_at,
           s.created_at AS session_created_at, s.auth_method AS session_auth_method, u.*
         FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
        [hashToken(token)],
      ),
    );
    const row = result.rows[0];
    if (!row) return null;
    const { session_id, session_expires_at, session_created_at, session_auth_method, ...userRow } =
      row;
    return {
      session: {
        id: session_id,
        userId: row.id,
        expiresAt: session_expires_at,
        createdAt: session_created_at,
        authMethod: session_auth_method,
      },
      userRow: userRow as unknown as Row,
    };
  }

  async revokeAllOf(userId: string): Promise<void> {
    await this.db.query(
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
      [userId],
    );
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.query(
      'UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL',
      [sessionId],
    );
  }
}
