// Drizzle only: the counts the first-week checklist is made of, and the owner actions it records.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import {
  businesses,
  importRuns,
  reviewRequests,
  reviewSources,
  testimonials,
} from '../../db/schema.js';

export type ChecklistCounts = {
  /** Testimonials that came through the public form (no import source). */
  formSubmissions: number;
  approved: number;
  /** Whether the owner asked a customer by email (any request, whatever became of it). */
  requested: boolean;
  /** Whether the owner connected a review source or imported a file. */
  broughtIn: boolean;
};

export async function countChecklistTestimonials(
  db: Executor,
  businessId: string,
): Promise<ChecklistCounts> {
  const exists = (table: typeof reviewRequests | typeof reviewSources | typeof importRuns) =>
    sql<boolean>`exists (select 1 from ${table} where ${table.businessId} = ${businessId})`;
  // One query: an aggregate answers one row even for a business without testimonials.
  const [counts] = await db
    .select({
      formSubmissions: sql<number>`count(*) filter (where ${testimonials.source} is null)`.mapWith(
        Number,
      ),
      approved: sql<number>`count(*) filter (where ${testimonials.status} = 'approved')`.mapWith(
        Number,
      ),
      requested: exists(reviewRequests),
      broughtIn: sql<boolean>`${exists(reviewSources)} or ${exists(importRuns)}`,
    })
    .from(testimonials)
    .where(eq(testimonials.businessId, businessId));
  return {
    formSubmissions: counts?.formSubmissions ?? 0,
    approved: counts?.approved ?? 0,
    requested: counts?.requested ?? false,
    broughtIn: counts?.broughtIn ?? false,
  };
}

/** The first time only: a later share keeps the first date. */
export async function markCollectionShared(db: Executor, businessId: string, at: Date) {
  await db
    .update(businesses)
    .set({ collectionSharedAt: at })
    .where(and(eq(businesses.id, businessId), isNull(businesses.collectionSharedAt)));
}

export async function markChecklistDismissed(db: Executor, businessId: string, at: Date) {
  await db
    .update(businesses)
    .set({ checklistDismissedAt: at })
    .where(and(eq(businesses.id, businessId), isNull(businesses.checklistDismissedAt)));
}
