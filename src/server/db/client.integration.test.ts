// The database handle's one departure from its drivers' defaults (client.ts `bytesAsTheyAre`): bytes for a bytea
// go to PGlite and come back as they are, as node-postgres does with a server, instead of as hex text built a byte at
// a time in JavaScript.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { testDatabase } from '../testing/test-database.js';

it('stores bytes given for a bytea as they are, and reads them back as bytes', async () => {
  const { db } = await testDatabase();
  // Every byte value, and enough of them that a byte-at-a-time conversion would show.
  const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
  const result = await db.execute<{ data: Uint8Array; length: number; first: string }>(
    sql`select ${bytes}::bytea as data, length(${bytes}::bytea) as length,
      encode(substring(${bytes}::bytea from 1 for 4), 'hex') as first`,
  );
  const [row] = result.rows;
  expect(row?.length).toBe(bytes.length);
  expect(row?.first).toBe('00070e15');
  expect(row?.data).toBeInstanceOf(Uint8Array);
  expect(Buffer.from(row?.data ?? []).equals(Buffer.from(bytes))).toBe(true);
});
