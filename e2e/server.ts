// Starts the built app on a free port with a fresh data directory, the way
// production does (`npm start`): builds what is missing or stale, then runs the
// compiled server with plain node.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../src/server/config';
import { freePort } from '../src/server/testing/free-port';

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  stop: () => Promise<void>;
};

/** What a journey may set that is never read from the environment. */
type ConfigOverrides = Partial<Pick<Config, 'allowPrivateNetworkFetch' | 'reviewSourceUrls'>>;

/**
 * The compiled server as `npm start` runs it. With `allowPrivateNetworkFetch`
 * its outbound fetches (logo detection, the detected logo) may reach this
 * machine, where a journey serves a "website"; with `reviewSourceUrls` it
 * reaches local stand-ins for Google and Trustpilot. Neither is ever read from
 * the environment, so this passes them to `serve()` itself.
 */
export async function startServer(
  env: Record<string, string> = {},
  overrides: ConfigOverrides = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vouchly-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const build = spawnSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`scripts/ensure-build.mjs failed with ${build.status}`);
  const entry =
    Object.keys(overrides).length > 0
      ? [
          '--input-type=module',
          '--eval',
          `import { loadConfig } from './dist/server/config.js'; import { serve } from './dist/server/serve.js'; await serve({ ...loadConfig(), ...${JSON.stringify(overrides)} });`,
        ]
      : ['dist/server/main.js'];
  const child = spawn('node', entry, {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BASE_URL: baseUrl,
      LOG_LEVEL: 'warn',
      // Every journey comes from one address; the limits themselves are proven by integration tests.
      RATE_LIMIT_SCALE: '50',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { baseUrl, dataDir, child, stop };
}
