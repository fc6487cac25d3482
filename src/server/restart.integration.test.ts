// The embedded database survives a clean stop (SIGTERM) and a crash (SIGKILL):
// the server starts again on the same data directory and the data is kept.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { exited, startServerProcess } from './testing/server-process.js';
import { usingPostgres } from './testing/test-database.js';

async function countCodes(dataDir: string): Promise<number> {
  const client = await PGlite.create(path.join(dataDir, 'db'));
  const result = await client.query<{ n: number }>('select count(*)::int as n from access_codes');
  await client.close();
  return result.rows[0]?.n ?? -1;
}

describe.skipIf(usingPostgres())('restart on the same PGlite data directory', () => {
  it('keeps data and starts again after SIGTERM and after SIGKILL', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vouchly-restart-'));

    const first = await startServerProcess({ DATA_DIR: dataDir });
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);

    const client = await PGlite.create(path.join(dataDir, 'db'));
    await client.query(`insert into access_codes (code) values ('KEEP-ME')`);
    await client.close();

    const second = await startServerProcess({ DATA_DIR: dataDir });
    second.child.kill('SIGKILL');
    await exited(second.child);

    const third = await startServerProcess({ DATA_DIR: dataDir });
    const health = await fetch(`http://127.0.0.1:${third.port}/api/health`);
    expect(health.status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await exited(third.child)).toBe(0);

    expect(await countCodes(dataDir)).toBe(1);
  }, 200_000);
});
