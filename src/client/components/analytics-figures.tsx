// The analytics figures as cards (docs/product/analytics.md#the-analytics-screen), each with its change against
// the period before: on the Analytics screen and in the dashboard's summary.
import {
  changeOf,
  changeSpeech,
  formatChangeAmount,
  formatFigure,
  type Change,
  type Figure,
} from '../lib/analytics';
import { cn } from '../lib/utils';
import { Skeleton } from './ui/skeleton';

function ChangeMark({ change }: { change: Change }) {
  if (change.direction === 'same') return <span className="text-muted-foreground">No change</span>;
  if (change.direction === 'new') return <span className="font-medium text-brand-text">New</span>;
  return (
    <span
      className={cn(
        'font-medium',
        change.direction === 'up' ? 'text-success' : 'text-red-700 dark:text-red-400',
      )}
    >
      {change.direction === 'up' ? '▲' : '▼'} {formatChangeAmount(change.amount, change.unit)}
    </span>
  );
}

/** One figure: its label, its value, and how it moved, said in words to a screen reader. */
function FigureCard({ figure, days }: { figure: Figure; days: number }) {
  const change = changeOf(figure);
  return (
    <div className="grid min-w-0 content-start gap-1 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <dt className="text-sm font-medium text-muted-foreground">{figure.label}</dt>
      <dd className="text-2xl font-extrabold tracking-tight tabular-nums sm:text-3xl">
        {formatFigure(figure)}
      </dd>
      <dd className="text-sm">
        <span aria-hidden="true">
          <ChangeMark change={change} />
        </span>
        <span className="sr-only">{changeSpeech(figure, change, days)}</span>
      </dd>
    </div>
  );
}

/** Placeholders the size of the cards, while the report loads. */
export function AnalyticsFiguresSkeleton({
  count,
  className,
}: {
  count: number;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-3 sm:gap-4', className)} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="grid gap-2 rounded-2xl border border-border bg-card p-4 sm:p-5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-16" />
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
    </div>
  );
}

/** The figures of a range of `days` days, as a description list of cards; `className` sets the grid's columns. */
export function AnalyticsFigures({
  figures,
  days,
  label,
  className,
}: {
  figures: readonly Figure[];
  days: number;
  label: string;
  className?: string;
}) {
  return (
    <dl aria-label={label} className={cn('grid gap-3 sm:gap-4', className)}>
      {figures.map((figure) => (
        <FigureCard key={figure.key} figure={figure} days={days} />
      ))}
    </dl>
  );
}
