// The embedded database survives a clean stop (SIGTERM) and a crash (SIGKILL):
// the server starts again on the same data directory and the data is kept.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { usingPostgres } from './testing/test-database.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  // One process (not the tsx wrapper), so SIGKILL really kills the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
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

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function countCodes(dataDir: string): Promise<number> {
  const client = await PGlite.create(path.join(dataDir, 'db'));
  const result = await client.query<{ n: number }>('select count(*)::int as n from access_codes');
  await client.close();
  return result.rows[0]?.n ?? -1;
}

describe.skipIf(usingPostgres())('restart on the same PGlite data directory', () => {
  it('keeps data and starts again after SIGTERM and after SIGKILL', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vouchly-restart-'));

    const first = await startServer(dataDir);
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);

    const client = await PGlite.create(path.join(dataDir, 'db'));
    await client.query(`insert into access_codes (code) values ('KEEP-ME')`);
    await client.close();

    const second = await startServer(dataDir);
    second.child.kill('SIGKILL');
    await exited(second.child);

    const third = await startServer(dataDir);
    const health = await fetch(`http://127.0.0.1:${third.port}/api/health`);
    expect(health.status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await exited(third.child)).toBe(0);

    expect(await countCodes(dataDir)).toBe(1);
  }, 200_000);
});
