// The only reader of process.env. Every variable is parsed with Zod; an empty
// string counts as unset, and a bad value stops start-up with one message that
// lists every bad variable.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { emailField } from '../shared/schemas/fields.js';

const optionalText = z.string().min(1).optional();
const optionalUrl = z.url().optional();
/** What a collection slug is made of (modules/business/service.ts makes them): lowercase letters and digits in
 * words joined by single hyphens, at most a 40-character base, a hyphen and a 6-character suffix. */
const COLLECTION_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COLLECTION_SLUG_MAX_LENGTH = 47;
const DEFAULT_DEMO_WIDGET_SLUG = 'vouchly';
/** DEMO_OWNER_EMAIL's fallback when `demo@` and BASE_URL's host is not an address (localhost, an IP address). */
const FALLBACK_DEMO_OWNER_EMAIL = 'demo@example.com';
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: optionalText,
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_ID: optionalText,
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    // The SDK builds its own paths (/v1/...): a path here would be silently ignored.
    .refine((value) => {
      const url = new URL(value);
      return url.pathname === '/' && !url.search && !url.hash;
    }, 'must be an origin without a path, e.g. http://127.0.0.1:12111')
    .optional(),
  ACCESS_CODES: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(64, 'each code must be at most 64 characters')))
    .optional(),
  WIX_APP_SECRET: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  PRODUCT_NAME: z.string().min(1).default('Vouchly'),
  SELLER_NAME: z.string().trim().min(1).max(200).optional(),
  SELLER_ADDRESS: z.string().max(1000).optional(),
  SELLER_TAX_ID: z.string().trim().min(1).max(100).optional(),
  DEMO_WIDGET_SLUG: z
    .string()
    .max(COLLECTION_SLUG_MAX_LENGTH, `must be at most ${COLLECTION_SLUG_MAX_LENGTH} characters`)
    .regex(
      COLLECTION_SLUG_PATTERN,
      'must be a collection slug: lowercase letters and digits, words joined by single hyphens',
    )
    .default(DEFAULT_DEMO_WIDGET_SLUG),
  DEMO_OWNER_EMAIL: emailField.optional(),
  TRUST_PROXY: booleanFlag.default(false),
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(10_000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | {
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      }
    | undefined;
  /** Stripe takes payments when set; the built-in test checkout otherwise. */
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        priceId: string;
        apiUrl: string | undefined;
        /** Never read from the environment: tests shorten STRIPE_TIMEOUT_MS with it. */
        timeoutMs?: number;
      }
    | undefined;
  /** Access codes inserted at start-up (ACCESS_CODES, comma-separated); existing ones are left alone. */
  accessCodes: string[];
  /** The Wix app's secret: Wix connect verifies `instance` signatures with it; off when unset. */
  wixAppSecret: string | undefined;
  /**
   * The Google OAuth client that connects Google Business Profile review sources (GOOGLE_CLIENT_ID,
   * GOOGLE_CLIENT_SECRET); Google is off when unset. Trustpilot needs nothing here: each owner brings an API key.
   */
  google: { clientId: string; clientSecret: string } | undefined;
  /** Where the review sources' providers are reached. Never read from the environment: tests point them at stand-ins. */
  reviewSourceUrls: ReviewSourceUrls;
  redisUrl: string | undefined;
  productName: string;
  /** Who receipts name as the seller (docs/product/billing.md#receipts): SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID. */
  seller: { name: string; addressLines: string[]; taxId: string | undefined };
  /** The landing page's live demo: the collection slug of the product's own widget (modules/demo). */
  demoWidgetSlug: string;
  /** The owner account made with the demo business on first start; it moderates the demo's testimonials. */
  demoOwnerEmail: string;
  trustProxy: boolean;
  /** Multiplies every rate limit's allowance; for load tests and end-to-end suites from one address. */
  rateLimitScale: number;
  logLevel: string;
  /** argon2 memory cost in KiB. docs/security.md rule 1 asks for at least 19456; tests lower it. */
  passwordHashMemoryKib: number;
  /** Test-only: lets outbound fetches (logo detection) reach loopback. Never read from the environment. */
  allowPrivateNetworkFetch: boolean;
  /**
   * WEBHOOK_ALLOW_PRIVATE: webhook endpoints may be private, loopback or link-local addresses on any port, for
   * self-hosters whose own tools run inside their network (docs/product/webhooks.md#addresses).
   */
  webhookAllowPrivate: boolean;
};

export type ReviewSourceUrls = {
  googleAuth: string;
  googleToken: string;
  /** Business Profile API v4: reviews. */
  googleReviews: string;
  /** Account Management API v1: accounts. */
  googleAccounts: string;
  /** Business Information API v1: locations. */
  googleLocations: string;
  trustpilot: string;
  /** How long one call may take before it counts as a transient failure. */
  timeoutMs: number;
  /**
   * How long reading a place's whole list may take: within the job handler's deadline (half the worker's 60 s lease),
   * with room for the transaction that applies it. Thousands of reviews fit; a slower provider is a transient failure.
   */
  listingBudgetMs: number;
};

