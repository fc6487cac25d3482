// The analytics write's queries at their limits, on the worker's database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL). What they store in the ordinary case is ingest.integration.test.ts's.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { analyticsBeaconBatches } from '../../db/schema.js';
import { testDatabase } from '../../testing/test-database.js';
import { batchesOf } from './beacon-batches.js';
import { insertBeaconBatches } from './ingest-repository.js';

it('writes more batches than one statement can bind: a queue kept while the database was away', async () => {
  const { db } = await testDatabase();
  // 14,000 businesses with a beacon each: five parameters a batch would be 70,000, past PostgreSQL's 65,535.
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
  const batches = batchesOf(
    rows.map(({ id }) => ({
      businessId: id,
      receivedAt: new Date('2026-03-02T10:00:00Z'),
      day: '2026-03-02',
      slug: null,
      page: null,
      visitor: null,
      events: [{ type: 'submission' }],
    })),
  );
  await insertBeaconBatches(db, batches);
  const [stored] = await db
    .select({ batches: sql<number>`count(*)::int` })
    .from(analyticsBeaconBatches);
  expect(stored?.batches).toBe(businesses);
}, 60_000);
