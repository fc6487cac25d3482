// The few readable lines `npm start` prints once the server listens: where it
// runs and which backing service each part uses. Pure, so it is unit-tested;
// main.ts prints it. Never prints a password, a user name or a key: URLs are
// reduced to host, port and database (or bucket).
import path from 'node:path';
import type { Config } from './config.js';

export type BannerConfig = Pick<
  Config,
  | 'productName'
  | 'baseUrl'
  | 'dataDir'
  | 'databaseUrl'
  | 'smtpUrl'
  | 's3'
  | 'redisUrl'
  | 'stripe'
  | 'wixAppSecret'
  | 'google'
  | 'webhookAllowPrivate'
>;

export type BannerOptions = {
  /** Paths inside it are shown relative to it (`data/db`), others in full. */
  cwd: string;
  /** A terminal: add how to stop the server. */
  interactive: boolean;
};

/** The banner is part of the info level: LOG_LEVEL=warn (or quieter) hides it with the rest. */
export function showsBanner(logLevel: string): boolean {
  return logLevel === 'info' || logLevel === 'debug' || logLevel === 'trace';
}

export function startupBanner(config: BannerConfig, options: BannerOptions): string {
  const shown = (absolute: string) => {
    const relative = path.relative(options.cwd, absolute);
    if (relative === '') return '.';
    const outside =
      relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
    return outside ? absolute : relative;
  };
  // The folders below are the adapters' own: db/client.ts (db), the outbox
  // mailer (outbox) and the disk storage (objects), all inside DATA_DIR.
  const inData = (folder: string) => shown(path.join(config.dataDir, folder));

  const rows: [string, string][] = [
    ['data directory', config.dataDir],
    [
      'database',
      config.databaseUrl
        ? `PostgreSQL (${postgresTarget(config.databaseUrl)})`
        : `PGlite (embedded, ${inData('db')})`,
    ],
    [
      'email',
      config.smtpUrl
        ? `SMTP (${hostAndPort(config.smtpUrl)})`
        : `.eml files in ${inData('outbox')}`,
    ],
    [
      'files',
      config.s3
        ? `S3 (${config.s3.bucket} at ${withoutCredentials(config.s3.endpoint)})`
        : `disk (${inData('objects')})`,
    ],
    [
      'payments',
      config.stripe
        ? `Stripe (${config.stripe.apiUrl ? withoutCredentials(config.stripe.apiUrl) : 'api.stripe.com'})`
        : 'test checkout (built in, no card is charged)',
    ],
    ['wix connect', config.wixAppSecret ? 'on' : 'off (set WIX_APP_SECRET to turn it on)'],
    [
      'google reviews',
      config.google ? 'on' : 'off (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to turn it on)',
    ],
    ['counters', config.redisUrl ? `Redis (${hostAndPort(config.redisUrl)})` : 'in memory'],
    // Only when on: it lifts an SSRF guard (docs/security.md rule 32), so the operator should see it.
    ...(config.webhookAllowPrivate
      ? [['webhooks', 'may reach private addresses (WEBHOOK_ALLOW_PRIVATE)'] as [string, string]]
      : []),
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return [
    `${config.productName} is running at ${config.baseUrl}`,
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}${value}`),
    ...(options.interactive ? ['Press Ctrl+C to stop.'] : []),
    '',
  ].join('\n');
}

function parsed(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** `host:port` (or `host`), without the user and password. */
function hostAndPort(url: string): string {
  const parts = parsed(url);
  if (!parts?.hostname) return 'configured';
  const host = decodeURIComponent(parts.hostname);
  return parts.port ? `${host}:${parts.port}` : host;
}

/** `host:port/database`; the host may also come from `?host=` (a Unix socket folder). */
function postgresTarget(url: string): string {
  const parts = parsed(url);
  if (!parts) return 'configured';
  const host =
    parts.searchParams.get('host') ??
    (parts.hostname ? decodeURIComponent(parts.hostname) : 'localhost');
  const database = decodeURIComponent(parts.pathname.replace(/^\/+/, ''));
  return `${host}${parts.port ? `:${parts.port}` : ''}${database ? `/${database}` : ''}`;
}

/** The endpoint as configured, minus any `user:password@`. */
function withoutCredentials(url: string): string {
  const parts = parsed(url);
  if (!parts) return 'configured';
  parts.username = '';
  parts.password = '';
  return parts.href.replace(/\/$/, '');
}
