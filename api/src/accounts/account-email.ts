import { withTransaction } from '@app/ledger';
import type pg from 'pg';
import { z } from 'zod';
import type { MailDelivery } from '../mail/mail-delivery';
import {
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeRequestedMail,
  passwordChangedMail,
  verifyEmailMail,
} from '../mail/templates';
import { AppError, badInput, conflict } from '../shared/errors';
import type { AccountService, AuthLimits } from './account-service';
import { AccountTokens, EMAIL_TOKEN_TTL_SECONDS } from './account-tokens';
import { emailSchema, parseInput, passwordSchema } from './account-validation';
import { hashPassword, verifyPassword } from './password-hasher';
import { RateLimiter } from './rate-limiter';
import type { UserRecord } from './users-repository';

const changeEmailSchema = z.object({
  newEmail: emailSchema,
  currentPassword: z.string({ error: 'Enter your current password' }).min(1, {
    error: 'Enter your current password',
  }),
});
const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Enter your current password' }).min(1, {
    error: 'Enter your current password',
  }),
  newPassword: passwordSchema,
});

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';

/**
 * Locks the user's row if its password is still the one just checked: a Google link, a reset or
 * another change that committed since then (each locks the same row) refuses this change instead
 * of being undone by it.
 */
async function lockUnchangedPassword(client: pg.PoolClient, user: UserRecord): Promise<void> {
  const locked = await client.query(
    'SELECT 1 FROM users WHERE id = $1 AND password_hash = $2 AND deleted_at IS NULL FOR UPDATE',
    [user.id, user.passwordHash],
  );
  if (locked.rowCount === 0)
    throw new AppError(
      'CREDENTIALS_CHANGED',
      'Your password or sign-in method changed a moment ago. Sign in again and retry.',
      409,
    );
}
const MAILS_PER_WINDOW = { limit: 5, windowSeconds: 3_600 };

/**
 * Email verification (at sign-up and on request), change of email (takes effect when the new
 * address confirms; the old one is told) and change of password (asks for the current one, ends
 * every other session).
 */
export class AccountEmailService {
  private readonly tokens: AccountTokens;
  private readonly limiter: RateLimiter;

  constructor(
    private readonly pool: pg.Pool,
    private readonly accounts: AccountService,
    private readonly mail: MailDelivery,
    private readonly publicUrl: string,
    private readonly limits: AuthLimits,
  ) {
    this.tokens = new AccountTokens(pool);
    this.limiter = new RateLimiter(pool);
  }

