import { randomBytes } from 'node:crypto';
import type { FullConfig } from '@playwright/test';
import { startServer } from './server';

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  // One access code for the billing journey (billing.spec.ts), new every run.
  const accessCode = `E2E-${randomBytes(6).toString('hex').toUpperCase()}`;
  // The Wix app secret the integrations journey signs its `instance` with (integrations.spec.ts).
  const wixAppSecret = randomBytes(16).toString('hex');
  const server = await startServer({
    ACCESS_CODES: accessCode,
    WIX_APP_SECRET: wixAppSecret,
    // The requests journey (requests.spec.ts) receives webhooks on this machine (127.0.0.1, a free port), which
    // the server refuses by default (docs/security.md rule 32). No journey tests that refusal: integration tests do.
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  process.env.E2E_ACCESS_CODE = accessCode;
  process.env.E2E_WIX_APP_SECRET = wixAppSecret;
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  return server.stop;
}
