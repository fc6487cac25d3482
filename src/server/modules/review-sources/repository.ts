// Drizzle only: review sources and the testimonials they keep in step (docs/product/integrations.md#review-sources).
import { and, eq, isNotNull, isNull, notInArray } from 'drizzle-orm';
import type { ReviewSourceKind } from '../../../shared/schemas/review-sources.js';
import type { Executor } from '../../db/executor.js';
import { reviewSources, testimonials, type ReviewSourceRow } from '../../db/schema.js';

export async function listSources(db: Executor, businessId: string): Promise<ReviewSourceRow[]> {
  return db
    .select()
    .from(reviewSources)
    .where(eq(reviewSources.businessId, businessId))
    .orderBy(reviewSources.createdAt, reviewSources.id);
}

export async function findSource(
  db: Executor,
  businessId: string,
  id: string,
): Promise<ReviewSourceRow | null> {
  const [row] = await db
    .select()
    .from(reviewSources)
    .where(and(eq(reviewSources.businessId, businessId), eq(reviewSources.id, id)));
  return row ?? null;
}

export async function findSourceOfKind(
  db: Executor,
  businessId: string,
  kind: ReviewSourceKind,
): Promise<ReviewSourceRow | null> {
  const [row] = await db
    .select()
    .from(reviewSources)
    .where(and(eq(reviewSources.businessId, businessId), eq(reviewSources.kind, kind)));
  return row ?? null;
}

/** For the sync job, which knows only the id; the row then names its business. */
export async function findSourceById(db: Executor, id: string): Promise<ReviewSourceRow | null> {
  const [row] = await db.select().from(reviewSources).where(eq(reviewSources.id, id));
  return row ?? null;
}

export async function createSource(
  db: Executor,
  values: typeof reviewSources.$inferInsert,
): Promise<ReviewSourceRow> {
  const [row] = await db.insert(reviewSources).values(values).returning();
  if (!row) throw new Error('review source not created');
  return row;
}

export async function updateSource(
  db: Executor,
  businessId: string,
  id: string,
  values: Partial<typeof reviewSources.$inferInsert>,
): Promise<ReviewSourceRow | null> {
  const [row] = await db
    .update(reviewSources)
    .set(values)
    .where(and(eq(reviewSources.businessId, businessId), eq(reviewSources.id, id)))
    .returning();
  return row ?? null;
}

export async function removeSource(
  db: Executor,
  businessId: string,
  id: string,
): Promise<ReviewSourceRow | null> {
  const [row] = await db
    .delete(reviewSources)
    .where(and(eq(reviewSources.businessId, businessId), eq(reviewSources.id, id)))
    .returning();
  return row ?? null;
}

export type SyncedTestimonial = {
  id: string;
  sourceKey: string;
  authorName: string;
  content: string;
  rating: number;
  sourceDigest: string | null;
  reviewSourceId: string | null;
  goneFromSourceAt: Date | null;
  status: string;
};

/** The business's testimonials of this source's kind that carry a source key: synced ones and imported ones. */
export async function listKeyedTestimonials(
  db: Executor,
  businessId: string,
  source: ReviewSourceKind,
): Promise<SyncedTestimonial[]> {
  const t = testimonials;
  const rows = await db
    .select({
      id: t.id,
      sourceKey: t.sourceKey,
      authorName: t.authorName,
      content: t.content,
      rating: t.rating,
      sourceDigest: t.sourceDigest,
      reviewSourceId: t.reviewSourceId,
      goneFromSourceAt: t.goneFromSourceAt,
      status: t.status,
    })
    .from(t)
    .where(and(eq(t.businessId, businessId), eq(t.source, source), isNotNull(t.sourceKey)));
  return rows.map((row) => ({ ...row, sourceKey: row.sourceKey ?? '' }));
}

/** Inserts the new reviews; answers the id and key of each row inserted. */
export async function insertTestimonials(
  db: Executor,
  rows: (typeof testimonials.$inferInsert)[],
): Promise<{ id: string; sourceKey: string | null }[]> {
  if (rows.length === 0) return [];
  return db
    .insert(testimonials)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: testimonials.id, sourceKey: testimonials.sourceKey });
}

export async function updateTestimonial(
  db: Executor,
  businessId: string,
  id: string,
  values: Partial<typeof testimonials.$inferInsert>,
): Promise<void> {
  await db
    .update(testimonials)
    .set(values)
    .where(and(eq(testimonials.businessId, businessId), eq(testimonials.id, id)));
}

/** Marks this source's rows whose key is not in `present` as gone; answers how many changed. */
export async function markGone(
  db: Executor,
  businessId: string,
  sourceId: string,
  present: string[],
  at: Date,
): Promise<number> {
  const t = testimonials;
  const rows = await db
    .update(t)
    .set({ goneFromSourceAt: at })
    .where(
      and(
        eq(t.businessId, businessId),
        eq(t.reviewSourceId, sourceId),
        isNull(t.goneFromSourceAt),
        present.length > 0 ? notInArray(t.sourceKey, present) : undefined,
      ),
    )
    .returning({ id: t.id });
  return rows.length;
}
