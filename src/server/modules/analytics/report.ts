// What the owner and the API read of the analytics (docs/product/analytics.md#reading-the-figures): every figure comes
// from the daily rollups, on the business's local days; only the testimonials approved from the form are counted from
// the testimonials themselves, each on the local day of its approval in the business's time zone.
import {
  analyticsDailyFields,
  collectionSources,
  widgetInteractions,
  type AnalyticsDailyField,
} from '../../../shared/analytics.js';
import type {
  AnalyticsApi,
  AnalyticsRange,
  AnalyticsReport,
  AnalyticsTotals,
} from '../../../shared/schemas/analytics.js';
import { noAnalyticsTotals } from '../../../shared/schemas/analytics.js';
import { addDays, datesFromTo, localDay } from '../../../shared/calendar-days.js';
import type { BusinessRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { csvRow } from '../testimonials/export.js';
import { metrics, TOTAL, type Metric } from './metrics.js';
import * as repository from './report-repository.js';

/** The report's longest lists. */
const TOP_PAGES = 10;
const TOP_TESTIMONIALS = 20;
/** An excerpt of a testimonial's text, in characters. */
const EXCERPT_LENGTH = 120;

type ReportBusiness = Pick<BusinessRow, 'id' | 'timeZone'>;

/** The rollup metric of each daily figure. */
const dailyMetrics: Record<AnalyticsDailyField, Metric> = {
  impressions: metrics.impressions,
  visitors: metrics.visitors,
  interactions: metrics.interactions,
  formViews: metrics.formViews,
  formStarts: metrics.formStarts,
  submissions: metrics.submissions,
};
const fieldOfMetric = new Map(
  analyticsDailyFields.map((field) => [dailyMetrics[field] as string, field]),
);

/** The start of a testimonial's text on one line, cut at a word where it is longer than an excerpt. */
function excerptOf(content: string): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > EXCERPT_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** Adds a total of a daily figure's metric to `figures` (others are left out). */
function addTotal(figures: AnalyticsTotals, { metric, count }: { metric: string; count: number }) {
  const field = fieldOfMetric.get(metric);
  if (field) figures[field] += count;
}

/** The day totals of the rows, by date. */
function figuresByDate(rows: readonly repository.DayTotalRow[]): Map<string, AnalyticsTotals> {
  const byDate = new Map<string, AnalyticsTotals>();
  for (const row of rows) {
    let figures = byDate.get(row.day);
    if (!figures) byDate.set(row.day, (figures = noAnalyticsTotals()));
    addTotal(figures, row);
  }
  return byDate;
}

/** The figures named by `keys`, summed over the days. */
function sum<K extends string>(keys: readonly K[], days: ReadonlyArray<Record<K, number>>) {
  const total = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const day of days) for (const key of keys) total[key] += day[key];
  return total;
}

const reportFields = [...analyticsDailyFields, 'approved'] as const;

/** The rollup metrics of the daily figures. */
const DAILY_METRICS = Object.values(dailyMetrics);

/** Every day of the range, days without events at 0, and their totals: the API's answer. */
export async function getDailyFigures(
  { db }: Pick<Deps, 'db'>,
  business: ReportBusiness,
  range: AnalyticsRange,
): Promise<AnalyticsApi> {
  const figures = figuresByDate(await repository.dayTotals(db, business.id, range, DAILY_METRICS));
  const days = datesFromTo(range.from, range.to).map((date) => ({
    date,
    ...(figures.get(date) ?? noAnalyticsTotals()),
  }));
  return { days, totals: sum(analyticsDailyFields, days) };
}

/** How many of the form's testimonials were approved on each local day of `range` (and still are). */
async function approvalsByDate(
  db: Deps['db'],
  business: ReportBusiness,
  range: AnalyticsRange,
): Promise<Map<string, number>> {
  // Every time zone's day lies within a day either side of the UTC one: read wide, then keep the range's local days.
  const times = await repository.formApprovalTimes(
    db,
    business.id,
    new Date(`${addDays(range.from, -1)}T00:00:00Z`),
    new Date(`${addDays(range.to, 2)}T00:00:00Z`),
  );
  const byDate = new Map<string, number>();
  for (const time of times) {
    const date = localDay(time, business.timeZone);
    if (date >= range.from && date <= range.to) byDate.set(date, (byDate.get(date) ?? 0) + 1);
  }
  return byDate;
}

type ReportDay = AnalyticsReport['days'][number];

/** A day of the owner's report: its rollup figures and its approvals, 0 where there were none. */
const reportDayOf =
  (figures: Map<string, AnalyticsTotals>, approvals: Map<string, number>) =>
  (date: string): ReportDay => ({
    date,
    ...(figures.get(date) ?? noAnalyticsTotals()),
    approved: approvals.get(date) ?? 0,
  });

