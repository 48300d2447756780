import { withTransaction } from '@app/ledger';
import type pg from 'pg';
import { z } from 'zod';
import type { AccountEmailService } from '../accounts/account-email';
import type { AccountService } from '../accounts/account-service';
import type { SessionRecord } from '../accounts/sessions';
import type { UserRecord } from '../accounts/users-repository';
import { clearLoginFailures, emailDigest } from '../accounts/login-failures';
import type { BillingService } from '../billing/billing-service';
import { exportBlobKey } from './data-export';
import { AppError } from '../shared/errors';
import { systemContext } from '../shared/request-context';
import type { GenerationSharing } from '../sharing/generation-sharing';
import type { BlobStore } from '../storage/blob-store';

/** Rewrites the mail waiting for a deleted buyer's gift recipients (the gift service). */
export interface RecipientMailRewriter {
  rewriteRecipientMailOf(db: Pick<pg.PoolClient, 'query'>, buyerId: string): Promise<unknown>;
}

/** A Google-only account proves itself with a Google sign-in this recent. */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

const deleteSchema = z.object({ currentPassword: z.string().optional().nullable() });

/** What a deleted account is called from then on, by staff and in every table that names it. */
export const deletedUserLabel = (userId: string) => `deleted user ${userId}`;

/**
 * Deletes an account: the paid plan ends at the payment provider first, then every table loses
 * the person's data in one transaction (the user row stays as a tombstone of ids, so the ledger's
 * events, which name only the user id, keep resolving and finance reports keep balancing), then
 * the blobs (results, uploads, exports) go.
 */
export class AccountDeletionService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly accounts: AccountService,
    private readonly accountEmail: AccountEmailService,
    private readonly billing: BillingService,
    private readonly blobs: BlobStore,
    private readonly sharing: GenerationSharing,
    private readonly giftMail: RecipientMailRewriter | null = null,
  ) {}

  async deleteAccount(
    viewer: { user: UserRecord; session: SessionRecord },
    input: unknown,
  ): Promise<{ message: string }> {
    const { user, session } = viewer;
    const parsed = deleteSchema.safeParse(input ?? {});
    const password = parsed.success ? (parsed.data.currentPassword ?? '') : '';
    if (user.passwordHash) {
      if (!password)
        throw new AppError('WRONG_PASSWORD', 'Enter your password to delete your account', 400, {
          field: 'currentPassword',
        });
      await this.accountEmail.checkCurrentPassword(user, password);
    } else {
      const fresh =
        session.authMethod === 'google' &&
        session.createdAt !== undefined &&
        Date.now() - session.createdAt.getTime() < FRESH_SIGN_IN_MS;
      if (!fresh)
        throw new AppError(
          'REAUTH_REQUIRED',
          'To delete your account, sign in with Google again first, then delete it within 10 minutes.',
          403,
        );
    }
    // Money first: if the provider cannot be reached, nothing is erased and the user can retry.
    await this.billing.cancelForDeletion(user.id);
    await this.erase(user);
    return { message: 'Your account and your data have been deleted.' };
  }

  /** Erases the person's data from every table and blob; the ledger keeps its ids-only events. */
  async erase(user: UserRecord): Promise<void> {
    // Public links first: their pages also check the account, so none outlives this call.
    await this.sharing.endAllOf(user.id, systemContext(`account-deletion:${user.id}`));
    const blobKeys = await withTransaction(this.pool, async (client) => {
      // The row as it is now (the caller's copy may be older): its address and whether it is proved.
      const locked = await client.query<{ email: string; verified: boolean }>(
        `SELECT email, email_verified_at IS NOT NULL AS verified FROM users
         WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
        [user.id],
      );
      const current = locked.rows[0];
      if (!current) return [];
      const keys = await client.query<{ key: string }>(
        `SELECT result_key AS key FROM generation_requests WHERE user_id = $1 AND result_key IS NOT NULL
         UNION SELECT upload_key FROM generation_requests WHERE user_id = $1 AND upload_key IS NOT NULL`,
        [user.id],
      );
      // Every export's archive, one still being built included (its key is known already).
      const exports = await client.query<{ id: string }>(
        'SELECT id FROM data_exports WHERE user_id = $1',
        [user.id],
      );
      await client.query('DELETE FROM generation_requests WHERE user_id = $1', [user.id]);
      await client.query('DELETE FROM data_exports WHERE user_id = $1', [user.id]);
      // What was sent or addressed to the account's address without an account is the person's
      // only if the account proved it owns that address; what another account sent or was sent
      // (from an address this one took over later) is never touched.
      const ownsAddress = current.verified;
      await client.query(
        `DELETE FROM contact_messages
         WHERE user_id = $1 OR (user_id IS NULL AND $3::boolean AND lower(email) = lower($2))`,
        [user.id, current.email, ownsAddress],
      );
      // A recipient's waiting gift mail is theirs: kept, without the buyer's words or account.
      await this.giftMail?.rewriteRecipientMailOf(client, user.id);
      // Gift mail to this address is filed under its buyer, and is the recipient's all the same.
      await client.query(
        `DELETE FROM outbox_mail
         WHERE user_id = $1 OR ($3::boolean AND lower(to_address) = lower($2)
           AND (user_id IS NULL OR kind = 'gift-received'))`,
        [user.id, current.email, ownsAddress],
      );
      // A gift stays redeemable (its recipient keeps it), without what the buyer wrote or whom to.
      await client.query('DELETE FROM gift_orders WHERE buyer_id = $1', [user.id]);
      await client.query(
        `UPDATE gifts SET message = NULL, recipient_email = NULL
         WHERE buyer_id = $1 OR ($3::boolean AND lower(recipient_email) = lower($2))`,
        [user.id, current.email, ownsAddress],
      );
      // A pending change of email names the other address.
      await client.query('DELETE FROM account_tokens WHERE user_id = $1', [user.id]);
      await client.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
      // The address now (the locked row's) and the one this request knew, if it changed since.
      const addresses = [...new Set([current.email, user.email])];
      await client.query(
        `DELETE FROM rate_limit_counters WHERE key = ANY($1::text[]) OR key LIKE $2`,
        [addresses.map((address) => `forgot:email:${emailDigest(address)}`), `%:user:${user.id}`],
      );
      for (const address of addresses) await clearLoginFailures(client, address);
      const label = deletedUserLabel(user.id);
      await client.query(
        `UPDATE users SET email = $2, username = $2, full_name = NULL, password_hash = NULL,
           google_subject = NULL, profile_image_url = NULL, roles = '{}', email_verified_at = NULL,
           signup_grant_pending_since = NULL, deleted_at = now(), updated_at = now()
         WHERE id = $1`,
        [user.id, label],
      );
      return [
        ...keys.rows.map((row) => row.key),
        ...exports.rows.map((row) => exportBlobKey(row.id)),
      ];
    });
    this.accounts.forgetUser(user.id);
    for (const key of blobKeys) await this.blobs.delete(key);
  }
}
