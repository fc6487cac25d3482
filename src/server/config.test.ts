import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { slugify } from './modules/business/service.js';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'vouchly-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe('http://localhost:3000');
    expect(config.productName).toBe('Vouchly');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    expect(config.webhookAllowPrivate).toBe(false);
    expect(config.passwordHashMemoryKib).toBeGreaterThanOrEqual(19456);
  });

  it('reads WEBHOOK_ALLOW_PRIVATE as a flag', () => {
    const dataDir = tempDir();
    expect(
      loadConfig({ DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate,
    ).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: 'maybe' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE/,
    );
  });

  it('derives BASE_URL from PORT and trims a trailing slash from an explicit one', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '4100' }).baseUrl).toBe('http://localhost:4100');
    expect(
      loadConfig({ DATA_DIR: dataDir, BASE_URL: 'https://reviews.example.com/' }).baseUrl,
    ).toBe('https://reviews.example.com');
  });

  it('reads the seller of receipts: the product name by default, the address split into lines', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir(), PRODUCT_NAME: 'Kudos' });
    expect(defaults.seller).toEqual({ name: 'Kudos', addressLines: [], taxId: undefined });
    const set = loadConfig({
      DATA_DIR: tempDir(),
      SELLER_NAME: 'Vouchly Ltd',
      // A real line break, or the two characters \n as many .env files write it.
      SELLER_ADDRESS: '1 Main Street\\nSuite 2\n  \nSpringfield, IL 62701 ',
      SELLER_TAX_ID: 'EU372000041',
    });
    expect(set.seller).toEqual({
      name: 'Vouchly Ltd',
      addressLines: ['1 Main Street', 'Suite 2', 'Springfield, IL 62701'],
      taxId: 'EU372000041',
    });
  });

  it('treats an empty string as unset', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '',
      DATABASE_URL: '',
      PRODUCT_NAME: '',
    });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.productName).toBe('Vouchly');
  });

  it('lists every bad variable in one error', () => {
    let caught: unknown;
    try {
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'eighty',
        BASE_URL: 'not a url',
        DATABASE_URL: 'mysql://localhost/db',
        TRUST_PROXY: 'maybe',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    for (const name of ['PORT', 'BASE_URL', 'DATABASE_URL', 'TRUST_PROXY']) {
      expect(message).toContain(name);
    }
    expect((caught as ConfigError).problems).toHaveLength(4);
  });

  it('asks for all of a partly set S3 configuration', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'uploads' })).toThrow(/S3_ENDPOINT/);
  });

  it('asks for all three Stripe variables, and reads them with ACCESS_CODES', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID: set all three or none/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), STRIPE_API_URL: 'http://127.0.0.1:12111' }),
    ).toThrow(/STRIPE_API_URL/);
    const stripeVars = {
      DATA_DIR: tempDir(),
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_ID: 'price_1',
    };
    // A path the SDK would silently drop, and other protocols, are listed as bad variables at start-up.
    expect(() =>
      loadConfig({ ...stripeVars, STRIPE_API_URL: 'http://127.0.0.1:12111/v1' }),
    ).toThrow(/STRIPE_API_URL: must be an origin without a path/);
    expect(() => loadConfig({ ...stripeVars, STRIPE_API_URL: 'ftp://127.0.0.1' })).toThrow(
      /STRIPE_API_URL: must be an http\(s\) URL/,
    );
    const config = loadConfig({
      DATA_DIR: tempDir(),
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_ID: 'price_1',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      ACCESS_CODES: ' launch-1, ,LAUNCH-2 ',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      priceId: 'price_1',
      apiUrl: 'http://127.0.0.1:12111',
    });
    expect(config.accessCodes).toEqual(['launch-1', 'LAUNCH-2']);
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      stripe: undefined,
      accessCodes: [],
    });
  });

  it('names the demo widget vouchly and its owner demo@ the public host, or demo@example.com on a local one', () => {
    const local = loadConfig({ DATA_DIR: tempDir() });
    expect(local.demoWidgetSlug).toBe('vouchly');
    // demo@localhost is no address the forms accept, so the owner could not ask for a reset link.
    expect(local.demoOwnerEmail).toBe('demo@example.com');
    expect(
      loadConfig({ DATA_DIR: tempDir(), BASE_URL: 'http://192.168.1.20:3000' }).demoOwnerEmail,
    ).toBe('demo@example.com');
    expect(
      loadConfig({ DATA_DIR: tempDir(), BASE_URL: 'https://Reviews.Example.com/' }).demoOwnerEmail,
    ).toBe('demo@reviews.example.com');
    const set = loadConfig({
      DATA_DIR: tempDir(),
      DEMO_WIDGET_SLUG: 'acme-reviews-2',
      DEMO_OWNER_EMAIL: ' Owner@Acme.Example ',
    });
    expect(set).toMatchObject({
      demoWidgetSlug: 'acme-reviews-2',
      demoOwnerEmail: 'owner@acme.example',
    });
  });

  it('takes any slug the business module makes as DEMO_WIDGET_SLUG', () => {
    for (const name of ['Acme Bakery', 'Café Müller & Sons!', 'A'.repeat(60), '日本の店']) {
      const slug = `${slugify(name)}-0a9z7b`;
      expect(loadConfig({ DATA_DIR: tempDir(), DEMO_WIDGET_SLUG: slug }).demoWidgetSlug).toBe(slug);
    }
  });

  it.each(['Vouchly', 'my demo', '-demo', 'demo-', 'de--mo', 'café', 'demo/../x', 'a'.repeat(48)])(
    'refuses DEMO_WIDGET_SLUG=%s',
    (slug) => {
      expect(() => loadConfig({ DATA_DIR: tempDir(), DEMO_WIDGET_SLUG: slug })).toThrow(
        ConfigError,
      );
      expect(() => loadConfig({ DATA_DIR: tempDir(), DEMO_WIDGET_SLUG: slug })).toThrow(
        /DEMO_WIDGET_SLUG: must/,
      );
    },
  );

  it('refuses a DEMO_OWNER_EMAIL that is not an address', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), DEMO_OWNER_EMAIL: 'demo@localhost' })).toThrow(
      /DEMO_OWNER_EMAIL: Invalid email format/,
    );
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) }).sessionSecret).toBe(
      'x'.repeat(40),
    );
  });
});
