// Drizzle only: what the analytics reports read (docs/product/analytics.md#reading-the-figures). The daily rollups,
// always one business's range of days, so each query is a range scan of analytics_daily's index (business_id,
// metric, day) or primary key; sums over a range are made here, not in the server. And the business's testimonials,
// for names and text and for the form's approvals.
import { and, asc, between, desc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { analyticsDaily, testimonials } from '../../db/schema.js';
import { metrics, TOTAL, type Metric } from './metrics.js';

/** Local days, both ends included, as YYYY-MM-DD. */
export type DayRange = { from: string; to: string };

/** A day's total of a metric (dimension ''). */
export type DayTotalRow = { day: string; metric: string; count: number };
/** A metric's count summed over a range, for one dimension ('' for the totals). */
export type SumRow = { metric: string; dimension: string; count: number };

const summedCount = sql<number>`sum(${analyticsDaily.count})`.mapWith(Number);

/** One business's rows of analytics_daily within a range of days, for the given metrics. */
const withinRange = (businessId: string, range: DayRange, metricsOf: readonly Metric[]) =>
  and(
    eq(analyticsDaily.businessId, businessId),
    between(analyticsDaily.day, range.from, range.to),
    inArray(analyticsDaily.metric, [...metricsOf]),
  );

/** The day totals of `metrics` over the range: a row per day and metric that has one. */
export function dayTotals(
  db: Executor,
  businessId: string,
  range: DayRange,
  metricsOf: readonly Metric[],
): Promise<DayTotalRow[]> {
  return db
    .select({
      day: analyticsDaily.day,
      metric: analyticsDaily.metric,
      count: analyticsDaily.count,
    })
    .from(analyticsDaily)
    .where(and(withinRange(businessId, range, metricsOf), eq(analyticsDaily.dimension, TOTAL)));
}

/**
 * What the Analytics screen reads of the rollups, summed in the database so that only the chart's rows travel: the
 * day totals of `chart` over `range`, the totals of `chart` summed over `previous`, and the splits of `splits`
 * summed over `range`. Three selects in one statement, each with every condition on the primary key's columns, so
 * each is one range of the index.
 */
export async function reportRollups(
  db: Executor,
  businessId: string,
  wanted: {
    range: DayRange;
    previous: DayRange;
    chart: readonly Metric[];
    splits: readonly Metric[];
  },
): Promise<{ days: DayTotalRow[]; previousTotals: SumRow[]; splits: SumRow[] }> {
  const { range, previous, chart, splits } = wanted;
  const days = db
    .select({
      part: sql<string>`'day'`.as('part'),
      day: sql<string | null>`${analyticsDaily.day}::text`.as('day'),
      metric: analyticsDaily.metric,
      dimension: analyticsDaily.dimension,
      count: sql<number>`${analyticsDaily.count}`.mapWith(Number).as('count'),
    })
    .from(analyticsDaily)
    .where(and(withinRange(businessId, range, chart), eq(analyticsDaily.dimension, TOTAL)));
  const sums = (part: string, over: DayRange, metricsOf: readonly Metric[], total: boolean) =>
    db
      .select({
        part: sql<string>`${part}`.as('part'),
        day: sql<string | null>`null`.as('day'),
        metric: analyticsDaily.metric,
        dimension: analyticsDaily.dimension,
        count: summedCount.as('count'),
      })
      .from(analyticsDaily)
      .where(
        and(
          withinRange(businessId, over, metricsOf),
          total ? eq(analyticsDaily.dimension, TOTAL) : ne(analyticsDaily.dimension, TOTAL),
        ),
      )
      .groupBy(analyticsDaily.metric, analyticsDaily.dimension);
  const rows = await days
    .unionAll(sums('previous', previous, chart, true))
    .unionAll(sums('splits', range, splits, false));
  const result = {
    days: [] as DayTotalRow[],
    previousTotals: [] as SumRow[],
    splits: [] as SumRow[],
  };
  for (const { part, day, metric, dimension, count } of rows) {
    if (part === 'day' && day !== null) result.days.push({ day, metric, count });
    else if (part === 'previous') result.previousTotals.push({ metric, dimension, count });
    else if (part === 'splits') result.splits.push({ metric, dimension, count });
  }
  return result;
}

/** The dimensions of one metric with the largest sums over the range, largest first (ties by name). */
export function topDimensions(
  db: Executor,
  businessId: string,
  range: DayRange,
  metric: Metric,
  limit: number,
): Promise<Array<{ dimension: string; count: number }>> {
  return db
    .select({ dimension: analyticsDaily.dimension, count: summedCount })
    .from(analyticsDaily)
    .where(
      and(
        eq(analyticsDaily.businessId, businessId),
        between(analyticsDaily.day, range.from, range.to),
        eq(analyticsDaily.metric, metric),
        ne(analyticsDaily.dimension, TOTAL),
      ),
    )
    .groupBy(analyticsDaily.dimension)
    .orderBy(desc(summedCount), asc(analyticsDaily.dimension))
    .limit(limit);
}

export type TestimonialAttention = {
  id: string;
  authorName: string;
  /** The start of its text, enough for an excerpt. */
  content: string;
  impressions: number;
  readMore: number;
  msOnScreen: number;
};

/** Enough of a testimonial's text for the report's excerpt, without reading a long one whole. */
const CONTENT_HEAD = 400;

/**
 * The business's testimonials by the attention their cards had over the range: card impressions, then Read more,
 * then time on screen. A rollup row naming a testimonial the business does not have (deleted, or another's id sent
 * to its widget) finds no testimonial in the join and is left out.
 */
export function testimonialAttention(
  db: Executor,
  businessId: string,
  range: DayRange,
  limit: number,
): Promise<TestimonialAttention[]> {
  const sumOf = (metric: Metric) =>
    sql<number>`coalesce(sum(${analyticsDaily.count}) filter (where ${analyticsDaily.metric} = ${metric}), 0)`.mapWith(
      Number,
    );
  const perCard = db.$with('per_card').as(
    db
      .select({
        testimonialId: sql<string>`${analyticsDaily.dimension}`.as('testimonial_id'),
        impressions: sumOf(metrics.cardImpressions).as('impressions'),
        readMore: sumOf(metrics.readMore).as('read_more'),
        msOnScreen: sumOf(metrics.cardMs).as('ms_on_screen'),
      })
      .from(analyticsDaily)
      .where(
        and(
          eq(analyticsDaily.businessId, businessId),
          between(analyticsDaily.day, range.from, range.to),
          inArray(analyticsDaily.metric, [
            metrics.cardImpressions,
            metrics.readMore,
            metrics.cardMs,
          ]),
        ),
      )
      .groupBy(analyticsDaily.dimension),
  );
  return db
    .with(perCard)
    .select({
      id: testimonials.id,
      authorName: testimonials.authorName,
      content: sql<string>`left(${testimonials.content}, ${CONTENT_HEAD})`,
      impressions: sql<number>`${perCard.impressions}`.mapWith(Number),
      readMore: sql<number>`${perCard.readMore}`.mapWith(Number),
      msOnScreen: sql<number>`${perCard.msOnScreen}`.mapWith(Number),
    })
    .from(perCard)
    .innerJoin(
      testimonials,
      and(
        eq(testimonials.businessId, businessId),
        // Compared as text: a dimension is whatever the rollup holds, and a cast to uuid could fail.
        sql`${testimonials.id}::text = ${perCard.testimonialId}`,
      ),
    )
    .orderBy(
      desc(perCard.impressions),
      desc(perCard.readMore),
      desc(perCard.msOnScreen),
      asc(testimonials.id),
    )
    .limit(limit);
}

/**
 * When the business's testimonials from the public form (no source) that are approved now were approved, within
 * [since, until). The caller puts each on its local day.
 */
export async function formApprovalTimes(
  db: Executor,
  businessId: string,
  since: Date,
  until: Date,
): Promise<Date[]> {
  const rows = await db
    .select({ approvedAt: testimonials.approvedAt })
    .from(testimonials)
    .where(
      and(
        eq(testimonials.businessId, businessId),
        eq(testimonials.status, 'approved'),
        isNull(testimonials.source),
        gte(testimonials.approvedAt, since),
        lt(testimonials.approvedAt, until),
      ),
    );
  return rows.flatMap((row) => (row.approvedAt ? [row.approvedAt] : []));
}