  private link(token: string) {
    return `${this.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  }

  /** Mails a confirmation link to the account's address (sign-up, "Resend"). */
  async sendVerification(user: UserRecord): Promise<{ message: string }> {
    if (user.emailVerifiedAt) return { message: 'Your email is already confirmed.' };
    const token = await this.tokens.issue(
      user.id,
      'email_verification',
      EMAIL_TOKEN_TTL_SECONDS,
      user.email,
    );
    this.mail.sendLater({
      to: user.email,
      userId: user.id,
      ...verifyEmailMail(user.fullName, this.link(token)),
    });
    return { message: `We sent a confirmation link to ${user.email}. It works for 24 hours.` };
  }

  async resendVerification(user: UserRecord): Promise<{ message: string }> {
    await this.limiter.hit(`verify-mail:user:${user.id}`, MAILS_PER_WINDOW);
    return this.sendVerification(user);
  }

  async requestEmailChange(user: UserRecord, input: unknown): Promise<{ message: string }> {
    const data = parseInput(changeEmailSchema, input);
    if (!user.passwordHash)
      throw new AppError(
        'GOOGLE_ACCOUNT',
        'Your account signs in with Google, so its email is the one Google gives us.',
        400,
      );
    await this.checkCurrentPassword(user, data.currentPassword);
    if (data.newEmail.toLowerCase() === user.email.toLowerCase())
      throw badInput('This is already your email', { field: 'newEmail' });
    if (await this.accounts.users.findByEmail(data.newEmail))
      throw conflict('An account with this email already exists');
    await this.limiter.hit(`change-email:user:${user.id}`, MAILS_PER_WINDOW);
    const token = await withTransaction(this.pool, async (client) => {
      await lockUnchangedPassword(client, user);
      await this.tokens.retireAllOf(client, user.id, ['email_change']);
      return this.tokens.issue(
        user.id,
        'email_change',
        EMAIL_TOKEN_TTL_SECONDS,
        data.newEmail,
        client,
      );
    });
    this.mail.sendLater({
      to: data.newEmail,
      userId: user.id,
      ...emailChangeConfirmMail(user.fullName, this.link(token)),
    });
    this.mail.sendLater({
      to: user.email,
      userId: user.id,
      ...emailChangeRequestedMail(user.fullName, data.newEmail),
    });
    return {
      message: `We sent a confirmation link to ${data.newEmail}. Your email changes when you open it.`,
    };
  }

  /** The new address waiting for confirmation, if any. */
  async pendingEmail(userId: string): Promise<string | null> {
    const result = await this.pool.query<{ email: string }>(
      `SELECT email FROM account_tokens WHERE user_id = $1 AND purpose = 'email_change'
         AND used_at IS NULL AND expires_at > now() ORDER BY created_at DESC LIMIT 1`,
      [userId],
    );
    return result.rows[0]?.email ?? null;
  }

  /** Opens a confirmation link: verifies the address, or makes the new address the account's. */
  async confirmEmail(token: unknown): Promise<{ message: string }> {
    const purpose = (await this.tokens.purposeOf(token)) ?? 'email_verification';
    if (purpose === 'password_reset') throw badInput('This is a password reset link');
    const outcome = await withTransaction(this.pool, async (client) => {
      const { userId, email } = await this.tokens.consumeLockingUser(client, token, purpose);
      const before = await client.query<{ email: string; full_name: string | null }>(
        'SELECT email, full_name FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
        [userId],
      );
      const current = before.rows[0];
      if (!current || !email) throw badInput('This confirmation link is not valid.');
      if (purpose === 'email_verification') {
        if (current.email.toLowerCase() !== email.toLowerCase())
          throw new AppError(
            'TOKEN_INVALID',
            'This link was for an address your account no longer uses.',
            400,
          );
        await client.query(
          'UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1',
          [userId],
        );
        return { userId, changedFrom: null, email, name: current.full_name };
      }
      try {
        await client.query(
          'UPDATE users SET email = $2, email_verified_at = now(), updated_at = now() WHERE id = $1',
          [userId, email],
        );
      } catch (error) {
        if ((error as { constraint?: string }).constraint === 'users_email_key')
          throw conflict('Another account has started using this email; it cannot be yours.');
        throw error;
      }
      // Links mailed to the old address (a password reset, a confirmation) end with it.
      await this.tokens.retireAllOf(client, userId);
      return { userId, changedFrom: current.email, email, name: current.full_name };
    });
    this.accounts.forgetUser(outcome.userId);
    if (outcome.changedFrom) {
      this.mail.sendLater({
        to: outcome.changedFrom,
        userId: outcome.userId,
        ...emailChangedMail(outcome.name, outcome.email),
      });
      return { message: `Your email is now ${outcome.email}.` };
    }
    return { message: 'Thank you: your email is confirmed.' };
  }

  /** Changes the password with the current one; every session but this one ends. */
  async changePassword(
    user: UserRecord,
    currentSessionId: string,
    input: unknown,
  ): Promise<{ message: string }> {
    const data = parseInput(changePasswordSchema, input);
    if (!user.passwordHash)
      throw new AppError(
        'GOOGLE_ACCOUNT',
        'Your account signs in with Google and has no password to change.',
        400,
      );
    await this.checkCurrentPassword(user, data.currentPassword);
    const passwordHash = await hashPassword(data.newPassword);
    await withTransaction(this.pool, async (client) => {
      await lockUnchangedPassword(client, user);
      await client.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
        user.id,
        passwordHash,
      ]);
      await client.query(
        `UPDATE sessions SET revoked_at = now()
         WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL`,
        [user.id, currentSessionId],
      );
      // A change of email or a reset asked for with the old password ends with it.
      await this.tokens.retireAllOf(client, user.id, AccountTokens.CREDENTIAL_LINKS);
    });
    this.accounts.forgetUser(user.id);
    this.mail.sendLater({ to: user.email, userId: user.id, ...passwordChangedMail(user.fullName) });
    return { message: 'Your password has been changed. Your other sessions were signed out.' };
  }

  /**
   * Wrong guesses count like failed sign-ins from one address (the same limit): each check takes a slot
   * before the password is compared (atomic, so a burst tests at most the limit), a match gives
   * the slots back.
   */
  async checkCurrentPassword(user: UserRecord, password: string): Promise<void> {
    const key = `current-password:user:${user.id}`;
    await this.limiter.hit(key, this.limits.loginFailuresPerAccountAndAddress);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('WRONG_PASSWORD', WRONG_CURRENT_PASSWORD, 400, {
        field: 'currentPassword',
      });
    }
    await this.limiter.reset(key);
  }
}
