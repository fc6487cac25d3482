// The analytics write side's queries (ingest.ts, visitor-hash.ts): the business of a slug, the raw rows, the
// day's visitors, the rollup counters, the salts, and the deletions of the retention sweep.
import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import {
  analyticsDaily,
  analyticsEvents,
  analyticsSalts,
  analyticsVisitors,
  businesses,
} from '../../db/schema.js';
import type { Counter } from './ingest-fold.js';
import type { IngestBusiness, RawEvent } from './ingest-rules.js';

/** Rows per INSERT: well under PostgreSQL's 65535 parameters for each table's columns. */
const ROWS_PER_INSERT = 1000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
    out.push(rows.slice(start, start + ROWS_PER_INSERT));
  return out;
}

/** The business whose collection slug is `slug` (today a widget's slug is its business's collection slug). */
export async function findBusinessBySlug(
  db: Executor,
  slug: string,
): Promise<IngestBusiness | null> {
  const [row] = await db
    .select({ id: businesses.id, timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.collectionSlug, slug))
    .limit(1);
  return row ?? null;
}

export async function insertEvents(db: Executor, rows: readonly RawEvent[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insert(analyticsEvents).values(chunk);
}

export type DayVisitor = { businessId: string; day: string; visitor: string };

/** Records the visitors; answers those not recorded before (each business's new visitors of the day). */
export async function insertNewVisitors(
  db: Executor,
  visitors: readonly DayVisitor[],
): Promise<{ businessId: string; day: string }[]> {
  const inserted: { businessId: string; day: string }[] = [];
  for (const chunk of chunks(visitors)) {
    inserted.push(
      ...(await db
        .insert(analyticsVisitors)
        .values(chunk)
        .onConflictDoNothing()
        .returning({ businessId: analyticsVisitors.businessId, day: analyticsVisitors.day })),
    );
  }
  return inserted;
}

/** Adds each counter to its row of analytics_daily, creating the row the first time. */
export async function addToDaily(db: Executor, counters: readonly Counter[]): Promise<void> {
  for (const chunk of chunks(counters)) {
    await db
      .insert(analyticsDaily)
      .values(chunk)
      .onConflictDoUpdate({
        target: [
          analyticsDaily.businessId,
          analyticsDaily.day,
          analyticsDaily.metric,
          analyticsDaily.dimension,
        ],
        set: { count: sql`${analyticsDaily.count} + excluded.count` },
      });
  }
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

export async function deleteEventsBefore(db: Executor, instant: Date): Promise<void> {
  await db.delete(analyticsEvents).where(lt(analyticsEvents.occurredAt, instant));
}

export async function deleteVisitorsBefore(db: Executor, day: string): Promise<void> {
  await db.delete(analyticsVisitors).where(lt(analyticsVisitors.day, day));
}
