import os from 'node:os';
import path from 'node:path';
import type { AuthLimits } from './accounts/account-service';
import { envSchema, type Env } from './config-env';

export type { Env } from './config-env';

export interface Config {
  readonly env: Env['NODE_ENV'];
  readonly production: boolean;
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  /** proxy-addr's trust list for X-Forwarded-For; empty: no proxy is trusted. */
  readonly trustProxy: readonly string[];
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly databasePoolSize: number;
  readonly eventStoreConnectionString: string | undefined;
  readonly blobs:
    | { kind: 'local' }
    | {
        kind: 's3';
        bucket: string;
        endpoint: string | undefined;
        region: string;
        forcePathStyle: boolean;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      };
  readonly projectionsMode: 'in-process' | 'worker';
  readonly readYourWritesTimeoutMs: number;
  /** After SIGTERM, how long requests and generations in flight may take before they are cut. */
  readonly shutdownGraceMs: number;
  /**
   * After SIGTERM, how long the listener stays open handing every new request back to the
   * balancer (421, see deploy/nginx.conf) before it closes; 0: it closes at once.
   */
  readonly shutdownDrainMs: number;
  /** A second listener serving only GET /metrics, unguarded: bind it to a private interface. */
  readonly metricsListener: { port: number; host: string } | null;
  readonly webDistDir: string;
  readonly authLimits: AuthLimits;
  /** Google sign-in, when a client is configured; every endpoint can point elsewhere (tests use a local OpenID provider). */
  readonly google: GoogleConfig | null;
  readonly generation: GenerationConfig;
  readonly billing: BillingConfig;
  /** SMTP when `SMTP_URL` is set; otherwise the outbox table (printed to the log, read by admins). */
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string };
  /** How long a finished data export can be downloaded. */
  readonly dataExportTtlMs: number;
  /** Seals gift codes for their buyers; generated into the data folder in local payments mode. */
  readonly giftCodeSecret: string | undefined;
  /** Wrong gift codes allowed per hour (a code that exists does not count). */
  readonly giftRedeemLimits: {
    readonly redeemAttemptsPerAccount: { limit: number; windowSeconds: number };
    readonly redeemAttemptsPerIp: { limit: number; windowSeconds: number };
  };
  /** New public links per account per hour (asking again for an open link does not count). */
  readonly shareLinksPerAccount: { limit: number; windowSeconds: number };
}

export interface BillingConfig {
  /** stripe with a secret key; otherwise the embedded local checkout that emits Stripe-shaped events. */
  readonly mode: 'stripe' | 'local';
  readonly stripeSecretKey: string | undefined;
  readonly publishableKey: string | undefined;
  /** Verifies webhook signatures; in local mode generated and kept in the data folder when unset. */
  readonly webhookSecret: string | undefined;
  readonly priceIds: { pro: string | undefined; ultra: string | undefined };
  readonly portalConfiguration?: string | undefined;
  readonly stripeApi: { host?: string; port?: number; protocol?: 'http' | 'https' };
}

export interface GenerationConfig {
  readonly providerTimeoutMs: number;
  readonly holdMarginMs: number;
  readonly recoveryIntervalMs: number;
  readonly providerConcurrency: number;
  /** Slows the local engine down to the pace of a real model (demos, tests of the waiting UI). */
  readonly localProviderDelayMs: number;
  readonly replicate: { apiToken: string; baseUrl: string | undefined; model: string } | null;
  /** Upload decodes: processes, how many may wait (then 503), and the time limit per image. */
  readonly decode: { concurrency: number; maxWaiting: number; timeoutMs: number };
  /** Where REST uploads are written while they arrive, until decoded (a tmpfs keeps them off disk). */
  readonly uploadDir: string;
  /** How long a generated image is kept after it was delivered; then the retention sweep deletes it. */
  readonly resultRetentionMs: number;
}

