// Drizzle only: the testimonials of one business. Every function takes the
// business id and puts it in the WHERE clause, so no query can reach another
// tenant's rows whatever id it is handed.
import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { TestimonialSort } from '../../../shared/schemas/testimonials.js';
import { containsPattern } from '../../db/contains-pattern.js';
import type { Executor } from '../../db/executor.js';
import { submissionBursts, testimonials, type TestimonialRow } from '../../db/schema.js';

export type TestimonialStatus = TestimonialRow['status'];

export type ListFilter = {
  status?: TestimonialStatus | undefined;
  /** Raw search text; wildcards in it match literally. */
  q?: string | undefined;
  /** Exactly this many stars. */
  rating?: number | undefined;
  /** At least this many stars. */
  minRating?: number | undefined;
  /** Submitted at or after this instant. */
  from?: Date | undefined;
  /** Submitted before this instant. */
  before?: Date | undefined;
  /** From this source, letter case aside; null: the public form's. */
  source?: string | null | undefined;
};

/** ORDER BY of the materialised matches (columns id, rating, submitted_at); the id makes it total. */
const listOrders: Record<TestimonialSort, SQL> = {
  newest: sql`submitted_at desc, id desc`,
  oldest: sql`submitted_at asc, id asc`,
  'rating-high': sql`rating desc, submitted_at desc, id desc`,
  'rating-low': sql`rating asc, submitted_at desc, id desc`,
};

function filterConditions(filter: ListFilter): SQL | undefined {
  const t = testimonials;
  return and(
    searchCondition(filter.q),
    filter.rating === undefined ? undefined : eq(t.rating, filter.rating),
    filter.minRating === undefined ? undefined : gte(t.rating, filter.minRating),
    filter.from ? gte(t.submittedAt, filter.from) : undefined,
    filter.before ? lt(t.submittedAt, filter.before) : undefined,
    sourceCondition(filter.source),
  );
}

function sourceCondition(source: string | null | undefined): SQL | undefined {
  if (source === undefined) return undefined;
  if (source === null) return isNull(testimonials.source);
  return sql`lower(${testimonials.source}) = lower(${source})`;
}

export type EditableValues = Partial<
  Pick<
    TestimonialRow,
    | 'authorName'
    | 'authorEmail'
    | 'authorLocation'
    | 'content'
    | 'rating'
    | 'status'
    | 'tags'
    | 'approvedAt'
    | 'authorImageUrl'
    | 'productImageUrls'
    | 'beforeImageUrl'
    | 'afterImageUrl'
  >
>;

/**
 * One ILIKE over author name, content and tags joined by newlines: a single
 * pass over each row. The search text never holds a newline (the query schema
 * folds whitespace), so a match cannot straddle two fields.
 */
function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const searchable = sql`(${testimonials.authorName} || E'\\n' || ${testimonials.content} || E'\\n' || array_to_string(${testimonials.tags}, E'\\n'))`;
  return sql`${searchable} ILIKE ${containsPattern(q)} ESCAPE '\\'`;
}

const ofBusiness = (businessId: string) => eq(testimonials.businessId, businessId);

export async function findById(
  db: Executor,
  businessId: string,
  id: string,
): Promise<TestimonialRow | null> {
  const [row] = await db
    .select()
    .from(testimonials)
    .where(and(ofBusiness(businessId), eq(testimonials.id, id)))
    .limit(1);
  return row ?? null;
}