/** The days of the owner's report alone, as the CSV export writes them. */
export async function getReportDays(
  { db }: Pick<Deps, 'db'>,
  business: ReportBusiness,
  range: AnalyticsRange,
): Promise<ReportDay[]> {
  const [rows, approvals] = await Promise.all([
    repository.dayTotals(db, business.id, range, DAILY_METRICS),
    approvalsByDate(db, business, range),
  ]);
  return datesFromTo(range.from, range.to).map(reportDayOf(figuresByDate(rows), approvals));
}

/** Counts per key, most first; the keys in `order`, each once (0 when it has none), ties in that order. */
function ranked<K extends string>(order: readonly K[], counts: Map<string, number>) {
  return order
    .map((key, index) => ({ key, count: counts.get(key) ?? 0, index }))
    .sort((a, b) => b.count - a.count || a.index - b.index);
}

/** The Analytics screen's figures for a range, the period before it, and where the attention went. */
export async function getReport(
  { db }: Pick<Deps, 'db'>,
  business: ReportBusiness,
  range: AnalyticsRange,
): Promise<AnalyticsReport> {
  const dates = datesFromTo(range.from, range.to);
  const previousRange = { from: addDays(range.from, -dates.length), to: addDays(range.from, -1) };
  const splits = [
    metrics.impressions,
    metrics.widgetInteractions,
    metrics.formViews,
    metrics.interactions,
  ];
  const [dayRows, sums, pages, attention, approvals] = await Promise.all([
    repository.dayTotals(db, business.id, range, DAILY_METRICS),
    repository.summedRollups(db, business.id, {
      totals: { range: previousRange, metrics: DAILY_METRICS },
      splits: { range, metrics: splits },
    }),
    repository.topDimensions(db, business.id, range, metrics.pageImpressions, TOP_PAGES),
    repository.testimonialAttention(db, business.id, range, TOP_TESTIMONIALS),
    approvalsByDate(db, business, { from: previousRange.from, to: range.to }),
  ]);

  const days = dates.map(reportDayOf(figuresByDate(dayRows), approvals));
  const previousTotals = { ...noAnalyticsTotals(), approved: 0 };
  // The period before's totals (dimension ''), then the range's splits per metric and dimension.
  const splitSums = new Map<string, Map<string, number>>(
    splits.map((metric) => [metric, new Map()]),
  );
  for (const row of sums) {
    if (row.dimension === TOTAL) addTotal(previousTotals, row);
    else splitSums.get(row.metric)?.set(row.dimension, row.count);
  }
  for (const date of datesFromTo(previousRange.from, previousRange.to))
    previousTotals.approved += approvals.get(date) ?? 0;
  const split = (metric: Metric) => splitSums.get(metric) ?? new Map<string, number>();
  const widgetImpressions = split(metrics.impressions);
  const widgetActions = split(metrics.widgetInteractions);
  const widgets = [...new Set([...widgetImpressions.keys(), ...widgetActions.keys()])]
    .map((widget) => ({
      widget,
      impressions: widgetImpressions.get(widget) ?? 0,
      interactions: widgetActions.get(widget) ?? 0,
    }))
    .sort(
      (a, b) =>
        b.impressions - a.impressions ||
        b.interactions - a.interactions ||
        a.widget.localeCompare(b.widget),
    );

  return {
    from: range.from,
    to: range.to,
    timeZone: business.timeZone,
    days,
    totals: sum(reportFields, days),
    previous: { ...previousRange, totals: previousTotals },
    pages: pages.map(({ dimension, count }) => ({ page: dimension, impressions: count })),
    testimonials: attention.map(({ content, ...card }) => ({
      ...card,
      excerpt: excerptOf(content),
    })),
    widgets,
    sources: ranked(collectionSources, split(metrics.formViews)).map(({ key, count }) => ({
      source: key,
      formViews: count,
    })),
    interactions: ranked(widgetInteractions, split(metrics.interactions)).map(({ key, count }) => ({
      action: key,
      count,
    })),
  };
}

/** The header of the CSV export: the date, the daily figures, then the approvals. */
const CSV_COLUMNS = ['date', ...reportFields] as const;

/** The days of the owner's report as CSV (RFC 4180, CRLF), with a byte order mark so spreadsheets read UTF-8. */
export function reportCsv(days: readonly ReportDay[]): string {
  const rows = days.map((day) => csvRow(CSV_COLUMNS.map((column) => day[column])));
  return `\uFEFF${csvRow(CSV_COLUMNS)}${rows.join('')}`;
}

/** `analytics-FROM-to-TO.csv`. */
export function reportCsvFilename(range: AnalyticsRange): string {
  return `analytics-${range.from}-to-${range.to}.csv`;
}