export interface GoogleConfig {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authorizationUrl: string;
  readonly tokenUrl: string;
  readonly userInfoUrl: string;
  readonly callbackUrl: string;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = envSchema.parse(source);
  if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && env.PAYMENTS !== 'local') {
    // The local checkout "pays" without a card: in production it must be asked for by name.
    throw new Error(
      'NODE_ENV=production needs STRIPE_SECRET_KEY (or PAYMENTS=local, for a demo where payment is simulated)',
    );
  }
  if (env.BLOB_STORE === 's3' && !env.S3_BUCKET) throw new Error('BLOB_STORE=s3 needs S3_BUCKET');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    production: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    eventStoreConnectionString: env.EVENTSTORE_CONNECTION_STRING,
    blobs:
      env.BLOB_STORE === 's3'
        ? {
            kind: 's3',
            bucket: env.S3_BUCKET!,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
            // Without both keys the SDK's own chain applies (instance roles, profiles).
            credentials:
              env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
                ? {
                    accessKeyId: env.AWS_ACCESS_KEY_ID,
                    secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
                  }
                : undefined,
          }
        : { kind: 'local' },
    projectionsMode: env.PROJECTIONS_MODE ?? 'in-process',
    readYourWritesTimeoutMs: env.READ_YOUR_WRITES_TIMEOUT_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000,
    metricsListener:
      env.METRICS_PORT !== undefined ? { port: env.METRICS_PORT, host: env.METRICS_HOST } : null,
    webDistDir: path.resolve('web/dist'),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            authorizationUrl: env.GOOGLE_AUTHORIZATION_URL,
            tokenUrl: env.GOOGLE_TOKEN_URL,
            userInfoUrl: env.GOOGLE_USERINFO_URL,
            callbackUrl: env.GOOGLE_CALLBACK_URL ?? `${publicUrl}/auth/google/callback`,
          }
        : null,
    generation: {
      providerTimeoutMs: env.GENERATION_TIMEOUT_SECONDS * 1000,
      holdMarginMs: env.GENERATION_HOLD_MARGIN_SECONDS * 1000,
      recoveryIntervalMs: env.GENERATION_RECOVERY_INTERVAL_SECONDS * 1000,
      providerConcurrency: env.PROVIDER_CONCURRENCY,
      localProviderDelayMs: env.LOCAL_PROVIDER_DELAY_MS,
      resultRetentionMs: env.RESULT_RETENTION_DAYS * 86_400_000,
      decode: {
        concurrency: env.UPLOAD_DECODE_CONCURRENCY,
        maxWaiting: env.UPLOAD_DECODE_QUEUE,
        timeoutMs: env.UPLOAD_DECODE_TIMEOUT_MS,
      },
      uploadDir: env.UPLOAD_TMP_DIR ?? os.tmpdir(),
      replicate: env.REPLICATE_API_TOKEN
        ? {
            apiToken: env.REPLICATE_API_TOKEN,
            baseUrl: env.REPLICATE_API_BASE_URL,
            model: env.REPLICATE_MODEL,
          }
        : null,
    },
    billing: {
      mode: env.PAYMENTS ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'local'),
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      priceIds: { pro: env.STRIPE_PRICE_PRO, ultra: env.STRIPE_PRICE_ULTRA },
      portalConfiguration: env.STRIPE_PORTAL_CONFIGURATION,
      stripeApi: {
        ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
        ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
        ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
      },
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    dataExportTtlMs: env.DATA_EXPORT_TTL_HOURS * 3_600_000,
    giftCodeSecret: env.GIFT_CODE_SECRET,
    giftRedeemLimits: {
      redeemAttemptsPerAccount: {
        limit: env.GIFT_REDEEM_ATTEMPTS_PER_ACCOUNT,
        windowSeconds: 3_600,
      },
      redeemAttemptsPerIp: { limit: env.GIFT_REDEEM_ATTEMPTS_PER_IP, windowSeconds: 3_600 },
    },
    shareLinksPerAccount: { limit: env.SHARE_LINKS_PER_ACCOUNT_PER_HOUR, windowSeconds: 3_600 },
    authLimits: {
      passwordResetsPerEmail: {
        limit: env.PASSWORD_RESETS_PER_EMAIL,
        windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      },
      passwordResetsPerIp: {
        limit: env.PASSWORD_RESETS_PER_IP,
        windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      },
      loginPerIp: {
        limit: env.LOGIN_ATTEMPTS_PER_IP,
        windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      },
      loginFailuresPerAccount: {
        limit: env.LOGIN_FAILURES_PER_ACCOUNT,
        windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      },
      loginFailuresPerAccountAndAddress: {
        limit: env.LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
        windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      },
      registrationsPerIp: {
        limit: env.REGISTRATIONS_PER_IP,
        windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      },
    },
  };
}

/** `TRUST_PROXY` as a list for proxy-addr; `none`/`false` (or unset) trust nobody. */
export function parseTrustProxy(value: string | undefined): string[] {
  if (!value || ['none', 'false'].includes(value.trim().toLowerCase())) return [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (['true', '*'].includes(entry.toLowerCase()) || /^\d+$/.test(entry))
      throw new Error(
        `TRUST_PROXY=${value}: name the proxies (addresses, CIDR ranges, loopback, linklocal, uniquelocal), not "trust everyone" or a hop count`,
      );
  }
  return entries;
}