export const DEFAULT_REVIEW_SOURCE_URLS: ReviewSourceUrls = {
  googleAuth: 'https://accounts.google.com/o/oauth2/v2/auth',
  googleToken: 'https://oauth2.googleapis.com/token',
  googleReviews: 'https://mybusiness.googleapis.com/v4',
  googleAccounts: 'https://mybusinessaccountmanagement.googleapis.com/v1',
  googleLocations: 'https://mybusinessbusinessinformation.googleapis.com/v1',
  trustpilot: 'https://api.trustpilot.com/v1',
  timeoutMs: 10_000,
  listingBudgetMs: 20_000,
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment. Pure apart from reading or creating the kept session secret. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const withoutEmpty = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(withoutEmpty);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const vars = parsed.data;
  const problems: string[] = [];

  const s3Vars = [
    vars.S3_ENDPOINT,
    vars.S3_BUCKET,
    vars.S3_REGION,
    vars.S3_ACCESS_KEY_ID,
    vars.S3_SECRET_ACCESS_KEY,
  ];
  if (s3Vars.some(Boolean) && !s3Vars.every(Boolean)) {
    problems.push(
      'S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set all five or none',
    );
  }
  const stripeVars = [vars.STRIPE_SECRET_KEY, vars.STRIPE_WEBHOOK_SECRET, vars.STRIPE_PRICE_ID];
  if (stripeVars.some(Boolean) && !stripeVars.every(Boolean)) {
    problems.push(
      'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID: set all three or none',
    );
  }
  if (vars.STRIPE_API_URL && !vars.STRIPE_SECRET_KEY) {
    problems.push(
      'STRIPE_API_URL: needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID',
    );
  }
  if (Boolean(vars.GOOGLE_CLIENT_ID) !== Boolean(vars.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: set both or neither');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(vars.DATA_DIR);
  const baseUrl = vars.BASE_URL ?? `http://localhost:${vars.PORT}`;
  return {
    port: vars.PORT,
    host: vars.HOST,
    baseUrl,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    sessionSecret: vars.SESSION_SECRET ?? keptSessionSecret(dataDir),
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? `${vars.PRODUCT_NAME} <no-reply@${new URL(baseUrl).hostname}>`,
    s3:
      vars.S3_ENDPOINT &&
      vars.S3_BUCKET &&
      vars.S3_REGION &&
      vars.S3_ACCESS_KEY_ID &&
      vars.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: vars.S3_ENDPOINT,
            bucket: vars.S3_BUCKET,
            region: vars.S3_REGION,
            accessKeyId: vars.S3_ACCESS_KEY_ID,
            secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    stripe:
      vars.STRIPE_SECRET_KEY && vars.STRIPE_WEBHOOK_SECRET && vars.STRIPE_PRICE_ID
        ? {
            secretKey: vars.STRIPE_SECRET_KEY,
            webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
            priceId: vars.STRIPE_PRICE_ID,
            apiUrl: vars.STRIPE_API_URL,
          }
        : undefined,
    accessCodes: vars.ACCESS_CODES ?? [],
    wixAppSecret: vars.WIX_APP_SECRET,
    google:
      vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET
        ? { clientId: vars.GOOGLE_CLIENT_ID, clientSecret: vars.GOOGLE_CLIENT_SECRET }
        : undefined,
    reviewSourceUrls: DEFAULT_REVIEW_SOURCE_URLS,
    redisUrl: vars.REDIS_URL,
    productName: vars.PRODUCT_NAME,
    seller: {
      name: vars.SELLER_NAME ?? vars.PRODUCT_NAME,
      addressLines: addressLines(vars.SELLER_ADDRESS),
      taxId: vars.SELLER_TAX_ID,
    },
    demoWidgetSlug: vars.DEMO_WIDGET_SLUG,
    demoOwnerEmail: vars.DEMO_OWNER_EMAIL ?? defaultDemoOwnerEmail(baseUrl),
    trustProxy: vars.TRUST_PROXY,
    rateLimitScale: vars.RATE_LIMIT_SCALE,
    logLevel: vars.LOG_LEVEL,
    passwordHashMemoryKib: 19456,
    allowPrivateNetworkFetch: false,
    webhookAllowPrivate: vars.WEBHOOK_ALLOW_PRIVATE,
  };
}

/** SELLER_ADDRESS's lines: split at line breaks, real ones or a written `\n`, blank lines left out. */
function addressLines(address: string | undefined): string[] {
  return (address ?? '')
    .split(/\r?\n|\\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** `demo@` and BASE_URL's host when that is a valid address (demo@reviews.example.com), else demo@example.com. */
function defaultDemoOwnerEmail(baseUrl: string): string {
  const parsed = emailField.safeParse(`demo@${new URL(baseUrl).hostname}`);
  return parsed.success ? parsed.data : FALLBACK_DEMO_OWNER_EMAIL;
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive restarts. */
function keptSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch {
    // Not created yet.
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
