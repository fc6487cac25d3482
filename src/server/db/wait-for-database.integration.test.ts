// The server starts before its PostgreSQL (docs/security.md rule 21): opening and
// migrating waits and retries until the server accepts connections. A TCP proxy
// that refuses every connection stands for the server that is not up yet.
// PostgreSQL only (PGlite is in-process): runs with TEST_DATABASE_URL.
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startTcpProxy } from '../testing/tcp-proxy.js';
import { createPostgresDatabase, usingPostgres } from '../testing/test-database.js';
import { openMigratedDatabase } from './wait-for-database.js';

describe.skipIf(!usingPostgres())(
  'opening a PostgreSQL that is not up yet (needs TEST_DATABASE_URL)',
  () => {
    it('logs a line per attempt and opens and migrates it once it accepts connections', async () => {
      const url = await createPostgresDatabase('late', { empty: true });
      const server = new URL(url);
      const proxy = await startTcpProxy({
        host: server.hostname,
        port: Number(server.port || 5432),
      });
      proxy.cut();
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);

      const lines: string[] = [];
      const database = await openMigratedDatabase(
        { kind: 'postgres', url: proxied.toString() },
        {
          delaysMs: [50],
          log: (line) => {
            lines.push(line);
            // The server comes up after the second failed attempt.
            if (lines.length === 2) proxy.restore();
          },
        },
      );
      onTestFinished(() => database.close());

      expect(lines).toHaveLength(2);
      for (const line of lines)
        expect(line).toMatch(/^database not reachable yet \(.+\); retrying in 50 ms$/);
      const { rows } = await database.db.execute(sql`select count(*)::int as count from users`);
      expect(rows).toEqual([{ count: 0 }]);
    });
  },
);
