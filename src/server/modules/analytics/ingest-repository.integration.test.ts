// The analytics write's queries at their limits, on the worker's database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL). What they store in the ordinary case is ingest.integration.test.ts's.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { analyticsBeaconBatches } from '../../db/schema.js';
import { testDatabase } from '../../testing/test-database.js';
import { batchesOf } from './beacon-batches.js';
import { insertBeaconBatches } from './ingest-repository.js';
import { submissionOf } from './ingest-rules.js';

it('writes more batches than one statement can bind: a queue kept while the database was away', async () => {
  const { db } = await testDatabase();
  // 14,000 businesses with a beacon each: in one statement, 84,000 parameters, past the 65,535 a statement may bind.
  const businesses = 14_000;
  const { rows } = await db.execute<{ id: string }>(sql`
    with owners as (
      insert into users (email, password)
      select 'owner-' || n || '@repository.example', 'x' from generate_series(1, ${businesses}) as n
      returning id, email
    )
    insert into businesses (owner_id, name, collection_slug)
    select id, email, 'repository-' || email from owners
    returning id`);
  const now = new Date('2026-03-02T10:00:00Z');
  const batches = batchesOf(rows.map(({ id }) => submissionOf({ id, timeZone: 'UTC' }, now)));
  await insertBeaconBatches(db, batches);
  const [stored] = await db
    .select({ batches: sql<number>`count(*)::int` })
    .from(analyticsBeaconBatches);
  expect(stored?.batches).toBe(businesses);
}, 60_000);
