// The dashboard's analytics summary (docs/product/analytics.md#the-dashboard-summary): the last 7 days'
// impressions, unique visitors, interaction rate and submissions, each with its change against the 7 days before,
// and the way to the Analytics screen. It loads on its own: a failure or a wait here holds up nothing else.
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { appPages } from '../../../../shared/app-pages';
import type { AnalyticsReport } from '../../../../shared/schemas/analytics';
import { AnalyticsFigures, AnalyticsFiguresSkeleton } from '../../../components/analytics-figures';
import { CardLoadError } from '../../../components/page-states';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { figuresOf, isEmptyReport, privacyNote } from '../../../lib/analytics';
import { productName } from '../../../lib/product';

const SUMMARY_FIGURES = ['impressions', 'visitors', 'interactionRate', 'submissions'] as const;
const GRID = 'grid-cols-2 lg:grid-cols-4';

function Content({ report, days }: { report: AnalyticsReport; days: number }) {
  if (isEmptyReport(report))
    return (
      <p className="text-pretty text-sm text-muted-foreground">
        <span className="font-medium text-foreground">No views yet.</span> Figures appear here once
        your widget is on a site or your collection link is shared. {privacyNote(productName)}
      </p>
    );
  return (
    <AnalyticsFigures
      figures={figuresOf(report, SUMMARY_FIGURES)}
      days={days}
      label={`Analytics of the last ${days} days`}
      className={GRID}
    />
  );
}

export function AnalyticsSummary({
  report,
  days,
  loading,
  failed,
  onRetry,
}: {
  report: AnalyticsReport | undefined;
  days: number;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  let content;
  if (failed) content = <CardLoadError what="your analytics" onRetry={onRetry} />;
  else if (loading || !report)
    content = (
      <div role="status" aria-label="Loading analytics">
        <AnalyticsFiguresSkeleton count={SUMMARY_FIGURES.length} className={GRID} />
      </div>
    );
  else content = <Content report={report} days={days} />;
  return (
    <Card role="region" aria-labelledby="analytics-summary-heading">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle id="analytics-summary-heading">Last {days} days</CardTitle>
        <Button asChild variant="link" size="sm" className="h-auto px-0">
          <Link to={appPages.analytics}>
            View analytics
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="pt-4">{content}</CardContent>
    </Card>
  );
}
