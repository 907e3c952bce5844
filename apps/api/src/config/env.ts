import path from 'node:path';
import { z } from 'zod';
import { JWT_SECRET_MIN_LENGTH, localJwtSecret } from './jwt-secret.ts';
import { photoStoreSetting } from './photo-store.ts';
import { trustProxySetting } from './trust-proxy.ts';

// The shop's only reader of process.env (docs/architecture.md#module-boundaries): parsed
// once, at start-up.

const csv = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // Loopback unless told otherwise: a developer's shop is no server for their whole network.
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** web: answers HTTP, runs no background loop; worker: runs every background loop, answers health, readiness and metrics only; all: both. */
    SHOP_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
    DATA_DIR: z.string().default('.data'),
    DATABASE_URL: z.string().optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** transaction: DATABASE_URL is a pooler in transaction mode (PgBouncer); no session state is kept on its connections. */
    DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
    /** A connection straight to PostgreSQL, past the pooler: migrations and the change feed's LISTEN. */
    DATABASE_DIRECT_URL: z.string().optional(),
    /** A streaming replica of DATABASE_URL for the reads that may lag (docs/deploy.md#read-replicas). */
    DATABASE_REPLICA_URL: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    /** Past this the replica is too far behind and those reads go to the primary; also how long a writer is pinned there. */
    REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    API_BASE_PATH: z.string().default('/api'),
    WEB_DIST: z.string().optional(),
    CORS_ORIGINS: csv,
    PUBLIC_URL: z.string().optional(),
    IMAGE_HOSTS: csv,
    TRUST_PROXY: trustProxySetting,
    PHOTO_STORE: photoStoreSetting,
    PHOTO_STORE_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    AWS_REGION: z.string().min(1).default('us-east-1'),
    /** The S3 key pair; unset, the AWS SDK looks for one itself (a shared profile, the machine's role). */
    AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    JWT_SECRET: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    JWT_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .default(60 * 60 * 24),
    ADMIN_EMAILS: csv,
    SEED_DEMO: z.stringbool().default(true),
    FIREBASE_PROJECT_ID: z.string().default('demo-parts-shop'),
    FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
    FIREBASE_SERVICE_ACCOUNT: z.string().optional(),
    FIREBASE_API_KEY: z.string().default('demo-api-key'),
    FIREBASE_AUTH_DOMAIN: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    PAYMENT_GATEWAY: z.enum(['local', 'stripe']).default('local'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_URL: z.string().optional(),
    /**
     * The ES256 key (PKCS#8 PEM, P-256) the shop signs UCP webhooks with, the same in every process; required in
     * production. Outside it, one kept under DATA_DIR.
     */
    UCP_SIGNING_KEY: z.string().optional(),
    /** The key UCP_SIGNING_KEY replaced, still published during a rotation's overlap (docs/deploy.md). */
    UCP_SIGNING_KEY_PREVIOUS: z.string().optional(),
    /** The first retry of an undelivered order webhook waits this long; each further one twice as long, up to UCP_WEBHOOK_RETRY_MAX_MS. */
    UCP_WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(10_000),
    UCP_WEBHOOK_RETRY_MAX_MS: z.coerce
      .number()
      .int()
      .min(1)
      .default(60 * 60 * 1000),
    /** How long the delivering process's lease lasts without renewal (a POST lasts at most half of it, at most 10 s). */
    UCP_WEBHOOK_LEASE_MS: z.coerce.number().int().min(100).default(30_000),
    UCP_WEBHOOK_POLL_MS: z.coerce.number().int().min(10).default(1000),
    PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** How long a CDN may serve an anonymous public page or catalog read before asking again (s-maxage); 0: never. */
    EDGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    /** How long past that it may serve the old copy while it fetches the new one (stale-while-revalidate). */
    EDGE_STALE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /** The longest a public read's statement (or its wait for a connection) may take before it answers 503. */
    PUBLIC_READ_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    UNPAID_HOLD_MINUTES: z.coerce.number().int().min(1).max(525_600).default(1440),
    UNVERIFIED_HOLD_MINUTES: z.coerce.number().int().min(1).max(525_600).default(30),
    MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(10_000).default(20),
    /** How many units of one part one customer may hold in unpaid orders (a part's minimum order is always allowed). */
    MAX_UNPAID_UNITS_PER_PART: z.coerce.number().int().min(1).max(1_000_000).default(10),
    MAX_UNPAID_CENTS: z.coerce.number().int().min(1).default(500_000),
    SHOP_TIME_ZONE: z
      .string()
      .refine(
        (zone) => zone === 'UTC' || Intl.supportedValuesOf('timeZone').includes(zone),
        'SHOP_TIME_ZONE must be an IANA time zone name, like UTC or Europe/Paris',
      )
      .default('UTC'),
    /** Where the rate limits count (redis://…), shared by every process; unset, in PostgreSQL (or memory on PGlite). */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .or(z.literal(''))
      .optional()
      .transform((v) => v || undefined),
    RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** Calls to the MCP endpoint: each is a catalog read or a build check, so more than writes. */
    RATE_LIMIT_MCP_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    RATE_LIMIT_ASSISTANT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    /** Where order emails go (smtp:// or smtps://); unset, they wait in the outbox until it is set. */
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Parts Shop <orders@parts-shop.example>'),
    MAIL_PER_RECIPIENT_PER_DAY: z.coerce.number().int().min(1).default(50),
    /** The first retry of a failed email waits this long; each further one twice as long, up to MAIL_RETRY_MAX_MS. */
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(5000),
    MAIL_RETRY_MAX_MS: z.coerce
      .number()
      .int()
      .min(1)
      .default(60 * 60 * 1000),
    /** How long the sending process's lease lasts without renewal; another process takes over after it. */
    MAIL_LEASE_MS: z.coerce.number().int().min(100).default(30_000),
    MAIL_POLL_MS: z.coerce.number().int().min(10).default(1000),
    /** How long a user's Firebase account (disabled, deleted, signed out) is taken as checked; at most a minute. */
    FIREBASE_ACCOUNT_CHECK_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** json: one JSON line per event and per request (production's default); console: one readable line per warning, error, slow request or email (development's). */
    LOG_FORMAT: z.enum(['json', 'console']).optional(),
    SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1000),
    METRICS_TOKEN: z.string().min(16).optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: z
      .url()
      .or(z.literal(''))
      .optional()
      .transform((v) => v || undefined),
    OTEL_SERVICE_NAME: z.string().min(1).default('parts-shop-api'),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(2000),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).default(10_000),
  })
  .superRefine((env, ctx) => {
    // Every refusal is collected, so one start names everything that is left to set.
    const refuse = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
    // LISTEN and the migration lock hold a session, which a transaction pooler does not keep.
    if (env.DATABASE_POOLER === 'transaction' && (!env.DATABASE_URL || !env.DATABASE_DIRECT_URL)) {
      refuse(
        'DATABASE_DIRECT_URL',
        "behind a transaction pooler, set DATABASE_URL to the pooler and DATABASE_DIRECT_URL to PostgreSQL's own address",
      );
    }
    if (env.NODE_ENV !== 'production') return;
    if (!env.JWT_SECRET || env.JWT_SECRET.length < JWT_SECRET_MIN_LENGTH) {
      refuse(
        'JWT_SECRET',
        `set ${JWT_SECRET_MIN_LENGTH}+ random characters (e.g. \`openssl rand -base64 48\`), the same in every API process`,
      );
    }
    if (env.SEED_DEMO) {
      refuse('SEED_DEMO', 'the demo seed creates accounts whose passwords are public; set SEED_DEMO=false');
    }
    if (env.PAYMENT_GATEWAY === 'local') {
      refuse(
        'PAYMENT_GATEWAY',
        'the test-mode gateway accepts test cards as payment; set PAYMENT_GATEWAY=stripe (with the STRIPE_* keys)',
      );
    }
    if (env.PAYMENT_GATEWAY === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
      refuse('STRIPE_SECRET_KEY', 'Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    }
    // Every absolute link the shop writes (canonical tags, sitemaps, JSON-LD, MCP build links,
    // receipt links in emails) is made from it; unset, they would all point at localhost.
    if (!env.PUBLIC_URL || !/^https?:\/\/[^/]/.test(env.PUBLIC_URL)) {
      refuse('PUBLIC_URL', "set the shop's public address (e.g. https://shop.example.com)");
    }
    // firebase-admin does not check ID token signatures against the emulator: in production
    // that would let anyone sign in as anyone (an ADMIN_EMAILS address included).
    if (env.FIREBASE_AUTH_EMULATOR_HOST) {
      refuse('FIREBASE_AUTH_EMULATOR_HOST', 'the Auth emulator accepts unsigned ID tokens; unset it');
    }
    // Without a credential firebase-admin cannot look up an account, so a revoked session or
    // a disabled account would still sign in until its ID token expires.
    // Each process would make a key of its own, and a receiver behind which webhooks arrive from
    // several processes could verify only some of them.
    if (!env.UCP_SIGNING_KEY) {
      refuse(
        'UCP_SIGNING_KEY',
        'set the ES256 key UCP webhooks are signed with (PKCS#8 PEM of a P-256 key), the same in every API process',
      );
    }
    if (!env.FIREBASE_SERVICE_ACCOUNT) {
      refuse(
        'FIREBASE_SERVICE_ACCOUNT',
        "set the Firebase project's service-account key (JSON), so revoked sessions and disabled accounts are refused",
      );
    }
  })
  .superRefine((env, ctx) => {
    // Half a key pair would silently fall back to whatever credentials the SDK finds.
    if (!env.AWS_ACCESS_KEY_ID !== !env.AWS_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['AWS_ACCESS_KEY_ID'],
        message: 'set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY together, or neither',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, 'JWT_SECRET' | 'LOG_FORMAT'> & {
  JWT_SECRET: string;
  LOG_FORMAT: 'json' | 'console';
  dataDir: string;
  isProduction: boolean;
};

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Refusing to start, the configuration is not safe or not valid:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    // Production always has its own (checked above).
    JWT_SECRET: env.JWT_SECRET ?? localJwtSecret(env.DATA_DIR === ':memory:' ? ':memory:' : dataDir),
    LOG_FORMAT: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'console' : 'json'),
    dataDir,
    isProduction: env.NODE_ENV === 'production',
  };
}

/** firebase-admin reads the emulator address from process.env on each call, so it is copied there. */
export function shareAuthEmulatorWithFirebaseAdmin(config: Pick<Config, 'FIREBASE_AUTH_EMULATOR_HOST'>): void {
  if (config.FIREBASE_AUTH_EMULATOR_HOST) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.FIREBASE_AUTH_EMULATOR_HOST;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
}
