// Opens the one database the app talks to: PGlite in DATA_DIR/db by default, or
// a PostgreSQL server through `pg` when DATABASE_URL is set. Everything above
// this module sees the same Drizzle `Database`.
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PgListener, pgliteListen, type Listen } from './notifications.js';
import { DatabasePool } from './pg-pool.js';
import { lockPgliteDir } from './pglite-lock.js';
import * as schema from './schema.js';

// Typed as the node-postgres flavour; the PGlite driver has the same API and
// the same `{ rows }` result shape for raw queries.
export type Database = NodePgDatabase<typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the server's URL, for connections of their own (migrate.ts). */
  url?: string;
  /** Resolves when the database answers a query; rejects otherwise. */
  ping: () => Promise<void>;
  /** LISTEN/NOTIFY: hears what any server sends with pg_notify on this database (notifications.ts). */
  listen: Listen;
  close: () => Promise<void>;
};

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-client'; client: PGlite };

export function databaseTarget(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') };
}

export async function openDatabase(
  target: DatabaseTarget,
  onPoolError: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // docs/security.md rules 16, 21: fail fast while the server is away or frozen, recover when it returns (pg-pool.ts).
    const pool = new DatabasePool(target.url);
    pool.on('error', onPoolError);
    // Its own connection: a pooled one may not stay in LISTEN. Timeouts so a frozen server cannot hang it.
    const notifications = new PgListener({
      createClient: () =>
        new pg.Client({
          connectionString: target.url,
          connectionTimeoutMillis: 2000,
          query_timeout: 5000,
          keepAlive: true,
        }),
      onError: onPoolError,
    });
    const db: Database = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      url: target.url,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      listen: notifications.listen,
      close: async () => {
        await notifications.close();
        await pool.end();
      },
    };
  }
  // A data directory of our own is locked while open (pglite-lock.ts); a client handed in is the caller's.
  const unlock = target.kind === 'pglite' ? lockPgliteDir(target.dataDir) : () => {};
  let client: PGlite;
  try {
    client = target.kind === 'pglite-client' ? target.client : await PGlite.create(target.dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  bytesAsTheyAre(client);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      if (client.closed) throw new Error('database is closed');
      await db.execute(sql`select 1`);
    },
    listen: pgliteListen(client),
    close: async () => {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

/**
 * Bytes for a bytea (a Uint8Array) go to PGlite as they are, in the binary format, and a bytea comes back as a
 * Buffer, as node-postgres sends and reads them with a server. PGlite's own way is hex text, written and read a
 * byte at a time in JavaScript on the app's thread: for the analytics batches (modules/analytics/beacon-batches.ts)
 * that took longer than storing them.
 */
function bytesAsTheyAre(client: PGlite): void {
  client.serializers[types.BYTEA] = (value: unknown) => {
    if (!(value instanceof Uint8Array)) throw new Error('a bytea parameter must be a Uint8Array');
    // PGlite sends a serializer's Uint8Array in the binary format; its types say string only.
    return value as unknown as string;
  };
  // Text output: \x and two hex digits a byte.
  client.parsers[types.BYTEA] = (text: string) => Buffer.from(text.slice(2), 'hex');
}
