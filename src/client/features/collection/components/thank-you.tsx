// After sending (docs/product/collection.md#submit-flow): the thank-you message and, when the
// business set a redirect URL, a 5-second countdown ticking each second before
// the browser goes there.
import { ArrowRight, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { SUBMIT_REDIRECT_COUNTDOWN_SECONDS } from '../../../../shared/constants';

const THANK_YOU_MESSAGE = 'Your testimonial has been submitted and will be reviewed shortly.';

export function ThankYou({ redirectUrl }: { redirectUrl: string | null }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Screen readers and keyboards start at the new message, not at the vanished button.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="grid justify-items-center gap-4 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 dark:bg-emerald-950/60 dark:text-emerald-400">
        <CircleCheck className="size-9" aria-hidden="true" />
      </span>
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
        Thank you!
      </h2>
      <p role="status" className="max-w-sm text-pretty text-muted-foreground">
        {THANK_YOU_MESSAGE}
      </p>
      {redirectUrl ? <RedirectCountdown url={redirectUrl} /> : null}
    </div>
  );
}

function RedirectCountdown({ url }: { url: string }) {
  const [seconds, setSeconds] = useState(SUBMIT_REDIRECT_COUNTDOWN_SECONDS);

  useEffect(() => {
    if (seconds <= 0) {
      window.location.assign(url);
      return;
    }
    const timer = window.setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds, url]);

  const progress = 1 - seconds / SUBMIT_REDIRECT_COUNTDOWN_SECONDS;
  return (
    <div className="mt-2 grid w-full max-w-xs justify-items-center gap-3 rounded-2xl border border-border bg-surface p-4">
      {/* Announced once; the ticking number is for the eyes only. */}
      <p className="sr-only">
        You will be redirected in {SUBMIT_REDIRECT_COUNTDOWN_SECONDS} seconds.
      </p>
      <p
        className="text-sm text-muted-foreground"
        aria-hidden="true"
        data-testid="redirect-countdown"
      >
        {seconds > 0 ? (
          <>
            Redirecting in{' '}
            <span className="font-semibold text-foreground tabular-nums">{seconds}</span>{' '}
            {seconds === 1 ? 'second' : 'seconds'}…
          </>
        ) : (
          'Redirecting…'
        )}
      </p>
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-1000 ease-linear motion-reduce:transition-none"
          style={{ width: `${Math.round(progress * 100)}%` }}
        />
      </div>
      <a
        href={url}
        className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-text underline-offset-4 hover:underline"
      >
        Continue now
        <ArrowRight className="size-4" aria-hidden="true" />
      </a>
    </div>
  );
}
