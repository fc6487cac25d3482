// A PostgreSQL that stops answering (docs/security.md rules 16, 21): the process is
// frozen or the network drops its packets, so every connection stays open and
// silent. Requests answer 503 within a few seconds, no pooled connection is
// lost or left mid-transaction, and everything works again once the server
// answers, without a restart. A TCP proxy in front of the test server freezes
// on demand. PostgreSQL only (the pg pool's behaviour): runs with TEST_DATABASE_URL.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { isDatabaseUnavailable } from '../errors.js';
import { createUser, uniqueEmail } from '../testing/factories.js';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.js';
import { createTestApp } from '../testing/test-app.js';
import { createPostgresDatabase, usingPostgres } from '../testing/test-database.js';
import { openDatabase, type DatabaseHandle } from './client.js';

/** The "within a few seconds": the client-side query timeout (5 s) plus room for a slow machine. */
const FEW_SECONDS_MS = 8_000;

/** A fresh migrated database, opened through a proxy that can freeze. */
async function databaseBehindProxy(): Promise<{
  database: DatabaseHandle;
  proxy: TcpProxy;
  directUrl: string;
}> {
  const directUrl = await createPostgresDatabase('frozen');
  const server = new URL(directUrl);
  const proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const proxied = new URL(directUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const database = await openDatabase({ kind: 'postgres', url: proxied.toString() });
  onTestFinished(async () => {
    proxy.restore();
    await database.close();
  });
  return { database, proxy, directUrl };
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

async function failure(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

async function succeeds(work: Promise<unknown>): Promise<boolean> {
  try {
    await work;
    return true;
  } catch {
    return false;
  }
}

/** Retries `attempt` until it resolves to true; a server back from a freeze is noticed within seconds. */
async function eventually(attempt: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await attempt()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

describe.skipIf(!usingPostgres())(
  'a PostgreSQL that stops answering (needs TEST_DATABASE_URL)',
  () => {
    it('answers requests 503 within a few seconds while frozen, and 200 again once it answers, without a restart', async () => {
      const { database, proxy } = await databaseBehindProxy();
      const app = await createTestApp({}, { database });
      const { email, password } = await createUser(app);
      const login = () =>
        app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
      expect((await login()).statusCode).toBe(200);

      proxy.freeze();
      const { result: frozen, ms } = await timed(() =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: uniqueEmail(), password: 'whatever password' },
        }),
      );
      expect(frozen.statusCode).toBe(503);
      expect(frozen.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' },
      });
      expect(ms).toBeLessThan(FEW_SECONDS_MS);

      proxy.restore();
      expect(await eventually(async () => (await login()).statusCode === 200)).toBe(true);
    });

    it('fails transactions within a few seconds while frozen, more of them than the pool has connections, and loses no connection', async () => {
      const { database, proxy } = await databaseBehindProxy();
      const { db } = database;
      await db.execute(sql`select 1`);

      proxy.freeze();
      // BEGIN itself times out, and drizzle then never releases its client: that must not cost the pool a connection.
      const { result: errors, ms } = await timed(() =>
        Promise.all(
          Array.from({ length: 12 }, () =>
            failure(db.transaction(async (tx) => tx.execute(sql`select 1`))),
          ),
        ),
      );
      expect(errors.every(isDatabaseUnavailable)).toBe(true);
      expect(ms).toBeLessThan(FEW_SECONDS_MS);

      proxy.restore();
      expect(
        await eventually(() => succeeds(db.transaction(async (tx) => tx.execute(sql`select 1`)))),
      ).toBe(true);
      // All ten connections of the pool at once, each held longer than a checkout may wait (2 s): none was lost.
      const holdAll = Array.from({ length: 10 }, () =>
        db.transaction(async (tx) => tx.execute(sql`select pg_sleep(2.5)`)),
      );
      expect(await succeeds(Promise.all(holdAll))).toBe(true);
    });

    it('ends a connection whose query timed out inside a transaction: the rollback does not wait, and no connection stays mid-transaction', async () => {
      const { database, proxy, directUrl } = await databaseBehindProxy();
      const { db } = database;
      const { result: error, ms } = await timed(() =>
        failure(
          db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            proxy.freeze();
            await tx.execute(sql`select 2`);
          }),
        ),
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(ms).toBeLessThan(FEW_SECONDS_MS);

      proxy.restore();
      expect(
        await eventually(() =>
          succeeds(Promise.all(Array.from({ length: 10 }, () => db.execute(sql`select 1`)))),
        ),
      ).toBe(true);
      const observer = new pg.Client({ connectionString: directUrl });
      await observer.connect();
      try {
        const { rows } = await observer.query<{ count: string }>(
          "select count(*) from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'",
        );
        expect(rows[0]?.count).toBe('0');
      } finally {
        await observer.end();
      }
    });
  },
);
