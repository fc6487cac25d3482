// Drizzle only: a new testimonial from the public form, the bursts of
// submissions it may belong to, and the browser checks already spent.
import { and, count, desc, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import {
  businesses,
  spentChallenges,
  submissionBursts,
  testimonials,
  type TestimonialRow,
} from '../../db/schema.js';

export type NewSubmission = Pick<
  TestimonialRow,
  | 'businessId'
  | 'authorName'
  | 'authorEmail'
  | 'authorBusinessName'
  | 'authorLocation'
  | 'content'
  | 'rating'
  | 'authorImageUrl'
  | 'productImageUrls'
  | 'beforeImageUrl'
  | 'afterImageUrl'
  | 'burstId'
>;

export async function create(db: Executor, values: NewSubmission): Promise<TestimonialRow> {
  const [row] = await db
    .insert(testimonials)
    .values({ ...values, status: 'pending' })
    .returning();
  if (!row) throw new Error('insert into testimonials returned nothing');
  return row;
}

/** The business row, locked until the transaction ends. */
export async function lockBusiness(db: Executor, businessId: string): Promise<void> {
  await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .for('update');
}

/** The id of the business's latest burst whose last submission came after `since`, or null. */
export async function findBurstSince(
  db: Executor,
  businessId: string,
  since: Date,
): Promise<string | null> {
  const [row] = await db
    .select({ id: submissionBursts.id })
    .from(submissionBursts)
    .where(and(eq(submissionBursts.businessId, businessId), gt(submissionBursts.lastAt, since)))
    .orderBy(desc(submissionBursts.lastAt))
    .limit(1);
  return row?.id ?? null;
}

/** Public-form rows of the business submitted after `since` (API imports have a source). */
const publicSince = (businessId: string, since: Date) =>
  and(
    eq(testimonials.businessId, businessId),
    isNull(testimonials.source),
    gt(testimonials.submittedAt, since),
  );

/** How many public-form rows arrived after `since`, and when the first of them did. */
export async function publicSubmissionsSince(
  db: Executor,
  businessId: string,
  since: Date,
): Promise<{ count: number; first: Date | null }> {
  const [row] = await db
    .select({ count: count(), first: min(testimonials.submittedAt) })
    .from(testimonials)
    .where(publicSince(businessId, since));
  return { count: row?.count ?? 0, first: row?.first ?? null };
}

/** A new burst, joined by the public-form rows that arrived after `since`. */
export async function createBurst(
  db: Executor,
  values: { businessId: string; startedAt: Date; lastAt: Date },
  since: Date,
): Promise<string> {
  const [burst] = await db
    .insert(submissionBursts)
    .values(values)
    .returning({ id: submissionBursts.id });
  if (!burst) throw new Error('insert into submission_bursts returned nothing');
  await db
    .update(testimonials)
    .set({ burstId: burst.id })
    .where(and(publicSince(values.businessId, since), isNull(testimonials.burstId)));
  return burst.id;
}

export async function extendBurst(db: Executor, burstId: string, lastAt: Date): Promise<void> {
  await db.update(submissionBursts).set({ lastAt }).where(eq(submissionBursts.id, burstId));
}

/**
 * Records a challenge as spent (by its nonce): false when it was spent before.
 * Also deletes a few expired ones, skipping any another transaction holds, so
 * the table stays small without a sweep and nobody waits for it.
 */
export async function spendChallenge(
  db: Executor,
  nonce: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db.execute(sql`
    delete from ${spentChallenges} where ${spentChallenges.nonce} in (
      select ${spentChallenges.nonce} from ${spentChallenges}
      where ${spentChallenges.expiresAt} < ${now.toISOString()}::timestamptz
      limit 50 for update skip locked
    )`);
  const spent = await db
    .insert(spentChallenges)
    .values({ nonce, expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: spentChallenges.nonce });
  return spent.length > 0;
}
