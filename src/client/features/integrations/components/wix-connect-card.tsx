// The one centred card of /wix/auth: an icon, a heading (focused when it
// changes, so the outcome is read out), the explanation and the way on.
import { useEffect, useRef, type ReactNode } from 'react';
import { productName } from '../../../lib/product';
import { cn } from '../../../lib/utils';

const tones = {
  brand: 'bg-accent text-brand-text',
  success: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300',
  warning: 'bg-amber-50 text-amber-700 dark:bg-amber-950/60 dark:text-amber-300',
  danger: 'bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300',
} as const;

export function WixConnectCard({
  icon,
  tone = 'brand',
  title,
  children,
  actions,
  busy = false,
}: {
  icon: ReactNode;
  tone?: keyof typeof tones;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** While true the card says what is happening (role=status) and its heading is not focused. */
  busy?: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!busy) headingRef.current?.focus();
  }, [busy, title]);

  return (
    <section className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <title>{`Connect to Wix · ${productName}`}</title>
      <div
        role={busy ? 'status' : undefined}
        aria-live={busy ? 'polite' : undefined}
        className="w-full max-w-lg rounded-3xl border border-border bg-card p-6 text-center shadow-sm sm:p-10"
      >
        <div
          className={cn(
            'mx-auto flex size-14 items-center justify-center rounded-2xl [&_svg]:size-7',
            tones[tone],
          )}
        >
          {icon}
        </div>
        <p className="mt-6 text-xs font-semibold tracking-widest text-brand-text uppercase">
          Connect to Wix
        </p>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="mt-2 text-2xl font-bold tracking-tight text-balance outline-none sm:text-3xl"
        >
          {title}
        </h1>
        {children ? (
          <div className="mt-3 grid gap-3 text-pretty text-muted-foreground">{children}</div>
        ) : null}
        {actions ? (
          <div className="mt-8 flex flex-col justify-center gap-2 sm:flex-row">{actions}</div>
        ) : null}
      </div>
    </section>
  );
}
