import type { FullConfig } from '@playwright/test';
import { startServer } from './server';

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  return server.stop;
}
