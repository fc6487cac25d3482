// The import's reads and writes: testimonials in batches keyed by their source, and the runs with their photo report.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { importRuns, testimonials, type ImportRunRow } from '../../db/schema.js';

export type ImportedValues = typeof testimonials.$inferInsert & {
  sourceKey: string;
  source: string;
};

/** Inserts the rows whose key is new for the business and source; answers the ids and keys of those inserted. */
export function insertNew(
  db: Executor,
  rows: ImportedValues[],
): Promise<{ id: string; sourceKey: string | null }[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db
    .insert(testimonials)
    .values(rows)
    .onConflictDoNothing({
      target: [testimonials.businessId, testimonials.source, testimonials.sourceKey],
    })
    .returning({ id: testimonials.id, sourceKey: testimonials.sourceKey });
}

/** Which of `keys` the business already holds from `source`. */
export async function existingKeys(
  db: Executor,
  businessId: string,
  source: string,
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const found = await db
    .select({ key: testimonials.sourceKey })
    .from(testimonials)
    .where(
      and(
        eq(testimonials.businessId, businessId),
        eq(testimonials.source, source),
        inArray(testimonials.sourceKey, keys),
      ),
    );
  return new Set(found.map((row) => row.key ?? ''));
}

export async function createRun(
  db: Executor,
  values: typeof importRuns.$inferInsert,
): Promise<ImportRunRow> {
  const [row] = await db.insert(importRuns).values(values).returning();
  if (!row) throw new Error('insert into import_runs returned nothing');
  return row;
}

export function listRuns(db: Executor, businessId: string, limit: number): Promise<ImportRunRow[]> {
  return db
    .select()
    .from(importRuns)
    .where(eq(importRuns.businessId, businessId))
    .orderBy(desc(importRuns.createdAt), desc(importRuns.id))
    .limit(limit);
}

/** One photo of the run is over: fetched, or given up on with `failure`; nothing to count without a run. */
export async function recordPhotoOutcome(
  db: Executor,
  runId: string | null,
  failure: { authorName: string; url: string; reason: string } | null,
): Promise<void> {
  if (runId === null) return;
  await db
    .update(importRuns)
    .set({
      photosDone: sql`${importRuns.photosDone} + 1`,
      ...(failure
        ? { photoFailures: sql`${importRuns.photoFailures} || ${JSON.stringify([failure])}::jsonb` }
        : {}),
    })
    .where(eq(importRuns.id, runId));
}

/** Sets the author photo of an imported testimonial unless it has one by now; false when it did not. */
export async function setAuthorImageIfUnset(
  db: Executor,
  businessId: string,
  testimonialId: string,
  objectPath: string,
): Promise<boolean> {
  const updated = await db
    .update(testimonials)
    .set({ authorImageUrl: objectPath })
    .where(
      and(
        eq(testimonials.id, testimonialId),
        eq(testimonials.businessId, businessId),
        sql`${testimonials.authorImageUrl} is null`,
      ),
    )
    .returning({ id: testimonials.id });
  return updated.length > 0;
}

export async function findTestimonialForPhoto(
  db: Executor,
  testimonialId: string,
): Promise<{ businessId: string; authorName: string; status: string } | null> {
  const [row] = await db
    .select({
      businessId: testimonials.businessId,
      authorName: testimonials.authorName,
      status: testimonials.status,
    })
    .from(testimonials)
    .where(eq(testimonials.id, testimonialId))
    .limit(1);
  return row ?? null;
}
