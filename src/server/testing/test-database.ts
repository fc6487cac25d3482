// One database per test worker, copied from the migrated snapshot made in
// global-setup.ts, and emptied before every test.
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { getTableName, sql } from 'drizzle-orm';
import { isTable } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import * as schema from '../db/schema.js';
import { TEMPLATE_DATABASE, databaseUrlWithName } from './postgres-url.js';

const workerKey = Symbol.for('vouchly.testDatabase');
type WorkerGlobal = typeof globalThis & { [workerKey]?: Promise<DatabaseHandle> };

/** The worker's database, created on first use. */
export function testDatabase(): Promise<DatabaseHandle> {
  const holder = globalThis as WorkerGlobal;
  holder[workerKey] ??= createWorkerDatabase();
  return holder[workerKey];
}

export const usingPostgres = (): boolean => inject('postgresUrl') !== '';

/**
 * PostgreSQL only: the URL of a new database on the test server, a copy of the
 * migrated template, or empty with `{ empty: true }`. Named after the worker,
 * so global-setup.ts drops it with the rest at the next run.
 */
export async function createPostgresDatabase(
  label = '',
  options: { empty?: boolean } = {},
): Promise<string> {
  const postgresUrl = inject('postgresUrl');
  if (!postgresUrl) throw new Error('createPostgresDatabase needs TEST_DATABASE_URL');
  const suffix = Math.random().toString(36).slice(2, 8);
  const name = `vouchly_test_${process.env.VITEST_POOL_ID ?? '0'}_${label ? `${label}_` : ''}${suffix}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(
      `CREATE DATABASE "${name}"${options.empty ? '' : ` TEMPLATE ${TEMPLATE_DATABASE}`}`,
    );
  } finally {
    await admin.end();
  }
  return databaseUrlWithName(postgresUrl, name);
}

/** A fresh, migrated, private database (for tests that close or break it). */
export async function createWorkerDatabase(): Promise<DatabaseHandle> {
  if (usingPostgres())
    return openDatabase({ kind: 'postgres', url: await createPostgresDatabase() });
  const snapshot = await readFile(inject('pgliteSnapshot'));
  const client = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  return openDatabase({ kind: 'pglite-client', client });
}

const tableNames = Object.values(schema)
  .filter((value) => isTable(value))
  .map((table) => `"${getTableName(table)}"`);

export async function truncateAll(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql.raw(`TRUNCATE ${tableNames.join(', ')} CASCADE`));
}
