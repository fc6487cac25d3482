// A centred card that says how something turned out (a missing page, an
// error, a checkout, a Wix connection), with what to do next: an icon in the
// tone of the outcome, an optional eyebrow, the heading, the explanation and
// the actions.
import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../lib/utils';

const tones = {
  brand: 'bg-accent text-brand-text',
  success: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300',
  warning: 'bg-amber-50 text-amber-700 dark:bg-amber-950/60 dark:text-amber-300',
  danger: 'bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300',
} as const;

export type MessageCardProps = {
  icon: ReactNode;
  tone?: keyof typeof tones;
  /** A small line above the heading, e.g. "Connect to Wix". */
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** While true the card says what is happening (role=status, read out politely). */
  busy?: boolean;
  /**
   * Focus the heading when the card appears and when its title changes: the
   * card replaced what was there, and a screen reader reads on from it.
   */
  focusHeading?: boolean;
  className?: string;
};

export function MessageCard({
  icon,
  tone = 'brand',
  eyebrow,
  title,
  children,
  actions,
  busy = false,
  focusHeading = false,
  className,
}: MessageCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading, title]);

  return (
    <div
      role={busy ? 'status' : undefined}
      aria-live={busy ? 'polite' : undefined}
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
      {eyebrow ? (
        <p className="mt-6 text-xs font-semibold tracking-widest text-brand-text uppercase">
          {eyebrow}
        </p>
      ) : null}
      <h1
        ref={headingRef}
        tabIndex={-1}
        className={cn(
          'text-2xl font-bold tracking-tight text-balance outline-none sm:text-3xl',
          eyebrow ? 'mt-2' : 'mt-5',
        )}
      >
        {title}
      </h1>
      {children ? (
        <div className="mt-3 grid gap-3 text-pretty text-muted-foreground">{children}</div>
      ) : null}
      {actions ? (
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>
      ) : null}
    </div>
  );
}
