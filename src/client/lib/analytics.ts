// The owner's analytics report (docs/product/analytics.md#the-analytics-screen), read by the Analytics screen and
// the dashboard's summary: its query, the days of a range in the business's time zone, the figures with their
// change against the period before, and how they read.
import { addDays, daysFromTo, localDay } from '../../shared/calendar-days';
import { getAnalytics } from '../../shared/contracts/analytics';
import type {
  AnalyticsRange,
  AnalyticsReport,
  AnalyticsReportTotals,
} from '../../shared/schemas/analytics';
import { contractQuery } from './api';
import { useBusiness } from './session';
import { browserTimeZone } from './time-zones';

export const analyticsQueries = {
  report: (range: AnalyticsRange) => contractQuery(getAnalytics, { query: range }),
};

/** How many days a range covers, both ends included. */
export const rangeLength = ({ from, to }: AnalyticsRange): number => daysFromTo(from, to);

/** The last `days` days up to today in `timeZone`, today included. */
export function lastDays(days: number, timeZone: string, now: Date = new Date()): AnalyticsRange {
  const to = localDay(now, timeZone);
  return { from: addDays(to, -(days - 1)), to };
}

/**
 * The time zone whose "today" the ranges end on: the business's, `known` once the business is loaded; until then
 * the browser's, for what the page shows while it waits. A report of the last N days is asked for only once the
 * zone is known, so it is never asked for first with the browser's days and then again.
 */
export function useAnalyticsTimeZone(): { zone: string; known: boolean } {
  const zone = useBusiness().data?.timeZone;
  return zone ? { zone, known: true } : { zone: browserTimeZone() ?? 'UTC', known: false };
}

/** The figures the screen and the summary show, each with its value now and in the period before. */
export const figureKeys = [
  'impressions',
  'visitors',
  'interactionRate',
  'formViews',
  'submissions',
] as const;
export type FigureKey = (typeof figureKeys)[number];

const figureLabels: Record<FigureKey, string> = {
  impressions: 'Impressions',
  visitors: 'Unique visitors',
  interactionRate: 'Interaction rate',
  formViews: 'Form views',
  submissions: 'Submissions',
};

export type Figure = {
  key: FigureKey;
  label: string;
  /** A count, or a rate in percent (no rate without impressions). */
  kind: 'count' | 'rate';
  current: number | null;
  previous: number | null;
};

/** Interactions per impression, in percent; null without impressions. */
export function interactionRate(
  totals: Pick<AnalyticsReportTotals, 'interactions' | 'impressions'>,
): number | null {
  return totals.impressions === 0 ? null : (totals.interactions / totals.impressions) * 100;
}

function valueOf(key: FigureKey, totals: AnalyticsReportTotals): number | null {
  return key === 'interactionRate' ? interactionRate(totals) : totals[key];
}

export function figuresOf(report: AnalyticsReport, keys: readonly FigureKey[]): Figure[] {
  return keys.map((key) => ({
    key,
    label: figureLabels[key],
    kind: key === 'interactionRate' ? 'rate' : 'count',
    current: valueOf(key, report.totals),
    previous: valueOf(key, report.previous.totals),
  }));
}

/**
 * How a figure moved: a count by its percentage of the previous value, a rate by percentage points; "new" when
 * there was nothing before.
 */
export type Change =
  | { direction: 'same' }
  | { direction: 'new' }
  | { direction: 'up' | 'down'; amount: number; unit: '%' | 'pts' };

export function changeOf({ kind, current, previous }: Figure): Change {
  const now = current ?? 0;
  if (kind === 'rate') {
    if (previous === null) return current === null ? { direction: 'same' } : { direction: 'new' };
    const points = now - previous;
    if (points === 0) return { direction: 'same' };
    return { direction: points > 0 ? 'up' : 'down', amount: Math.abs(points), unit: 'pts' };
  }
  const before = previous ?? 0;
  if (now === before) return { direction: 'same' };
  if (before === 0) return { direction: 'new' };
  const percent = ((now - before) / before) * 100;
  return { direction: percent > 0 ? 'up' : 'down', amount: Math.abs(percent), unit: '%' };
}

const counts = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return counts.format(value);
}

/** A rate in percent with one decimal ("4.2%"); "—" when there is none. */
export function formatRate(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)}%`;
}

export function formatFigure({ kind, current }: Pick<Figure, 'kind' | 'current'>): string {
  return kind === 'rate' ? formatRate(current) : formatCount(current ?? 0);
}

/** A change's size: whole percents ("12%", "<1%"), or points with one decimal ("1.5 pts", "<0.1 pts"). */
export function formatChangeAmount(amount: number, unit: '%' | 'pts'): string {
  if (unit === '%') return amount < 0.5 ? '<1%' : `${counts.format(Math.round(amount))}%`;
  return amount < 0.05 ? '<0.1 pts' : `${amount.toFixed(1)} pts`;
}

/** "the previous 30 days", "the previous day": the period a change compares with. */
function previousPeriodText(days: number): string {
  return days === 1 ? 'the previous day' : `the previous ${formatCount(days)} days`;
}

/** What a screen reader hears for a change, e.g. "Up 12% from 1,204 in the previous 30 days". */
export function changeSpeech(figure: Figure, change: Change, days: number): string {
  const period = previousPeriodText(days);
  if (change.direction === 'same') return `No change from ${period}`;
  if (change.direction === 'new') return `New: none in ${period}`;
  const amount =
    change.unit === '%'
      ? formatChangeAmount(change.amount, '%').replace('<', 'less than ')
      : formatChangeAmount(change.amount, 'pts')
          .replace('<', 'less than ')
          .replace('pts', 'percentage points');
  const before = formatFigure({ kind: figure.kind, current: figure.previous });
  return `${change.direction === 'up' ? 'Up' : 'Down'} ${amount} from ${before} in ${period}`;
}

/** Whether nothing at all was counted in the range nor in the period before it. */
export function isEmptyReport(report: AnalyticsReport): boolean {
  return [report.totals, report.previous.totals].every((totals) =>
    Object.values(totals).every((value) => value === 0),
  );
}

/** The promise behind the figures, said wherever there are none yet. */
export const privacyNote = (product: string) =>
  `${product} counts without cookies and never hides your widget.`;
