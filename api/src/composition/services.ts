import type { Ledger } from '@app/ledger';
import { traceProvider, tracingEnabled } from '../observability/tracing';
import {
  allProjections,
  cacheAccountSnapshots,
  groupedSnapshotCache,
  type AccountSnapshotCache,
  type ProjectionOperations,
} from '@app/projections';
import { ContactInbox } from '../staff/contact-inbox';
import { StaffLedger } from '../staff/staff-ledger';
import { StaffUsers } from '../staff/staff-users';
import { MailedBillingNotices, type BillingNotices } from '../billing/second-plan-mail';
import { SupportActions } from '../staff/support-actions';
import { BillingService } from '../billing/billing-service';
import { LocalBilling } from '../billing/local/local-billing';
import { PaymentsNotConfiguredError } from '../billing/payment-gateway';
import { StripeGateway } from '../billing/stripe/stripe-gateway';
import { StripeWebhookService } from '../billing/webhook/stripe-webhook-service';
import { localSecret } from '../shared/local-secrets';
import type pg from 'pg';
import { createImageProvider } from '../generation/engine/create-provider';
import type { ImageProvider } from '../generation/engine/image-provider';
import { GenerationRecovery } from '../generation/generation-recovery';
import { GenerationService } from '../generation/generation-service';
import { ProviderQueue } from '../generation/provider-queue';
import { DecodePool } from '../generation/upload/decode-pool';
import type { BlobStore } from '../storage/blob-store';
import { createBlobStore } from '../storage/create-blob-store';
import { AccountService, type AuthLimits } from '../accounts/account-service';
import { PasswordResetService } from '../accounts/password-reset';
import { AccountEmailService } from '../accounts/account-email';
import { DataExportService } from '../privacy/data-export';
import { AccountDeletionService } from '../privacy/account-deletion';
import { GenerationSharing } from '../sharing/generation-sharing';
import { MailDelivery } from '../mail/mail-delivery';
import type { Mailer } from '../mail/mailer';
import { OutboxMailer, printOutboxMail } from '../mail/outbox-mailer';
import { SmtpMailer } from '../mail/smtp-mailer';
import type { Config } from '../config';
import { ContactService } from '../contact/contact-service';
import type { CookieOptions } from '../http/auth/session-cookie';
import { LedgerAuditService } from '../operator/ledger-audit-service';
import { ResultRetention } from '../generation/result-retention';
import { createGiftService } from '../gifts/create-gift-service';
import type { GiftPaymentRefunds, GiftService } from '../gifts/gift-service';
import { IdempotencyKeys } from '../shared/idempotency';
import { ExpiryWarnings } from '../credits/expiry-warnings';
import { GenerationClaims } from '../credits/generation-claims';
import type { ProjectionsGate } from './projections-gate';
import type { Runtime } from './runtime';
import { componentLogger } from '@app/ledger';

const log = componentLogger('accounts');
import { generationObserver, registerGauges } from '../observability/app-metrics';
import type { Metrics } from '../observability/metrics';

