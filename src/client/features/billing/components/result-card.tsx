// A centred card that says how something ended (full access, a verified
// subscription, a finished or missing checkout), with what to do next.
import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../../lib/utils';

const tones = {
  brand: 'bg-accent text-brand-text',
  success: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300',
  warning: 'bg-amber-50 text-amber-700 dark:bg-amber-950/60 dark:text-amber-300',
} as const;

export function ResultCard({
  icon,
  tone = 'brand',
  title,
  children,
  actions,
  focusOnMount = false,
  className,
}: {
  icon: ReactNode;
  tone?: keyof typeof tones;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Move focus to the heading when the card replaces what was there (a screen reader reads on from it). */
  focusOnMount?: boolean;
  className?: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);
  return (
    <div
      className={cn(
        'w-full max-w-lg rounded-3xl border border-border bg-card p-6 text-center shadow-sm sm:p-10',
        className,
      )}
    >
      <div
        className={cn(
          'mx-auto flex size-14 items-center justify-center rounded-2xl [&_svg]:size-7',
          tones[tone],
        )}
      >
        {icon}
      </div>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-5 text-2xl font-bold tracking-tight text-balance outline-none sm:text-3xl"
      >
        {title}
      </h1>
      {children ? <div className="mt-3 text-pretty text-muted-foreground">{children}</div> : null}
      {actions ? (
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>
      ) : null}
    </div>
  );
}
