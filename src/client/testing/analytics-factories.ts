// Analytics reports for the component tests (the Analytics screen, the dashboard's summary), valid by the shared
// schema: every day of the asked range, and totals that are the sum of those days, as the server answers.
import {
  noAnalyticsTotals,
  type AnalyticsRange,
  type AnalyticsReport,
  type AnalyticsReportTotals,
} from '../../shared/schemas/analytics';
import { addDays } from '../../shared/calendar-days';
import { rangeLength } from '../lib/analytics';

export const ZERO_TOTALS: AnalyticsReportTotals = { ...noAnalyticsTotals(), approved: 0 };

type Day = AnalyticsReport['days'][number];

/**
 * The report of `range`: `day(index)` gives each day's figures (none by default), the totals add them up, the
 * previous period's totals are `previous`, and the tables are `tables` (empty by default).
 */
export function createAnalyticsReport(
  range: AnalyticsRange,
  {
    day = () => ({}),
    previous = ZERO_TOTALS,
    timeZone = 'UTC',
    tables = {},
  }: {
    day?: (index: number) => Partial<AnalyticsReportTotals>;
    previous?: AnalyticsReportTotals;
    timeZone?: string;
    tables?: Partial<
      Pick<AnalyticsReport, 'pages' | 'testimonials' | 'widgets' | 'sources' | 'interactions'>
    >;
  } = {},
): AnalyticsReport {
  const length = rangeLength(range);
  const days: Day[] = Array.from({ length }, (_, index) => ({
    ...ZERO_TOTALS,
    ...day(index),
    date: addDays(range.from, index),
  }));
  const totals = { ...ZERO_TOTALS };
  for (const current of days)
    for (const key of Object.keys(totals) as (keyof AnalyticsReportTotals)[])
      totals[key] += current[key];
  return {
    from: range.from,
    to: range.to,
    timeZone,
    days,
    totals,
    previous: {
      from: addDays(range.from, -length),
      to: addDays(range.from, -1),
      totals: previous,
    },
    pages: [],
    testimonials: [],
    widgets: [],
    sources: [],
    interactions: [],
    ...tables,
  };
}