/** The application services every adapter (GraphQL, REST, jobs) calls. */
export interface Services {
  readonly config: Config;
  readonly pool: pg.Pool;
  readonly ledger: Ledger;
  readonly projections: ProjectionsGate;
  readonly accounts: AccountService;
  /** Balances and plans in memory while this process hears their changes (see listenForSessionChanges). */
  readonly accountSnapshots: AccountSnapshotCache;
  readonly passwordReset: PasswordResetService;
  readonly accountEmail: AccountEmailService;
  readonly dataExports: DataExportService;
  readonly accountDeletion: AccountDeletionService;
  readonly mail: MailDelivery;
  /** The outbox staff can read, when mail is not sent over SMTP (the embedded default). */
  readonly outbox: OutboxMailer | null;
  readonly cookies: CookieOptions;
  readonly blobs: BlobStore;
  readonly provider: ImageProvider;
  readonly generations: GenerationService;
  /** Public links to results, and deleting a generation (which ends its link). */
  readonly sharing: GenerationSharing;
  /** Upload decodes, in child processes behind a bounded queue. */
  readonly decodePool: DecodePool;
  readonly generationRecovery: GenerationRecovery;
  /** Deletes images past RESULT_RETENTION_DAYS and blobs no generation names. */
  readonly resultRetention: ResultRetention;
  readonly contact: ContactService;
  readonly billing: BillingService;
  readonly gifts: GiftService;
  readonly webhooks: StripeWebhookService;
  /** The embedded checkout, when payments run locally. */
  readonly localBilling: LocalBilling | null;
  readonly staff: {
    users: StaffUsers;
    support: SupportActions;
    inbox: ContactInbox;
    ledger: StaffLedger;
  };
  readonly projectionOperations: ProjectionOperations;
  /** The ledger audit: read models against the fold of the event log, with its run records. */
  readonly audit: LedgerAuditService;
  /** Idempotency keys of money-moving commands (Idempotency-Key header, idempotencyKey inputs). */
  readonly idempotency: IdempotencyKeys;
  /** Mail three days before plan credits expire, once per expiring lot. */
  readonly expiryWarnings: ExpiryWarnings;
  /** "Doesn't look like me": owners claim a result's credits back. */
  readonly claims: GenerationClaims;
  readonly projectionNames: readonly string[];
  readonly metrics: Metrics;
}

async function createBilling(
  config: Config,
  pool: pg.Pool,
  ledger: Ledger,
  idempotency: IdempotencyKeys,
  metrics: Metrics,
  notices: BillingNotices,
  createGifts: (refunds: GiftPaymentRefunds, webhookSecret: string) => GiftService,
) {
  const { billing } = config;
  const webhookSecret =
    billing.webhookSecret ??
    (billing.mode === 'local'
      ? await localSecret(config.dataDir, 'stripeWebhookSecret', 'whsec_')
      : undefined);
  if (!webhookSecret) throw new PaymentsNotConfiguredError('STRIPE_WEBHOOK_SECRET is not set');
  const localBilling = billing.mode === 'local' ? new LocalBilling(pool, webhookSecret) : null;
  const gateway = localBilling ?? new StripeGateway(billing);
  const gifts = createGifts(
    { refundGiftPayment: (paymentRef, key) => gateway.refundCheckoutPayment(paymentRef, key) },
    webhookSecret,
  );
  const webhooks = new StripeWebhookService(
    pool,
    ledger,
    gateway,
    webhookSecret,
    gifts,
    notices,
    (outcome) => metrics.webhookDeliveries.inc({ outcome }),
  );
  localBilling?.connect(webhooks);
  gifts.connectPendingRefunds((checkoutSessionId) =>
    webhooks.applyPendingRefundsOfCheckout(checkoutSessionId),
  );
  // Stripe needs absolute return URLs; the local checkout stays on whatever origin the page used.
  const billingService = new BillingService(
    pool,
    ledger,
    gateway,
    localBilling ? '' : config.publicUrl,
    idempotency,
    gifts,
  );
  return { billing: billingService, webhooks, localBilling, gifts };
}

