// The owner's home at / (docs/product/testimonials.md#dashboard): the overview numbers, quick
// actions for the collection link, the newest testimonials and a preview of
// the widget. If the session turns out to be gone, say so and go to / again
// (docs/product/testimonials.md#dashboard: "Unauthorized / Please sign in to continue", after 1 s).
import { PageColumn } from '../../components/page-column';
import { useEndSessionOnUnauthorized } from '../../components/session-expired';
import { productName } from '../../lib/product';
import { useBusiness } from '../../lib/session';
import {
  useApprovedTestimonials,
  useRecentTestimonials,
  useTestimonialStats,
  useWidgetSettingsForPreview,
} from './api';
import { QuickActions } from './components/quick-actions';
import { RecentTestimonials } from './components/recent-testimonials';
import { StatCards } from './components/stat-cards';
import { WidgetPreviewCard } from './components/widget-preview-card';

export function DashboardPage() {
  const business = useBusiness().data;
  const stats = useTestimonialStats();
  const recent = useRecentTestimonials();
  const approved = useApprovedTestimonials();
  const widgetSettings = useWidgetSettingsForPreview();

  const signedOut = useEndSessionOnUnauthorized('page', stats, recent, approved);

  return (
    <PageColumn className="grid gap-6">
      <title>{`Dashboard · ${productName}`}</title>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Dashboard</h1>
        <p className="mt-2 text-pretty text-muted-foreground">
          {business ? (
            <>
              Welcome back! Here&apos;s how testimonials for{' '}
              <span className="font-medium text-foreground">{business.name}</span> are coming along.
            </>
          ) : (
            'Welcome back! Here’s how your testimonials are coming along.'
          )}
        </p>
      </header>

      <StatCards
        stats={stats.data}
        loading={stats.isPending || signedOut}
        failed={stats.isError && !signedOut}
        onRetry={() => void stats.refetch()}
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
