import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value : undefined));

/** The environment variables the API reads, checked and defaulted. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optional,
  /**
   * Proxies whose X-Forwarded-For is believed: comma-separated addresses, CIDR ranges or the names
   * loopback, linklocal, uniquelocal. Unset: none (the socket's address is the client's).
   */
  TRUST_PROXY: optional,
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optional,
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(20),
  EVENTSTORE_CONNECTION_STRING: optional,
  /** local: files under DATA_DIR (embedded default); s3: an S3-compatible bucket shared by every replica. */
  BLOB_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optional,
  S3_ENDPOINT: optional,
  S3_REGION: z.string().default('us-east-1'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  AWS_ACCESS_KEY_ID: optional,
  AWS_SECRET_ACCESS_KEY: optional,
  /** in-process: this API runs the projection runner (embedded default); worker: a separate worker does. */
  PROJECTIONS_MODE: z.enum(['in-process', 'worker']).optional(),
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().default(25),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).default(0),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(50),
  LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: z.coerce.number().int().positive().default(5),
  REGISTRATIONS_PER_IP: z.coerce.number().int().positive().default(10),
  PASSWORD_RESETS_PER_EMAIL: z.coerce.number().int().positive().default(3),
  PASSWORD_RESETS_PER_IP: z.coerce.number().int().positive().default(20),
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Stylised <no-reply@stylised.local>'),
  DATA_EXPORT_TTL_HOURS: z.coerce.number().positive().default(48),
  GIFT_CODE_SECRET: optional,
  GIFT_REDEEM_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  GIFT_REDEEM_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(30),
  SHARE_LINKS_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().positive().default(30),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_AUTHORIZATION_URL: z
    .string()
    .url()
    .default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  GOOGLE_CALLBACK_URL: optional,
  GENERATION_TIMEOUT_SECONDS: z.coerce.number().positive().default(180),
  GENERATION_HOLD_MARGIN_SECONDS: z.coerce.number().nonnegative().default(120),
  GENERATION_RECOVERY_INTERVAL_SECONDS: z.coerce.number().positive().default(60),
  RESULT_RETENTION_DAYS: z.coerce.number().positive().default(90),
  PROVIDER_CONCURRENCY: z.coerce.number().int().positive().default(4),
  UPLOAD_DECODE_CONCURRENCY: z.coerce.number().int().positive().default(2),
  UPLOAD_DECODE_QUEUE: z.coerce.number().int().nonnegative().default(8),
  UPLOAD_DECODE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  UPLOAD_TMP_DIR: optional,
  LOCAL_PROVIDER_DELAY_MS: z.coerce.number().int().nonnegative().default(0),
  REPLICATE_API_TOKEN: optional,
  REPLICATE_API_BASE_URL: optional,
  REPLICATE_MODEL: z.string().default('black-forest-labs/flux-kontext-pro'),
  PAYMENTS: z.enum(['stripe', 'local']).optional(),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_PRO: optional,
  STRIPE_PRICE_ULTRA: optional,
  /** A billing portal configuration to use; unset: one is made (plan switches, cancel, resume). */
  STRIPE_PORTAL_CONFIGURATION: optional,
  /** Where the stripe client sends requests (tests point it at a local server). */
  STRIPE_API_HOST: optional,
  STRIPE_API_PORT: z.coerce.number().int().positive().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
});

export type Env = z.infer<typeof envSchema>;
