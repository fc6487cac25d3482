// The analytics write side's queries (ingest.ts, visitor-hash.ts): the raw beacons, the day's visitors, the rollup
// counters, the salts, and the deletions of the retention sweep.
import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import {
  analyticsBeacons,
  analyticsDaily,
  analyticsSalts,
  analyticsVisitors,
  businesses,
} from '../../db/schema.js';
import type { BeaconRowsJson, DayVisitor } from './ingest-counter.js';
import type { Counter } from './ingest-fold.js';

/**
 * A batch's rows as one JSON parameter, which the database reads with jsonb_to_recordset: one value to bind however
 * many rows, where an array parameter per column has the driver escape each element (PGlite runs on the server's own
 * thread, so this is time the widget's answers wait for). Text, or the same as UTF-8 bytes (BeaconRowsJson).
 */
const jsonRows = (json: string | Uint8Array) => sql`${json}::text::jsonb`;

/**
 * A batch's rows may name a business deleted since they arrived (its own rows went with it): they are left out, so
 * that one deleted business cannot fail the whole batch on its foreign key, again at every flush.
 */
const ofABusiness = sql`exists (select 1 from ${businesses} where ${businesses.id} = incoming."businessId")`;

export async function insertBeacons(db: Executor, rows: BeaconRowsJson): Promise<void> {
  await db.execute(sql`
    insert into ${analyticsBeacons} (business_id, received_at, day, slug, page, visitor, events)
    select * from jsonb_to_recordset(${jsonRows(rows)}) as incoming(
      "businessId" uuid, "receivedAt" timestamptz, day date, slug text, page text, visitor text, events jsonb
    )
    where ${ofABusiness}`);
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
  await db.delete(analyticsBeacons).where(lt(analyticsBeacons.receivedAt, instant));
}

export async function deleteVisitorsBefore(db: Executor, day: string): Promise<void> {
  await db.delete(analyticsVisitors).where(lt(analyticsVisitors.day, day));
}
