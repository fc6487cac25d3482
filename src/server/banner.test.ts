import { describe, expect, it } from 'vitest';
import { showsBanner, startupBanner, type BannerConfig } from './banner.js';

const local: BannerConfig = {
  productName: 'Vouchly',
  baseUrl: 'http://localhost:3000',
  dataDir: '/srv/vouchly/data',
  databaseUrl: undefined,
  smtpUrl: undefined,
  s3: undefined,
  redisUrl: undefined,
  stripe: undefined,
  wixAppSecret: undefined,
  google: undefined,
  webhookAllowPrivate: false,
};

describe('startupBanner', () => {
  it('says in one line when webhooks may reach private addresses', () => {
    const banner = startupBanner(
      { ...local, webhookAllowPrivate: true },
      { cwd: '/srv/vouchly', interactive: false },
    );
    expect(banner).toContain(
      '  webhooks        may reach private addresses (WEBHOOK_ALLOW_PRIVATE)\n',
    );
    expect(startupBanner(local, { cwd: '/srv/vouchly', interactive: false })).not.toContain(
      'webhooks',
    );
  });

  it('describes the local set-up, paths inside the working directory shown relative to it', () => {
    expect(startupBanner(local, { cwd: '/srv/vouchly', interactive: true })).toBe(
      [
        'Vouchly is running at http://localhost:3000',
        '  data directory  /srv/vouchly/data',
        '  database        PGlite (embedded, data/db)',
        '  email           .eml files in data/outbox',
        '  files           disk (data/objects)',
        '  payments        test checkout (built in, no card is charged)',
        '  wix connect     off (set WIX_APP_SECRET to turn it on)',
        '  google reviews  off (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to turn it on)',
        '  counters        in memory',
        'Press Ctrl+C to stop.',
        '',
      ].join('\n'),
    );
  });

  it('shows paths outside the working directory in full, and no Ctrl+C hint without a terminal', () => {
    const banner = startupBanner(
      { ...local, productName: 'Kudos', baseUrl: 'https://kudos.example.com' },
      { cwd: '/home/someone', interactive: false },
    );
    expect(banner).toContain('Kudos is running at https://kudos.example.com\n');
    expect(banner).toContain('PGlite (embedded, /srv/vouchly/data/db)');
    expect(banner).toContain('.eml files in /srv/vouchly/data/outbox');
    expect(banner).toContain('disk (/srv/vouchly/data/objects)');
    expect(banner).not.toContain('Ctrl+C');
  });

  it('names the PostgreSQL server and database, never the user or the password', () => {
    const banner = startupBanner(
      {
        ...local,
        databaseUrl: 'postgres://vouchly:s3cret-pw@db.internal:5433/vouchly_prod?sslmode=require',
      },
      { cwd: '/srv/vouchly', interactive: false },
    );
    expect(banner).toContain('  database        PostgreSQL (db.internal:5433/vouchly_prod)\n');
    expect(banner).not.toContain('s3cret-pw');
    expect(banner).not.toContain('vouchly:');
  });

  it('takes the host of a Unix-socket PostgreSQL URL from ?host=', () => {
    const banner = startupBanner(
      { ...local, databaseUrl: 'postgresql://app:pw@localhost/vouchly?host=/var/run/postgresql' },
      { cwd: '/srv/vouchly', interactive: false },
    );
    expect(banner).toContain('PostgreSQL (/var/run/postgresql/vouchly)');
    expect(banner).not.toContain('pw');
  });

  it('names the SMTP host, the S3 bucket and endpoint and the Redis host, without credentials', () => {
    const banner = startupBanner(
      {
        ...local,
        smtpUrl: 'smtps://mailer:smtp-password@smtp.example.com:465',
        s3: {
          endpoint: 'https://s3.eu-west-1.example.com',
          bucket: 'vouchly-uploads',
          region: 'eu-west-1',
          accessKeyId: 'AKIAEXAMPLEKEY',
          secretAccessKey: 'secret-access-key',
        },
        redisUrl: 'redis://:redis-password@cache.internal:6379/2',
        stripe: {
          secretKey: 'sk_live_secret-stripe-key',
          webhookSecret: 'whsec_secret-webhook',
          priceId: 'price_123',
          apiUrl: undefined,
        },
        wixAppSecret: 'wix-app-secret-value',
        google: { clientId: 'google-client-id-value', clientSecret: 'google-client-secret-value' },
      },
      { cwd: '/srv/vouchly', interactive: false },
    );
    expect(banner).toContain('  payments        Stripe (api.stripe.com)\n');
    expect(banner).toContain('  email           SMTP (smtp.example.com:465)\n');
    expect(banner).toContain(
      '  files           S3 (vouchly-uploads at https://s3.eu-west-1.example.com)\n',
    );
    expect(banner).toContain('  counters        Redis (cache.internal:6379)\n');
    expect(banner).toContain('  wix connect     on\n');
    expect(banner).toContain('  google reviews  on\n');
    for (const secret of [
      'google-client-id-value',
      'google-client-secret-value',
      'wix-app-secret-value',
      'smtp-password',
      'mailer',
      'AKIAEXAMPLEKEY',
      'secret-access-key',
      'redis-password',
      'secret-stripe-key',
      'secret-webhook',
    ]) {
      expect(banner).not.toContain(secret);
    }
  });

  it('drops credentials written into the S3 endpoint itself', () => {
    const banner = startupBanner(
      {
        ...local,
        s3: {
          endpoint: 'http://minio:minio-password@127.0.0.1:9000',
          bucket: 'files',
          region: 'us-east-1',
          accessKeyId: 'minio',
          secretAccessKey: 'minio-password',
        },
      },
      { cwd: '/srv/vouchly', interactive: false },
    );
    expect(banner).toContain('S3 (files at http://127.0.0.1:9000)');
    expect(banner).not.toContain('minio-password');
  });
});

describe('showsBanner', () => {
  it('shows the banner at info and more verbose levels only', () => {
    expect(['info', 'debug', 'trace'].map(showsBanner)).toEqual([true, true, true]);
    expect(['warn', 'error', 'fatal', 'silent'].map(showsBanner)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
