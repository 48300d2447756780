import { withTransaction } from '@app/ledger';
import type pg from 'pg';
import { z } from 'zod';
import type { MailDelivery } from '../mail/mail-delivery';
import { googleOnlyResetMail, passwordChangedMail, passwordResetMail } from '../mail/templates';
import type { RequestContext } from '../shared/request-context';
import type { AccountService, AuthLimits } from './account-service';
import { AccountTokens, newToken, PASSWORD_RESET_TTL_SECONDS } from './account-tokens';
import { emailSchema, parseInput, passwordSchema } from './account-validation';
import { clearLoginFailures, emailDigest } from './login-failures';
import { hashPassword } from './password-hasher';
import { RateLimiter } from './rate-limiter';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses this email, we have sent it a message with a link to reset the password. The link works once, for one hour.';
export const PASSWORD_RESET_DONE_MESSAGE =
  'Your password has been changed and every session was signed out. Sign in with your new password.';

const forgotSchema = z.object({ email: emailSchema });
const resetSchema = z.object({ token: z.unknown(), password: passwordSchema });

/**
 * Forgot password and reset. The request does the same work whether or not the email has an
 * account (one statement that inserts the hashed token only when it does; the mail leaves after the
 * answer), so neither the answer nor its timing says who has an account.
 */
export class PasswordResetService {
  private readonly tokens: AccountTokens;

  constructor(
    private readonly pool: pg.Pool,
    private readonly accounts: AccountService,
    private readonly mail: MailDelivery,
    private readonly publicUrl: string,
    private readonly limits: AuthLimits,
  ) {
    this.tokens = new AccountTokens(pool);
  }

  async requestReset(input: unknown, context: RequestContext): Promise<{ message: string }> {
    const { email } = parseInput(forgotSchema, input);
    const { token, hash } = newToken();
    // One transaction on both paths: the limiter's writes make it commit (and flush) whether or
    // not a token row is inserted, so a known email costs no extra write to disk.
    const result = await withTransaction(this.pool, async (client) => {
      const limiter = new RateLimiter(client);
      await limiter.hit(`forgot:ip:${context.ip}`, this.limits.passwordResetsPerIp);
      await limiter.hit(`forgot:email:${emailDigest(email)}`, this.limits.passwordResetsPerEmail);
      return client.query<{
        id: string;
        email: string;
        full_name: string | null;
        google_only: boolean;
        issued: boolean;
      }>(
        `WITH account AS (
           SELECT id, email, full_name, (password_hash IS NULL) AS google_only
           FROM users WHERE lower(email) = lower($2) AND deleted_at IS NULL
         ), issued AS (
           INSERT INTO account_tokens (token_hash, user_id, purpose, email, expires_at)
           SELECT $1, id, 'password_reset', email, now() + make_interval(secs => $3)
           FROM account WHERE NOT google_only
           RETURNING user_id
         )
         SELECT account.*, EXISTS (SELECT 1 FROM issued) AS issued FROM account`,
        [hash, email, PASSWORD_RESET_TTL_SECONDS],
      );
    });
    const account = result.rows[0];
    if (account?.issued) {
      this.mail.sendLater({
        to: account.email,
        userId: account.id,
        ...passwordResetMail(
          account.full_name,
          `${this.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
        ),
      });
    } else if (account?.google_only) {
      this.mail.sendLater({
        to: account.email,
        userId: account.id,
        ...googleOnlyResetMail(account.full_name, `${this.publicUrl}/auth`),
      });
    }
    return { message: FORGOT_PASSWORD_MESSAGE };
  }

  /** Sets the new password, uses the link up, and ends every session of the account. */
  async resetPassword(input: unknown): Promise<{ message: string }> {
    const data = parseInput(resetSchema, input);
    const passwordHash = await hashPassword(data.password);
    const user = await withTransaction(this.pool, async (client) => {
      const { userId, email } = await this.tokens.consumeLockingUser(
        client,
        data.token,
        'password_reset',
      );
      const updated = await client.query<{ id: string; email: string; full_name: string | null }>(
        `UPDATE users SET password_hash = $2, updated_at = now(),
           -- the link reached this address: it is verified
           email_verified_at = CASE WHEN lower(email) = lower($3) THEN coalesce(email_verified_at, now())
                                    ELSE email_verified_at END
         WHERE id = $1 AND deleted_at IS NULL RETURNING id, email, full_name`,
        [userId, passwordHash, email ?? ''],
      );
      // Every link mailed before ends: other resets, and a change of email that whoever knew
      // the old password may have asked for.
      await this.tokens.retireAllOf(client, userId, AccountTokens.CREDENTIAL_LINKS);
      await client.query(
        'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
        [userId],
      );
      // Whoever holds the mailbox may sign in again at once, whatever wrong guesses locked it.
      if (updated.rows[0]) await clearLoginFailures(client, updated.rows[0].email);
      return updated.rows[0] ?? null;
    });
    if (user) {
      this.accounts.forgetUser(user.id);
      this.mail.sendLater({
        to: user.email,
        userId: user.id,
        ...passwordChangedMail(user.full_name),
      });
    }
    return { message: PASSWORD_RESET_DONE_MESSAGE };
  }
}
