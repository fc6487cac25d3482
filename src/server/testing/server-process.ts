// The server as its own process, started from source the way `npm run dev` runs it, for the tests that kill it
// (restart.integration.test.ts, jobs/kill-mid-batch.integration.test.ts). One process (not the tsx wrapper), so
// SIGKILL really kills the server.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export type ServerProcess = { child: ChildProcess; port: number };

/** Starts the server with this environment (DATA_DIR at least) and answers once /api/health does. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // As long as the browser journeys wait for theirs (e2e/server.ts): a start
  // from source on a fresh data directory takes about 10 s on an idle 2-core
  // machine, and up to three times that beside the other test files (decision 0025).
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) return { child, port };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy: ${stderr}`);
}

export function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}