export async function createServices(
  runtime: Runtime,
  overrides: { authLimits?: AuthLimits; provider?: ImageProvider; mailer?: Mailer } = {},
): Promise<Services> {
  const { pool } = runtime.storage.database;
  const { ledger } = runtime.storage;
  const config = runtime.config;
  // The embedded default prints outbox mail (reset links included) so `npm start` works end to end;
  // a server deployment keeps it out of its logs (admins read it in the staff console).
  const outbox = config.mail.smtpUrl
    ? null
    : new OutboxMailer(pool, runtime.storage.database.embedded ? printOutboxMail : undefined);
  const mail = new MailDelivery(
    overrides.mailer ??
      (config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl, config.mail.from) : outbox!),
  );
  const authLimits = overrides.authLimits ?? config.authLimits;
  const accounts = new AccountService(pool, ledger, runtime.projections, authLimits);
  const accountEmail = new AccountEmailService(pool, accounts, mail, config.publicUrl, authLimits);
  const idempotency = new IdempotencyKeys(pool);
  // In the background: signing up does not wait for the token and the mail.
  accounts.onRegistered = async (user) => {
    void accountEmail
      .sendVerification(user)
      .catch((error: unknown) =>
        log.error({ err: error, userId: user.id }, 'verification mail could not be sent'),
      );
  };
  const blobs = createBlobStore(config);
  const untraced = overrides.provider ?? createImageProvider(config.generation);
  const provider = tracingEnabled() ? traceProvider(untraced) : untraced;
  const decodePool = new DecodePool(config.generation.decode);
  const generations = new GenerationService(
    pool,
    ledger,
    runtime.projections,
    provider,
    blobs,
    new ProviderQueue(config.generation.providerConcurrency),
    {
      providerTimeoutMs: config.generation.providerTimeoutMs,
      holdMarginMs: config.generation.holdMarginMs,
      decode: decodePool.decode,
    },
    generationObserver(runtime.metrics),
  );
  registerGauges(runtime.metrics, {
    pool,
    generations,
    projections: runtime.runner ? runtime.projectionOperations : null,
  });
  const billing = await createBilling(
    config,
    pool,
    ledger,
    idempotency,
    runtime.metrics,
    new MailedBillingNotices(accounts.users, mail, config.publicUrl),
    (refunds, webhookSecret) =>
      createGiftService(config, webhookSecret, {
        pool,
        ledger,
        users: accounts.users,
        projections: runtime.projections,
        mail,
        refunds,
      }),
  );
  const sharing = new GenerationSharing(
    pool,
    ledger,
    runtime.projections,
    generations.repository,
    blobs,
    decodePool.decode,
    config.publicUrl,
    config.shareLinksPerAccount,
  );
  return {
    config,
    pool,
    ledger,
    projections: runtime.projections,
    accounts,
    accountSnapshots: groupedSnapshotCache(pool),
    passwordReset: new PasswordResetService(pool, accounts, mail, config.publicUrl, authLimits),
    accountEmail,
    dataExports: new DataExportService(
      pool,
      blobs,
      mail,
      config.publicUrl,
      config.dataExportTtlMs,
      billing.gifts,
    ),
    mail,
    outbox,
    cookies: { secure: config.production },
    blobs,
    provider,
    generations,
    sharing,
    decodePool,
    generationRecovery: new GenerationRecovery(ledger, generations, provider, blobs),
    resultRetention: new ResultRetention(pool, ledger, blobs, {
      retentionMs: config.generation.resultRetentionMs,
    }),
    contact: new ContactService(pool),
    ...billing,
    accountDeletion: new AccountDeletionService(
      pool,
      accounts,
      accountEmail,
      billing.billing,
      blobs,
      sharing,
      billing.gifts,
    ),
    staff: {
      users: new StaffUsers(pool),
      support: new SupportActions(
        ledger,
        runtime.projections,
        generations.repository,
        idempotency,
        accounts.users,
      ),
      inbox: new ContactInbox(pool),
      ledger: new StaffLedger(pool),
    },
    projectionOperations: runtime.projectionOperations,
    audit: new LedgerAuditService(pool, ledger.store),
    idempotency,
    expiryWarnings: new ExpiryWarnings(pool, mail.mailer, config.publicUrl),
    claims: new GenerationClaims(pool, ledger, runtime.projections, idempotency),
    projectionNames: allProjections.map((p) => p.name),
    metrics: runtime.metrics,
  };
}

/**
 * Processes that serve requests keep session lookups, balances and plans in memory while they hear
 * every change (`session_changes`, `account_snapshot_changes`: LISTEN connections of their own).
 * Embedded PGlite has no LISTEN: no cache.
 */
export async function listenForSessionChanges(runtime: Runtime, services: Services) {
  const { database } = runtime.storage;
  if (database.embedded) return;
  await services.accounts.sessionCache.listen(database.connectionString, log);
  // Balances and plans likewise, on the `account_snapshot_changes` announcements of live batches.
  await services.accountSnapshots.listen(database.connectionString, log);
  cacheAccountSnapshots(database.pool, services.accountSnapshots);
}
