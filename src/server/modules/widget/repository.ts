// Drizzle only: the one widget_settings row of a business, and what the public
// widget shows (the business by its slug, its approved testimonials).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import {
  businesses,
  copiedSnippets,
  testimonials,
  widgetSettings,
  type BusinessRow,
  type CopiedSnippetRow,
  type TestimonialRow,
  type WidgetSettingsRow,
} from '../../db/schema.js';

export async function findByBusinessId(
  db: Executor,
  businessId: string,
): Promise<WidgetSettingsRow | null> {
  const [row] = await db
    .select()
    .from(widgetSettings)
    .where(eq(widgetSettings.businessId, businessId))
    .limit(1);
  return row ?? null;
}

/** Sets some fields, creating the row with the schema defaults when the business has none. */
export async function upsert(
  db: Executor,
  businessId: string,
  values: Partial<Omit<WidgetSettingsRow, 'id' | 'businessId' | 'updatedAt'>>,
): Promise<WidgetSettingsRow> {
  const [row] = await db
    .insert(widgetSettings)
    .values({ businessId, ...values })
    .onConflictDoUpdate({
      target: widgetSettings.businessId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('widget settings upsert returned no row');
  return row;
}

/** The embed codes the business copied, one row per kind at most. */
export function findCopiedSnippets(db: Executor, businessId: string): Promise<CopiedSnippetRow[]> {
  return db.select().from(copiedSnippets).where(eq(copiedSnippets.businessId, businessId));
}

/** Remembers the code of this kind just copied, replacing the one before. */
export async function upsertCopiedSnippet(
  db: Executor,
  values: Pick<CopiedSnippetRow, 'businessId' | 'kind' | 'height'>,
): Promise<void> {
  await db
    .insert(copiedSnippets)
    .values(values)
    .onConflictDoUpdate({
      target: [copiedSnippets.businessId, copiedSnippets.kind],
      set: { height: values.height, copiedAt: new Date() },
    });
}

export type PublicBusinessRow = Pick<
  BusinessRow,
  'id' | 'name' | 'logoUrl' | 'collectionSlug' | 'timeZone'
>;

/** The business with this slug and its widget settings row (null if it has none), or null. */
export async function findBusinessBySlug(
  db: Executor,
  slug: string,
): Promise<{ business: PublicBusinessRow; settings: WidgetSettingsRow | null } | null> {
  const [row] = await db
    .select({
      business: {
        id: businesses.id,
        name: businesses.name,
        logoUrl: businesses.logoUrl,
        collectionSlug: businesses.collectionSlug,
        timeZone: businesses.timeZone,
      },
      settings: widgetSettings,
    })
    .from(businesses)
    .leftJoin(widgetSettings, eq(widgetSettings.businessId, businesses.id))
    .where(eq(businesses.collectionSlug, slug))
    .limit(1);
  return row ?? null;
}

/** Never the author's email: it is not even read. */
export type PublicTestimonialRow = Omit<
  TestimonialRow,
  | 'authorEmail'
  | 'businessId'
  | 'status'
  | 'tags'
  | 'sourceKey'
  | 'burstId'
  | 'awaitsOwnerEmail'
  | 'reviewSourceId'
  | 'sourceDigest'
  | 'goneFromSourceAt'
>;

/** The business's approved testimonials still at their source, most recently approved first, at most `limit`. */
export async function listApproved(
  db: Executor,
  businessId: string,
  limit: number,
): Promise<PublicTestimonialRow[]> {
  const t = testimonials;
  return (
    db
      .select({
        id: t.id,
        authorName: t.authorName,
        authorBusinessName: t.authorBusinessName,
        authorLocation: t.authorLocation,
        content: t.content,
        rating: t.rating,
        authorImageUrl: t.authorImageUrl,
        productImageUrls: t.productImageUrls,
        beforeImageUrl: t.beforeImageUrl,
        afterImageUrl: t.afterImageUrl,
        submittedAt: t.submittedAt,
        approvedAt: t.approvedAt,
        // For the source mark; the service passes them on only while the settings show it.
        source: t.source,
        sourceUrl: t.sourceUrl,
      })
      .from(t)
      // A review gone from its source is left out until it comes back (docs/decisions/0036).
      .where(
        and(eq(t.businessId, businessId), eq(t.status, 'approved'), isNull(t.goneFromSourceAt)),
      )
      .orderBy(sql`${t.approvedAt} desc nulls last`, desc(t.submittedAt), desc(t.id))
      .limit(limit)
  );
}

/** The first time the widget is seen on another site (docs/product/widget.md#first-seen); later sightings change nothing. */
export async function markWidgetSeen(
  db: Executor,
  businessId: string,
  origin: string,
  at: Date,
): Promise<void> {
  await db
    .update(businesses)
    .set({ widgetSeenAt: at, widgetSeenOrigin: origin })
    .where(and(eq(businesses.id, businessId), sql`${businesses.widgetSeenAt} is null`));
}
