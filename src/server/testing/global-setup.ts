// Vitest global setup for the integration project: prepares one migrated
// database that every worker copies, so no test pays for migrations.
// - PGlite (default): a migrated data directory dumped to a tarball.
// - PostgreSQL (TEST_DATABASE_URL): a migrated template database.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { TEMPLATE_DATABASE, databaseUrlWithName } from './postgres-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgresUrl = process.env.TEST_DATABASE_URL ?? '';
  project.provide('postgresUrl', postgresUrl);
  if (postgresUrl) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await dropDatabasesLike(admin, 'vouchly_test_%');
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = await openDatabase({
      kind: 'postgres',
      url: databaseUrlWithName(postgresUrl, TEMPLATE_DATABASE),
    });
    await migrateDatabase(template);
    await template.close();
    project.provide('pgliteSnapshot', '');
    return async () => {
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await dropDatabasesLike(cleanup, 'vouchly_test_%');
      await cleanup.end();
    };
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'vouchly-pglite-'));
  const client = await PGlite.create();
  const handle = await openDatabase({ kind: 'pglite-client', client });
  await migrateDatabase(handle);
  const dump = await client.dumpDataDir('none');
  const snapshot = path.join(dir, 'migrated.tar');
  await writeFile(snapshot, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', snapshot);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

async function dropDatabasesLike(admin: pg.Client, pattern: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE datname LIKE $1',
    [pattern],
  );
  for (const { datname } of rows) {
    await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
}
