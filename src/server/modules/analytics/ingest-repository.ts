// The analytics write side's queries (ingest.ts, visitor-hash.ts): the raw beacons, the day's visitors, the rollup
// counters, the salts, and the deletions of the retention sweep.
import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import {
  analyticsBeaconBatches,
  analyticsDaily,
  analyticsSalts,
  analyticsVisitors,
  businesses,
} from '../../db/schema.js';
import type { BeaconBatch, StoredBatch } from './beacon-batches.js';
import type { DayVisitor } from './ingest-counter.js';
import type { Counter } from './ingest-fold.js';

/**
 * A batch's rows as one JSON parameter, which the database reads with jsonb_to_recordset: one value to bind however
 * many rows, where an array parameter per column has the driver escape each element (PGlite runs on the server's own
 * thread, so this is time the widget's answers wait for).
 */
const jsonRows = (json: string) => sql`${json}::text::jsonb`;

/**
 * A batch's rows may name a business deleted since they arrived (its own rows went with it): they are left out, so
 * that one deleted business cannot fail the whole batch on its foreign key, again at every flush.
 */
const ofABusiness = sql`exists (select 1 from ${businesses} where ${businesses.id} = incoming."businessId")`;

/**
 * Batches per statement: six parameters each, well under the 65,535 a statement may bind. One flush holds at most
 * a few thousand businesses' batches, but a queue kept while the database was away may hold ten times more.
 */
const BATCHES_PER_INSERT = 1_000;

/** A flush's raw beacons, a row per business (beacon-batches.ts). */
export async function insertBeaconBatches(
  db: Executor,
  batches: readonly BeaconBatch[],
): Promise<void> {
  for (let start = 0; start < batches.length; start += BATCHES_PER_INSERT) {
    const rows = batches
      .slice(start, start + BATCHES_PER_INSERT)
      .map(
        (batch) =>
          sql`(${batch.businessId}::uuid, ${batch.receivedAt.toISOString()}::timestamptz, ${batch.beacons}::int, ${batch.events}::int, ${batch.encoding}::text, ${batch.data}::bytea)`,
      );
    await db.execute(sql`
      insert into ${analyticsBeaconBatches} (business_id, received_at, beacons, events, encoding, data)
      select "businessId", "receivedAt", beacons, events, encoding, data
      from (values ${sql.join(rows, sql`, `)}) as incoming("businessId", "receivedAt", beacons, events, encoding, data)
      where ${ofABusiness}`);
  }
}

/** The stored batches of a business, oldest first. */
export async function beaconBatchesOf(db: Executor, businessId: string): Promise<StoredBatch[]> {
  return db
    .select({ encoding: analyticsBeaconBatches.encoding, data: analyticsBeaconBatches.data })
    .from(analyticsBeaconBatches)
    .where(eq(analyticsBeaconBatches.businessId, businessId))
    .orderBy(analyticsBeaconBatches.id);
}

/** Records the visitors; answers those not recorded before (each business's new visitors of the day). */
export async function insertNewVisitors(
  db: Executor,
  visitors: readonly DayVisitor[],
): Promise<{ businessId: string; day: string }[]> {
  if (visitors.length === 0) return [];
  const result = await db.execute<{ business_id: string; day: string }>(sql`
    insert into ${analyticsVisitors} (business_id, day, visitor)
    select "businessId", day, visitor
    from jsonb_to_recordset(${jsonRows(JSON.stringify(visitors))}) as incoming("businessId" uuid, day date, visitor text)
    where ${ofABusiness}
    on conflict do nothing
    returning business_id, day::text as day`);
  return result.rows.map((row) => ({ businessId: row.business_id, day: row.day }));
}

/** Adds each counter to its row of analytics_daily, creating the row the first time; in the order given. */
export async function addToDaily(db: Executor, counters: readonly Counter[]): Promise<void> {
  if (counters.length === 0) return;
  await db.execute(sql`
    insert into ${analyticsDaily} (business_id, day, metric, dimension, count)
    select "businessId", day, metric, dimension, count
    from rows from (
      jsonb_to_recordset(${jsonRows(JSON.stringify(counters))}) as ("businessId" uuid, day date, metric text, dimension text, count bigint)
    ) with ordinality as incoming("businessId", day, metric, dimension, count, position)
    where ${ofABusiness}
    order by position
    on conflict (business_id, day, metric, dimension)
      do update set count = ${analyticsDaily.count} + excluded.count`);
}

/** The salt of `day`: `candidate` if no server made one first, else the one already stored. */
export async function saltOfDay(db: Executor, day: string, candidate: string): Promise<string> {
  await db.insert(analyticsSalts).values({ day, salt: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ salt: analyticsSalts.salt })
    .from(analyticsSalts)
    .where(eq(analyticsSalts.day, day));
  if (!row) throw new Error(`the analytics salt of ${day} is missing right after it was made`);
  return row.salt;
}

export async function deleteSaltsBefore(db: Executor, day: string): Promise<void> {
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
}

export async function deleteBeaconsBefore(db: Executor, instant: Date): Promise<void> {
  await db.delete(analyticsBeaconBatches).where(lt(analyticsBeaconBatches.receivedAt, instant));
}

export async function deleteVisitorsBefore(db: Executor, day: string): Promise<void> {
  await db.delete(analyticsVisitors).where(lt(analyticsVisitors.day, day));
}
