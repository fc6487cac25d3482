import { CalendarDays, Clock, MessageSquareQuote, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TestimonialStats } from '../../../../shared/schemas/testimonials';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';

function StatCard({
  label,
  value,
  icon,
  tone,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  tone: string;
}) {
  // A <dl> allows one <div> around each dt/dd pair and nothing else, so the
  // card is that div and the icon sits in the <dt>, placed in the corner.
  return (
    <div className="relative grid min-w-0 content-start gap-1 rounded-2xl border border-border bg-card p-4 pr-17 shadow-sm sm:p-5 sm:pr-18">
      <dt className="text-sm font-medium text-muted-foreground">
        {label}
        <span
          aria-hidden="true"
          className={cn(
            'absolute top-4 right-4 flex size-10 items-center justify-center rounded-xl sm:top-5 sm:right-5 [&_svg]:size-5',
            tone,
          )}
        >
          {icon}
        </span>
      </dt>
      <dd className="text-2xl font-extrabold tracking-tight tabular-nums sm:text-3xl">{value}</dd>
    </div>
  );
}

/** The four overview numbers (docs/product/testimonials.md#dashboard): Avg Rating with one decimal, 0.0 when there is none. */
export function StatCards({
  stats,
  loading,
  failed,
  onRetry,
}: {
  stats: TestimonialStats | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const show = (value: string | number | undefined) =>
    loading ? <Skeleton className="mt-1 h-8 w-14" /> : (value ?? '—');
  return (
    <section aria-labelledby="overview-heading" className="grid gap-3">
      <h2 id="overview-heading" className="sr-only">
        Overview
      </h2>
      <dl
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
        aria-busy={loading || undefined}
      >
        <StatCard
          label="Total Testimonials"
          value={show(stats?.total)}
          icon={<MessageSquareQuote />}
          tone="bg-brand-100 text-brand-700 dark:bg-brand-900/60 dark:text-brand-200"
        />
        <StatCard
          label="Pending Review"
          value={show(stats?.pending)}
          icon={<Clock />}
          tone="bg-amber-100 text-amber-700 dark:bg-amber-400/15 dark:text-amber-300"
        />
        <StatCard
          label="This Month"
          value={show(stats?.thisMonth)}
          icon={<CalendarDays />}
          tone="bg-emerald-100 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300"
        />
        <StatCard
          label="Avg Rating"
          value={show(failed ? undefined : (stats?.avgRating ?? 0).toFixed(1))}
          icon={<Star />}
          tone="bg-violet-100 text-violet-700 dark:bg-violet-400/15 dark:text-violet-300"
        />
      </dl>
      {failed ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card px-4 py-3 text-sm"
        >
          <span className="text-muted-foreground">We couldn&apos;t load your stats.</span>
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : null}
    </section>
  );
}