/** The row, locked until the transaction ends (read-modify-write without lost updates). */
export async function findByIdForUpdate(
  db: Executor,
  businessId: string,
  id: string,
): Promise<TestimonialRow | null> {
  const [row] = await db
    .select()
    .from(testimonials)
    .where(and(ofBusiness(businessId), eq(testimonials.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** A new testimonial imported through the API v1 (the public form's insert is in modules/submissions). */
export async function create(
  db: Executor,
  values: typeof testimonials.$inferInsert,
): Promise<TestimonialRow> {
  const [row] = await db.insert(testimonials).values(values).returning();
  if (!row) throw new Error('insert into testimonials returned nothing');
  return row;
}

export type StatusCounts = { all: number; pending: number; approved: number; rejected: number };

type PageRow = StatusCounts & { ids: string[] | null };

/**
 * One page, newest first (submittedAt desc, id desc), and the per-status
 * counts of every row matching the search, from one scan: the matching rows
 * (narrow: id, status, time) are materialised once, counted, and paged; the
 * page's full rows are then read by primary key.
 */
export async function listPage(
  db: Executor,
  businessId: string,
  filter: ListFilter,
  page: { limit: number; offset: number; sort: TestimonialSort },
): Promise<{ counts: StatusCounts; rows: TestimonialRow[] }> {
  const t = testimonials;
  const statusFilter = filter.status ? sql`where status = ${filter.status}` : sql``;
  const order = listOrders[page.sort];
  const result = await db.execute<PageRow>(sql`
    with matches as materialized (
      select ${t.id} as id, ${t.status} as status, ${t.submittedAt} as submitted_at,
        ${t.rating} as rating
      from ${t}
      where ${and(ofBusiness(businessId), filterConditions(filter))}
    ),
    page as (
      select id, row_number() over (order by ${order}) as position
      from matches ${statusFilter}
      order by ${order}
      limit ${page.limit} offset ${page.offset}
    )
    select
      count(*)::int as "all",
      (count(*) filter (where status = 'pending'))::int as "pending",
      (count(*) filter (where status = 'approved'))::int as "approved",
      (count(*) filter (where status = 'rejected'))::int as "rejected",
      (select json_agg(id order by position) from page) as "ids"
    from matches
  `);
  const [summary] = result.rows;
  const counts = {
    all: summary?.all ?? 0,
    pending: summary?.pending ?? 0,
    approved: summary?.approved ?? 0,
    rejected: summary?.rejected ?? 0,
  };
  const ids = summary?.ids ?? [];
  if (ids.length === 0) return { counts, rows: [] };
  const found = await db
    .select()
    .from(t)
    .where(and(ofBusiness(businessId), inArray(t.id, ids)));
  const byId = new Map(found.map((row) => [row.id, row]));
  return { counts, rows: ids.flatMap((id) => byId.get(id) ?? []) };
}

/**
 * The distinct sources of the business's testimonials, in order, and whether any came through the form (source null).
 * A skip scan of `testimonials_business_source_key_idx` (business, source, key): one index probe per source, however
 * many testimonials each has.
 */
export async function listSources(
  db: Executor,
  businessId: string,
): Promise<{ sources: string[]; form: boolean }> {
  const t = testimonials;
  const result = await db.execute<{ sources: string[] | null; form: boolean }>(sql`
    with recursive found(source) as (
      (select ${t.source} from ${t}
        where ${t.businessId} = ${businessId} and ${t.source} is not null
        order by ${t.source} limit 1)
      union all
      select (select ${t.source} from ${t}
          where ${t.businessId} = ${businessId} and ${t.source} > found.source
          order by ${t.source} limit 1)
        from found where found.source is not null
    )
    select
      (select json_agg(source order by source) from found where source is not null) as "sources",
      exists (select 1 from ${t} where ${t.businessId} = ${businessId} and ${t.source} is null) as "form"
  `);
  const [row] = result.rows;
  return { sources: row?.sources ?? [], form: row?.form ?? false };
}

export type StatsRow = { total: number; pending: number; thisMonth: number; avgRating: number };

/** Dashboard numbers in one aggregate; the average is over ratings above 0, rounded to one decimal. */
export async function stats(db: Executor, businessId: string, monthStart: Date): Promise<StatsRow> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${testimonials.status} = 'pending'))::int`,
      thisMonth: sql<number>`(count(*) filter (where ${testimonials.submittedAt} >= ${monthStart.toISOString()}::timestamptz))::int`,
      avgRating: sql<number>`coalesce(round(avg(${testimonials.rating}) filter (where ${testimonials.rating} > 0), 1), 0)::float8`,
    })
    .from(testimonials)
    .where(ofBusiness(businessId));
  return row ?? { total: 0, pending: 0, thisMonth: 0, avgRating: 0 };
}

/** The owner's change of a row; an edit of its content or photos also takes it out of its burst (docs/decisions/0022). */
export async function update(
  db: Executor,
  businessId: string,
  id: string,
  values: EditableValues,
): Promise<TestimonialRow | null> {
  const edited = Object.keys(values).some(
    (column) => column !== 'status' && column !== 'approvedAt',
  );
  const [row] = await db
    .update(testimonials)
    .set(edited ? { ...values, burstId: null } : values)
    .where(and(ofBusiness(businessId), eq(testimonials.id, id)))
    .returning();
  return row ?? null;
}

export async function remove(
  db: Executor,
  businessId: string,
  id: string,
): Promise<TestimonialRow | null> {
  const [row] = await db
    .delete(testimonials)
    .where(and(ofBusiness(businessId), eq(testimonials.id, id)))
    .returning();
  return row ?? null;
}

export type LockedStatus = Pick<TestimonialRow, 'id' | 'status' | 'approvedAt'>;

/** Those of `ids` that belong to the business, locked until the transaction ends. */
export async function lockMany(
  db: Executor,
  businessId: string,
  ids: string[],
): Promise<LockedStatus[]> {
  return db
    .select({
      id: testimonials.id,
      status: testimonials.status,
      approvedAt: testimonials.approvedAt,
    })
    .from(testimonials)
    .where(and(ofBusiness(businessId), inArray(testimonials.id, ids)))
    .for('update');
}

export async function updateMany(
  db: Executor,
  businessId: string,
  ids: string[],
  values: Pick<EditableValues, 'status' | 'approvedAt'>,
): Promise<TestimonialRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(testimonials)
    .set(values)
    .where(and(ofBusiness(businessId), inArray(testimonials.id, ids)))
    .returning();
}

export type ImageColumns = Pick<
  TestimonialRow,
  'authorImageUrl' | 'productImageUrls' | 'beforeImageUrl' | 'afterImageUrl'
>;

/** Deletes the rows and hands them back: their image URLs, so the files can go too, and their webhook event. */
export async function removeMany(
  db: Executor,
  businessId: string,
  ids: string[],
): Promise<TestimonialRow[]> {
  return db
    .delete(testimonials)
    .where(and(ofBusiness(businessId), inArray(testimonials.id, ids)))
    .returning();
}

/**
 * Where the previous page ended (the export, API v1). `submittedAt` is
 * PostgreSQL's own text for the timestamp: a JS Date keeps milliseconds only
 * and would skip rows that differ in the microseconds.
 */
export type PageCursor = { submittedAt: string; id: string };

/**
 * One page in list order (newest first), strictly after `cursor`: keyset
 * paging, no OFFSET rescans. `next` is null on the last page.
 */
export async function pageAfter(
  db: Executor,
  businessId: string,
  {
    cursor,
    limit,
    status,
  }: { cursor: PageCursor | null; limit: number; status?: TestimonialStatus | undefined },
): Promise<{ rows: TestimonialRow[]; next: PageCursor | null }> {
  const after = cursor
    ? sql`(${testimonials.submittedAt}, ${testimonials.id}) < (${cursor.submittedAt}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  const page = await db
    .select({ row: testimonials, submittedAtText: sql<string>`${testimonials.submittedAt}::text` })
    .from(testimonials)
    .where(and(ofBusiness(businessId), status ? eq(testimonials.status, status) : undefined, after))
    .orderBy(desc(testimonials.submittedAt), desc(testimonials.id))
    // One more than asked: whether a next page exists is known without another query.
    .limit(limit + 1);
  const shown = page.slice(0, limit);
  const last = shown.at(-1);
  return {
    rows: shown.map((entry) => entry.row),
    next:
      last && page.length > limit ? { submittedAt: last.submittedAtText, id: last.row.id } : null,
  };
}

export type BurstRow = {
  id: string;
  startedAt: Date;
  lastAt: Date;
  submissions: number;
  pending: number;
};

/** The business's bursts of submissions that still have pending rows, newest first, with their counts. */
export async function listBursts(
  db: Executor,
  businessId: string,
  limit: number,
): Promise<BurstRow[]> {
  const pending = sql<number>`(count(*) filter (where ${testimonials.status} = 'pending'))::int`;
  return db
    .select({
      id: submissionBursts.id,
      startedAt: submissionBursts.startedAt,
      lastAt: submissionBursts.lastAt,
      submissions: sql<number>`count(*)::int`,
      pending,
    })
    .from(submissionBursts)
    .innerJoin(
      testimonials,
      and(eq(testimonials.burstId, submissionBursts.id), ofBusiness(businessId)),
    )
    .where(eq(submissionBursts.businessId, businessId))
    .groupBy(submissionBursts.id)
    .having(sql`${pending} > 0`)
    .orderBy(desc(submissionBursts.startedAt))
    .limit(limit);
}

/** Whether the business has this burst. */
export async function hasBurst(
  db: Executor,
  businessId: string,
  burstId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: submissionBursts.id })
    .from(submissionBursts)
    .where(and(eq(submissionBursts.id, burstId), eq(submissionBursts.businessId, businessId)));
  return row !== undefined;
}

/** Deletes the burst's rows that are still pending and hands them back. */
export async function removePendingOfBurst(
  db: Executor,
  businessId: string,
  burstId: string,
): Promise<TestimonialRow[]> {
  return db
    .delete(testimonials)
    .where(
      and(
        ofBusiness(businessId),
        eq(testimonials.burstId, burstId),
        eq(testimonials.status, 'pending'),
      ),
    )
    .returning();
}
