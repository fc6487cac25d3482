// Drizzle only: requests to customers, the addresses a business never emails again, and the request settings
// kept on the business row.
import { and, count, desc, eq, gt, gte, ilike, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type {
  RequestSettings,
  RequestStatus,
  SuppressionReason,
} from '../../../shared/schemas/requests.js';
import { containsPattern } from '../../db/contains-pattern.js';
import type { Executor } from '../../db/executor.js';
import {
  businesses,
  emailSuppressions,
  reviewRequests,
  type ReviewRequestRow,
} from '../../db/schema.js';

const settingsColumns = {
  subject: businesses.requestSubject,
  body: businesses.requestBody,
  reminderDays: businesses.requestReminderDays,
  dailyCap: businesses.requestDailyCap,
};

export type RequestBusiness = RequestSettings & {
  id: string;
  name: string;
  collectionSlug: string;
};

/** `forUpdate` holds the row until the transaction ends, so two lists sent at once share one daily cap. */
export async function findBusiness(
  db: Executor,
  businessId: string,
  options: { forUpdate?: boolean } = {},
): Promise<RequestBusiness | null> {
  const query = db
    .select({
      id: businesses.id,
      name: businesses.name,
      collectionSlug: businesses.collectionSlug,
      ...settingsColumns,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Answers whether the business exists (and so was written). */
export async function saveSettings(
  db: Executor,
  businessId: string,
  settings: RequestSettings,
): Promise<boolean> {
  const saved = await db
    .update(businesses)
    .set({
      requestSubject: settings.subject,
      requestBody: settings.body,
      requestReminderDays: settings.reminderDays,
      requestDailyCap: settings.dailyCap,
    })
    .where(eq(businesses.id, businessId))
    .returning({ id: businesses.id });
  return saved.length > 0;
}

export async function findSuppressions(
  db: Executor,
  businessId: string,
  emails: string[],
): Promise<Map<string, SuppressionReason>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: emailSuppressions.email, reason: emailSuppressions.reason })
    .from(emailSuppressions)
    .where(
      and(eq(emailSuppressions.businessId, businessId), inArray(emailSuppressions.email, emails)),
    );
  return new Map(rows.map((row) => [row.email, row.reason]));
}

/** Keeps the first reason an address got. */
export async function addSuppression(
  db: Executor,
  values: { businessId: string; email: string; reason: SuppressionReason },
): Promise<void> {
  await db.insert(emailSuppressions).values(values).onConflictDoNothing();
}

/** Of these addresses, those the business asked after `since`. */
export async function findAskedSince(
  db: Executor,
  businessId: string,
  emails: string[],
  since: Date,
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ email: reviewRequests.email })
    .from(reviewRequests)
    .where(
      and(
        eq(reviewRequests.businessId, businessId),
        inArray(reviewRequests.email, emails),
        gt(reviewRequests.createdAt, since),
      ),
    );
  return new Set(rows.map((row) => row.email));
}

/** How many of the business's requests are due in [from, to). */
export async function countDueBetween(
  db: Executor,
  businessId: string,
  from: Date,
  to: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reviewRequests)
    .where(
      and(
        eq(reviewRequests.businessId, businessId),
        gte(reviewRequests.sendAt, from),
        lt(reviewRequests.sendAt, to),
      ),
    );
  return row?.n ?? 0;
}

export async function insertRequests(
  db: Executor,
  rows: { businessId: string; name: string; email: string; sendAt: Date; createdAt: Date }[],
): Promise<{ id: string; email: string }[]> {
  if (rows.length === 0) return [];
  return db
    .insert(reviewRequests)
    .values(rows)
    .returning({ id: reviewRequests.id, email: reviewRequests.email });
}

export type RequestWithBusiness = {
  request: ReviewRequestRow;
  business: RequestBusiness;
  /** The address's suppression for the business, if any. */
  suppressed: SuppressionReason | null;
};

/**
 * A request with its business's settings and its address's suppression, in one query: what a send job and the
 * links of its email read.
 */
