// `npm run access-codes -- create --count N` on the embedded database: prints
// N new codes that work, and refuses clearly while the server holds the database.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseTarget, openDatabase } from '../db/client.js';
import { accessCodes } from '../db/schema.js';

/** A cold start of the command from source: as long as its spawn may take (decision 0025). */
const COMMAND_TIMEOUT_MS = 60_000;

const script = path.resolve(import.meta.dirname, 'access-codes.ts');

function run(dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: COMMAND_TIMEOUT_MS,
  });
}

describe('npm run access-codes', { timeout: COMMAND_TIMEOUT_MS }, () => {
  it('creates and prints new codes that are stored, once each', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vouchly-codes-'));
    const result = run(dataDir, 'create', '--count', '3');
    expect(result.status, result.stderr).toBe(0);
    const printed = result.stdout.trim().split('\n');
    expect(printed).toHaveLength(3);
    for (const code of printed)
      expect(code).toMatch(/^VCH-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(new Set(printed).size).toBe(3);

    const database = await openDatabase(databaseTarget({ databaseUrl: undefined, dataDir }));
    try {
      const stored = (await database.db.select().from(accessCodes)).map((row) => row.code);
      expect(stored.sort()).toEqual([...printed].sort());
    } finally {
      await database.close();
    }
  });

  it('says clearly that the server must be stopped while it holds the embedded database', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vouchly-codes-'));
    // This test process plays the running server.
    writeFileSync(path.join(dataDir, 'db.lock'), `${process.pid}\n`);
    const result = run(dataDir, 'create', '--count', '2');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`is in use by process ${process.pid}`);
    expect(result.stderr).toContain('stop the server, run this again, then start the server');
    expect(result.stdout).toBe('');
  });

  it('explains its usage on a bad count', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vouchly-codes-'));
    const result = run(dataDir, 'create', '--count', '0');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Usage: npm run access-codes -- create --count N');
  });
});
