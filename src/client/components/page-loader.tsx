import { cn } from '../lib/utils';
import { Spinner } from './ui/spinner';

/** A centred spinner for a page (or part of one) that is still loading. */
export function PageLoader({
  label = 'Loading…',
  delayed = false,
  className,
}: {
  label?: string;
  /** Fade in after a moment, so quick loads never flash a spinner. */
  delayed?: boolean;
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex flex-1 flex-col items-center justify-center gap-3 py-24 text-muted-foreground motion-safe:animate-fade-in',
        delayed && 'motion-safe:[animation-delay:300ms] motion-safe:[animation-fill-mode:both]',
        className,
      )}
    >
      <Spinner className="size-8 text-brand-text" />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}
