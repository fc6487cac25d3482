// Boots the whole app on the worker's database for app.inject() tests.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.js';
import { DEFAULT_REVIEW_SOURCE_URLS, type Config } from '../config.js';
import { closeAfterTest } from './close-after-test.js';
import { fakeBuild } from './fake-build.js';
import { testDatabase } from './test-database.js';

/** The test config's public origin: what a page of ours sends as its Origin. */
export const TEST_BASE_URL = 'http://localhost:3000';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    baseUrl: TEST_BASE_URL,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'vouchly-data-')),
    databaseUrl: undefined,
    sessionSecret: 'test-session-secret-that-is-at-least-32-characters',
    smtpUrl: undefined,
    mailFrom: 'Vouchly <no-reply@localhost>',
    s3: undefined,
    stripe: undefined,
    accessCodes: [],
    wixAppSecret: undefined,
    google: undefined,
    reviewSourceUrls: DEFAULT_REVIEW_SOURCE_URLS,
    redisUrl: undefined,
    productName: 'Vouchly',
    seller: { name: 'Vouchly', addressLines: [], taxId: undefined },
    demoWidgetSlug: 'vouchly',
    demoOwnerEmail: 'demo@example.com',
    trustProxy: false,
    rateLimitScale: 1,
    logLevel: 'silent',
    passwordHashMemoryKib: 1024,
    allowPrivateNetworkFetch: false,
    webhookAllowPrivate: false,
    ...overrides,
  };
}

let builtOnce: ReturnType<typeof fakeBuild> | undefined;
const sharedFakeBuild = () => (builtOnce ??= fakeBuild());

/** A ready app on the worker's database; closed after the test. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  deps: Partial<AppDeps> = {},
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(overrides), {
    database: await testDatabase(),
    logger: false,
    jobs: { poll: false },
    analyticsThread: false,
    ...sharedFakeBuild(),
    ...deps,
  });
  await app.ready();
  closeAfterTest(() => app.close());
  return app;
}
