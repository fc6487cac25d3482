// The production build as `npm start` runs it, for the benches that load the
// public pages in Chromium (lighthouse.ts, main-thread.ts): node
// dist/server/main.js in its own process, on a scratch data directory, with
// the demo business (DEMO_WIDGET_SLUG) whose collection form is /submit.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** The demo business's slug (DEMO_WIDGET_SLUG): its collection form is the /submit page measured. */
const DEMO_SLUG = 'vouchly';
const repoRoot = path.resolve(import.meta.dirname, '..');
const serverMain = path.join(repoRoot, 'dist/server/main.js');

/** Whether `npm run build` has made the server; warns for `bench` (the measurement's name) when not. */
export function productionBuildExists(bench: string): boolean {
  if (existsSync(serverMain)) return true;
  console.warn(
    `bench: ${bench} skipped: run \`npm run build\` first (dist/server/main.js is missing)`,
  );
  return false;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no free port')),
      );
    });
  });
}

/** `node dist/server/main.js` on a new data directory, as `npm start` runs it; resolves once it is healthy. */
export async function startProductionServer(
  scratch: string,
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATA_DIR: mkdtempSync(path.join(scratch, 'production-')),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100',
      DEMO_WIDGET_SLUG: DEMO_SLUG,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`bench: production server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error('bench: the production server did not start');
}

/** The collection slug of the demo business the server made on its first start. */
export async function demoSlug(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/business/${DEMO_SLUG}`);
  if (!response.ok) {
    throw new Error(
      `bench: no demo business "${DEMO_SLUG}" (${response.status}); is dist/ older than the sources?`,
    );
  }
  return DEMO_SLUG;
}
