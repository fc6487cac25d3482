// Drizzle only: the owner's notification settings, and the testimonials that await a new-testimonial email.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { approvalLinks, businesses, testimonials, users } from '../../db/schema.js';
import type { NotificationSettings } from '../../../shared/schemas/notifications.js';

export async function findSettings(
  db: Executor,
  businessId: string,
): Promise<NotificationSettings | null> {
  const [row] = await db
    .select({ newTestimonialEmails: businesses.newTestimonialEmails })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row ?? null;
}

export async function saveSettings(
  db: Executor,
  businessId: string,
  settings: NotificationSettings,
): Promise<void> {
  await db.update(businesses).set(settings).where(eq(businesses.id, businessId));
}

export type OwnerEmailState = {
  businessName: string;
  collectionSlug: string;
  ownerEmail: string;
  mode: NotificationSettings['newTestimonialEmails'];
  ownerEmailedAt: Date | null;
};

export async function findOwnerEmailState(
  db: Executor,
  businessId: string,
): Promise<OwnerEmailState | null> {
  const [row] = await db
    .select({
      businessName: businesses.name,
      collectionSlug: businesses.collectionSlug,
      ownerEmail: users.email,
      mode: businesses.newTestimonialEmails,
      ownerEmailedAt: businesses.ownerEmailedAt,
    })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.ownerId))
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row ?? null;
}

export type AwaitingTestimonial = {
  id: string;
  authorName: string;
  rating: number;
  content: string;
  authorImageUrl: string | null;
  productImageUrls: string[];
  beforeImageUrl: string | null;
  afterImageUrl: string | null;
  submittedAt: Date;
};

/** The testimonials not yet in an email, oldest first. */
export async function listAwaiting(
  db: Executor,
  businessId: string,
): Promise<AwaitingTestimonial[]> {
  return db
    .select({
      id: testimonials.id,
      authorName: testimonials.authorName,
      rating: testimonials.rating,
      content: testimonials.content,
      authorImageUrl: testimonials.authorImageUrl,
      productImageUrls: testimonials.productImageUrls,
      beforeImageUrl: testimonials.beforeImageUrl,
      afterImageUrl: testimonials.afterImageUrl,
      submittedAt: testimonials.submittedAt,
    })
    .from(testimonials)
    .where(and(eq(testimonials.businessId, businessId), eq(testimonials.awaitsOwnerEmail, true)))
    .orderBy(asc(testimonials.submittedAt));
}

/** Whether any testimonial awaits an email. */
export async function anyAwaiting(db: Executor, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: testimonials.id })
    .from(testimonials)
    .where(and(eq(testimonials.businessId, businessId), eq(testimonials.awaitsOwnerEmail, true)))
    .limit(1);
  return row !== undefined;
}

/** Marks these testimonials emailed and the email sent at `now`. */
export async function markEmailed(
  db: Executor,
  businessId: string,
  ids: string[],
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(testimonials)
      .set({ awaitsOwnerEmail: false })
      .where(and(eq(testimonials.businessId, businessId), inArray(testimonials.id, ids)));
    await tx.update(businesses).set({ ownerEmailedAt: now }).where(eq(businesses.id, businessId));
  });
}

/** Clears every waiting mark of a business (its owner turned the emails off). */
export async function clearAwaiting(db: Executor, businessId: string): Promise<void> {
  await db
    .update(testimonials)
    .set({ awaitsOwnerEmail: false })
    .where(and(eq(testimonials.businessId, businessId), sql`${testimonials.awaitsOwnerEmail}`));
}

export async function markAwaiting(
  db: Executor,
  businessId: string,
  testimonialId: string,
): Promise<void> {
  await db
    .update(testimonials)
    .set({ awaitsOwnerEmail: true })
    .where(and(eq(testimonials.businessId, businessId), eq(testimonials.id, testimonialId)));
}

export async function insertApprovalLink(
  db: Executor,
  values: { tokenHash: string; businessId: string; testimonialId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(approvalLinks).values(values);
}

export type ApprovalLinkWithTestimonial = {
  id: string;
  businessId: string;
  testimonialId: string;
  expiresAt: Date;
  usedAt: Date | null;
  authorName: string;
  rating: number;
  content: string;
  status: string;
};

export async function findApprovalLink(
  db: Executor,
  tokenHash: string,
): Promise<ApprovalLinkWithTestimonial | null> {
  const [row] = await db
    .select({
      id: approvalLinks.id,
      businessId: approvalLinks.businessId,
      testimonialId: approvalLinks.testimonialId,
      expiresAt: approvalLinks.expiresAt,
      usedAt: approvalLinks.usedAt,
      authorName: testimonials.authorName,
      rating: testimonials.rating,
      content: testimonials.content,
      status: testimonials.status,
    })
    .from(approvalLinks)
    .innerJoin(testimonials, eq(testimonials.id, approvalLinks.testimonialId))
    .where(eq(approvalLinks.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Sets when the link was used (or null again); only if it still reads `expectedUsedAt`, so two clicks use it once. */
export async function setApprovalLinkUsed(
  db: Executor,
  id: string,
  expectedUsedAt: Date | null,
  usedAt: Date | null,
): Promise<boolean> {
  const updated = await db
    .update(approvalLinks)
    .set({ usedAt })
    .where(
      and(
        eq(approvalLinks.id, id),
        expectedUsedAt === null
          ? isNull(approvalLinks.usedAt)
          : eq(approvalLinks.usedAt, expectedUsedAt),
      ),
    )
    .returning({ id: approvalLinks.id });
  return updated.length > 0;
}
