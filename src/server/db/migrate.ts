// Applies the committed drizzle-kit migrations. Called at every start-up; a
// migration already applied is skipped by drizzle's own journal table.
// On PostgreSQL they run on a connection of their own, without the pool's
// query and statement timeouts (pg-pool.ts): those bound a request's wait for
// a frozen server, while a migration (an index on a big table) may rightly
// take minutes.
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DatabaseConnectionError } from '../errors.js';
import type { DatabaseHandle } from './client.js';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

/** Any fixed number: the advisory lock every Vouchly server takes to migrate. */
const MIGRATION_LOCK_ID = 0x766f7563; // "vouc"

export async function migrateDatabase(
  handle: DatabaseHandle,
  folder = migrationsFolder,
): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const client = new pg.Client({
    connectionString: handle.url,
    connectionTimeoutMillis: 2000,
    keepAlive: true,
  });
  // A dropped connection also fails the query under way, which reports it; unheard, it would end the process.
  client.on('error', () => {});
  try {
    await client.connect();
    // None, whatever the server's or the role's default (pg sends no startup parameter for 0).
    await client.query('set statement_timeout = 0');
  } catch (error) {
    await client.end().catch(() => {});
    // Marked as the database's, so start-up waits for a server that is not up yet (wait-for-database.ts).
    throw new DatabaseConnectionError(error);
  }
  try {
    // Servers started together migrate one at a time: drizzle's migrator takes no lock of its own.
    // A session lock, so it ends with the connection whatever happens.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
  } finally {
    await client.end();
  }
}
