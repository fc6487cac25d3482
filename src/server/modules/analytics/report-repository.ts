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

/**
 * One business's rows of analytics_daily within a range of days, for the given metrics: the totals (dimension '')
 * or the splits (every other dimension). Every condition is on the indexes' columns, so each query is one range of
 * them per metric.
 */
const rowsOf = (
  businessId: string,
  range: DayRange,
  metricsOf: readonly Metric[],
  dimensions: 'totals' | 'splits',
) =>
  and(
    eq(analyticsDaily.businessId, businessId),
    between(analyticsDaily.day, range.from, range.to),
    inArray(analyticsDaily.metric, [...metricsOf]),
    dimensions === 'totals'
      ? eq(analyticsDaily.dimension, TOTAL)
      : ne(analyticsDaily.dimension, TOTAL),
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
    .where(rowsOf(businessId, range, metricsOf, 'totals'));
}

/**
 * Counts summed in the database, so that a range's rows do not travel: the totals of `totals.metrics` over
 * `totals.range` (their rows have dimension ''), and the splits of `splits.metrics` over `splits.range` (every other
 * dimension). Two selects in one statement; an OR of the two would leave metric and dimension out of the index
 * condition and read every row of the days.
 */
export function summedRollups(
  db: Executor,
  businessId: string,
  wanted: Record<'totals' | 'splits', { range: DayRange; metrics: readonly Metric[] }>,
): Promise<SumRow[]> {
  const sums = (dimensions: 'totals' | 'splits') =>
    db
      .select({
        metric: analyticsDaily.metric,
        dimension: analyticsDaily.dimension,
        count: summedCount,
      })
      .from(analyticsDaily)
      .where(rowsOf(businessId, wanted[dimensions].range, wanted[dimensions].metrics, dimensions))
      .groupBy(analyticsDaily.metric, analyticsDaily.dimension);
  return sums('totals').unionAll(sums('splits'));
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
    .where(rowsOf(businessId, range, [metric], 'splits'))
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
      // Per testimonial: these metrics have no total row.
      .where(
        rowsOf(
          businessId,
          range,
          [metrics.cardImpressions, metrics.readMore, metrics.cardMs],
          'splits',
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
