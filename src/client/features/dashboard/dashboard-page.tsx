// The owner's home at / (docs/product/testimonials.md#dashboard): a new owner's first-week checklist
// (docs/product/business.md#first-week-checklist), the overview numbers, the last 7 days of analytics, quick
// actions for the collection link, the newest testimonials and a preview of
// the widget. If the session turns out to be gone, say so and go to / again
// (docs/product/testimonials.md#dashboard: "Unauthorized / Please sign in to continue", after 1 s).
import { PageColumn } from '../../components/page-column';
import { useEndSessionOnUnauthorized } from '../../components/session-expired';
import { productName } from '../../lib/product';
import { useBusiness } from '../../lib/session';
import {
  SUMMARY_DAYS,
  useAnalyticsSummary,
  useApprovedTestimonials,
  useChecklist,
  useDismissChecklist,
  useRecentTestimonials,
  useTestimonialStats,
  useWidgetSettingsForPreview,
} from './api';
import { AnalyticsSummary } from './components/analytics-summary';
import { FirstWeekChecklist } from './components/first-week-checklist';
import { QuickActions } from './components/quick-actions';
import { RecentTestimonials } from './components/recent-testimonials';
import { StatCards } from './components/stat-cards';
import { WidgetPreviewCard } from './components/widget-preview-card';

/**
 * Tells the truth: a new owner (no testimonial yet) is welcomed to the product, one with testimonials
 * welcomed back; while the count is unknown, neither.
 */
function Greeting({ businessName, total }: { businessName?: string; total?: number }) {
  const name = businessName ? (
    <span className="font-medium text-foreground">{businessName}</span>
  ) : null;
  if (total === 0) {
    return name ? (
      <>
        Welcome to {productName}, {name}! Here&apos;s how to get your first testimonials.
      </>
    ) : (
      `Welcome to ${productName}! Here’s how to get your first testimonials.`
    );
  }
  const welcome = total === undefined ? '' : 'Welcome back! ';
  return name ? (
    <>
      {welcome}Here&apos;s how testimonials for {name} are coming along.
    </>
  ) : (
    `${welcome}Here’s how your testimonials are coming along.`
  );
}

export function DashboardPage() {
  const business = useBusiness().data;
  const stats = useTestimonialStats();
  const recent = useRecentTestimonials();
  const approved = useApprovedTestimonials();
  const widgetSettings = useWidgetSettingsForPreview();
  const analytics = useAnalyticsSummary();

  const checklist = useChecklist();
  const dismiss = useDismissChecklist();
  const signedOut = useEndSessionOnUnauthorized('page', stats, recent, approved, analytics);

  return (
    <PageColumn className="grid gap-6">
      <title>{`Dashboard · ${productName}`}</title>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Dashboard</h1>
        <p className="mt-2 text-pretty text-muted-foreground">
          <Greeting businessName={business?.name} total={stats.data?.total} />
        </p>
      </header>

      <FirstWeekChecklist
        checklist={signedOut ? undefined : checklist.data}
        onDismiss={() => dismiss.mutate()}
        dismissing={dismiss.isPending}
      />

      <StatCards
        stats={stats.data}
        loading={stats.isPending || signedOut}
        failed={stats.isError && !signedOut}
        onRetry={() => void stats.refetch()}
      />

      <AnalyticsSummary
        report={analytics.data}
        days={SUMMARY_DAYS}
        loading={analytics.isPending || signedOut}
        failed={analytics.isError && !signedOut}
        onRetry={() => void analytics.refetch()}
      />

      {business ? <QuickActions business={business} /> : null}

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <RecentTestimonials
          items={recent.data?.items}
          loading={recent.isPending || signedOut}
          failed={recent.isError && !signedOut}
          onRetry={() => void recent.refetch()}
        />
        <WidgetPreviewCard
          business={business}
          settings={widgetSettings.data}
          items={approved.data?.items}
          loading={approved.isPending || widgetSettings.isPending || signedOut}
          failed={approved.isError && !signedOut}
          onRetry={() => void approved.refetch()}
        />
      </div>
    </PageColumn>
  );
}