export async function findWithBusiness(
  db: Executor,
  id: string,
): Promise<RequestWithBusiness | null> {
  const [row] = await db
    .select({
      request: reviewRequests,
      business: {
        id: businesses.id,
        name: businesses.name,
        collectionSlug: businesses.collectionSlug,
        ...settingsColumns,
      },
      suppressed: emailSuppressions.reason,
    })
    .from(reviewRequests)
    .innerJoin(businesses, eq(businesses.id, reviewRequests.businessId))
    .leftJoin(
      emailSuppressions,
      and(
        eq(emailSuppressions.businessId, reviewRequests.businessId),
        eq(emailSuppressions.email, reviewRequests.email),
      ),
    )
    .where(eq(reviewRequests.id, id))
    .limit(1);
  return row ?? null;
}

/** Moves the request from one of `from` to `changes.status`; answers whether it did. */
export async function moveStatus(
  db: Executor,
  id: string,
  from: readonly RequestStatus[],
  changes: Partial<Omit<ReviewRequestRow, 'id' | 'businessId'>>,
): Promise<boolean> {
  const moved = await db
    .update(reviewRequests)
    .set(changes)
    .where(and(eq(reviewRequests.id, id), inArray(reviewRequests.status, [...from])))
    .returning({ id: reviewRequests.id });
  return moved.length > 0;
}

/** Records the reminder once; answers whether this call did. */
export async function markReminded(db: Executor, id: string, now: Date): Promise<boolean> {
  const marked = await db
    .update(reviewRequests)
    .set({ remindedAt: now })
    .where(and(eq(reviewRequests.id, id), sql`${reviewRequests.remindedAt} is null`))
    .returning({ id: reviewRequests.id });
  return marked.length > 0;
}

/** The testimonial that answered the request, in its business. */
export async function markSubmitted(
  db: Executor,
  values: { id: string; businessId: string; testimonialId: string; now: Date },
): Promise<ReviewRequestRow | null> {
  const [row] = await db
    .update(reviewRequests)
    .set({ status: 'submitted', submittedAt: values.now, testimonialId: values.testimonialId })
    .where(
      and(
        eq(reviewRequests.id, values.id),
        eq(reviewRequests.businessId, values.businessId),
        ne(reviewRequests.status, 'submitted'),
      ),
    )
    .returning();
  return row ?? null;
}

/** The address's requests still waiting to be sent: they never will be. */
export async function stopQueued(
  db: Executor,
  businessId: string,
  email: string,
  status: 'unsubscribed' | 'bounced',
): Promise<void> {
  await db
    .update(reviewRequests)
    .set({ status })
    .where(
      and(
        eq(reviewRequests.businessId, businessId),
        eq(reviewRequests.email, email),
        eq(reviewRequests.status, 'queued'),
      ),
    );
}

/** Where the previous page ended: PostgreSQL's own text of `createdAt` (microseconds kept) and the id. */
export type PageCursor = { createdAt: string; id: string };

/** One page, newest first, strictly after `cursor`; `next` is null on the last page. */
export async function pageAfter(
  db: Executor,
  businessId: string,
  options: {
    cursor: PageCursor | null;
    limit: number;
    status?: RequestStatus | undefined;
    q?: string | undefined;
  },
): Promise<{ rows: ReviewRequestRow[]; next: PageCursor | null }> {
  const { cursor, limit, status, q } = options;
  const after = cursor
    ? sql`(${reviewRequests.createdAt}, ${reviewRequests.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  const pattern = q ? containsPattern(q) : undefined;
  const page = await db
    .select({ row: reviewRequests, createdAtText: sql<string>`${reviewRequests.createdAt}::text` })
    .from(reviewRequests)
    .where(
      and(
        eq(reviewRequests.businessId, businessId),
        status ? eq(reviewRequests.status, status) : undefined,
        pattern
          ? or(ilike(reviewRequests.name, pattern), ilike(reviewRequests.email, pattern))
          : undefined,
        after,
      ),
    )
    .orderBy(desc(reviewRequests.createdAt), desc(reviewRequests.id))
    // One more than asked: whether a next page exists is known without another query.
    .limit(limit + 1);
  const shown = page.slice(0, limit);
  const last = shown.at(-1);
  return {
    rows: shown.map((entry) => entry.row),
    next: last && page.length > limit ? { createdAt: last.createdAtText, id: last.row.id } : null,
  };
}

export async function countByStatus(
  db: Executor,
  businessId: string,
): Promise<{ status: RequestStatus; n: number }[]> {
  return db
    .select({ status: reviewRequests.status, n: count() })
    .from(reviewRequests)
    .where(eq(reviewRequests.businessId, businessId))
    .groupBy(reviewRequests.status);
}
