// /analytics (docs/product/analytics.md#the-analytics-screen; behind the paid-access gate): what visitors saw and
// did on the widget and the collection form, for 7, 30 or 90 days up to today in the business's time zone, or two
// dates of the owner's choosing (kept in the address). The figures with their change against the days before,
// the daily chart and the funnel, each readable as a table, the tables, and the CSV of the range. A 401 ends the
// session like on the other owner pages.
import { Download } from 'lucide-react';
import { useMemo } from 'react';
import { urlOf } from '../../../shared/contract';
import { exportAnalyticsCsv } from '../../../shared/contracts/analytics';
import type { AnalyticsRange, AnalyticsReport } from '../../../shared/schemas/analytics';
import { AnalyticsFigures, AnalyticsFiguresSkeleton } from '../../components/analytics-figures';
import { LoadProblem } from '../../components/page-states';
import { PageColumn } from '../../components/page-column';
import { useEndSessionOnUnauthorized } from '../../components/session-expired';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import {
  figureKeys,
  figuresOf,
  isEmptyReport,
  lastDays,
  rangeLength,
  useAnalyticsTimeZone,
} from '../../lib/analytics';
import { productName } from '../../lib/product';
import { cn } from '../../lib/utils';
import { useAnalyticsReport } from './api';
import { DailyChart, type ChartSeries } from './components/daily-chart';
import { Funnel } from './components/funnel';
import { NoViews } from './components/no-views';
import { RangePicker } from './components/range-picker';
import { ReportTables } from './components/report-tables';
import { formatRange, TEXT } from './texts';
import { useRangeAddress } from './use-range-address';

function LoadingReport() {
  return (
    <div role="status" aria-label="Loading analytics" className="grid gap-6">
      <AnalyticsFiguresSkeleton count={5} className="grid-cols-2 lg:grid-cols-5" />
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-80 rounded-2xl lg:col-span-2" />
        <Skeleton className="h-80 rounded-2xl" />
      </div>
    </div>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  const days = rangeLength(report);
  const figures = figuresOf(report, figureKeys);
  const dates = useMemo(() => report.days.map((day) => day.date), [report]);
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        label: 'Impressions',
        colorVar: '--chart-1',
        values: report.days.map((day) => day.impressions),
      },
      {
        label: 'Unique visitors',
        colorVar: '--chart-2',
        dashed: true,
        values: report.days.map((day) => day.visitors),
      },
    ],
    [report],
  );
  return (
    <div className="grid gap-6">
      <AnalyticsFigures
        figures={figures}
        days={days}
        label={TEXT.figuresLabel}
        className="grid-cols-2 lg:grid-cols-5"
      />
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card role="region" aria-labelledby="daily-heading" className="min-w-0 lg:col-span-2">
          <CardHeader>
            <CardTitle id="daily-heading">{TEXT.dailyTitle}</CardTitle>
            <CardDescription>
              Impressions count the widget seen for a second; visitors count each person once a day.
            </CardDescription>
          </CardHeader>
          <CardContent className="pt-4">
            <DailyChart dates={dates} series={series} caption={TEXT.dailyTable} />
          </CardContent>
        </Card>
        <Card role="region" aria-labelledby="funnel-heading" className="min-w-0">
          <CardHeader>
            <CardTitle id="funnel-heading">{TEXT.funnelTitle}</CardTitle>
            <CardDescription>{TEXT.funnelLead}</CardDescription>
          </CardHeader>
          <CardContent className="pt-4">
            <Funnel totals={report.totals} caption={TEXT.funnelTitle} />
          </CardContent>
        </Card>
      </div>
      <ReportTables report={report} />
    </div>
  );
}

export function AnalyticsPage() {
  const { choice, choose } = useRangeAddress();
  const timeZone = useAnalyticsTimeZone();
  const custom = 'custom' in choice;
  const range: AnalyticsRange = custom ? choice.custom : lastDays(choice.preset, timeZone.zone);
  // Custom dates are the business's days already; a preset's end waits for the business's "today".
  const report = useAnalyticsReport(range, custom || timeZone.known);
  const sessionEnded = useEndSessionOnUnauthorized('page', report);
  const data = report.data;

  let body;
  if (data && !report.isError) {
    body = isEmptyReport(data) ? <NoViews /> : <Report report={data} />;
  } else if (report.isError && !sessionEnded) {
    body = <LoadProblem what={TEXT.loadWhat} onRetry={() => void report.refetch()} />;
  } else {
    body = <LoadingReport />;
  }

  return (
    <PageColumn>
      <title>{`${TEXT.pageTitle} · ${productName}`}</title>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{TEXT.pageTitle}</h1>
        <p className="mt-2 max-w-prose text-pretty text-muted-foreground">{TEXT.pageLead}</p>
      </header>
      <div className="mt-8 flex flex-wrap items-start justify-between gap-4">
        <RangePicker choice={choice} range={range} onChoose={choose} />
        <Button asChild variant="outline">
          <a href={urlOf(exportAnalyticsCsv, { query: range })} download>
            <Download aria-hidden="true" />
            {TEXT.download}
          </a>
        </Button>
      </div>
      <p aria-live="polite" className="mt-4 text-sm text-muted-foreground">
        {formatRange(range.from, range.to)}
        {data ? ` · days in ${data.timeZone}` : null}
      </p>
      <div
        aria-busy={report.isPlaceholderData || undefined}
        className={cn('mt-6 transition-opacity', report.isPlaceholderData && 'opacity-60')}
      >
        {body}
      </div>
    </PageColumn>
  );
}
