// The landing page's live demo (SPEC §2): the product's own widget, drawn by
// the very renderer that widget.js runs on customers' sites (mountWidget, via
// components/widget-preview.tsx), with the built-in samples rendered in place
// rather than fetched (see widget-demo-player.tsx). The renderer's code loads
// only when the section nears the screen, so the landing page's first
// JavaScript does not grow.
import { Check } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';

const WidgetDemoPlayer = lazy(() => import('./widget-demo-player'));

const POINTS = [
  'Your colours, font and header',
  'Rotates by itself, pauses when visitors point at it',
  'Works with a keyboard and screen readers',
  'No cookies, and nothing your site can break',
];

/** True once `ref`'s element is within `margin` of the viewport (or right away without IntersectionObserver). */
function useNearViewport(margin: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}

export function WidgetDemo() {
  const [ref, near] = useNearViewport('400px 0px');
  const placeholder = <Skeleton className="h-[22rem] rounded-2xl bg-zinc-200" />;
  return (
    <section aria-labelledby="demo-title" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="grid grid-cols-1 items-center gap-10 lg:grid-cols-[minmax(0,0.8fr)_minmax(0,1.2fr)] lg:gap-14">
        <div>
          <p className="text-xs font-semibold uppercase tracking-widest text-brand-text">
            Live demo
          </p>
          <h2
            id="demo-title"
            className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            This is the real widget
          </h2>
          <p className="mt-4 text-lg text-pretty text-muted-foreground">
            Not a screenshot: the same carousel your visitors see, added to your site with one line.
          </p>
          <ul className="mt-6 grid gap-3">
            {POINTS.map((point) => (
              <li key={point} className="flex items-start gap-3 text-sm">
                <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-accent text-brand-text">
                  <Check className="size-3.5" strokeWidth={3} aria-hidden="true" />
                </span>
                {point}
              </li>
            ))}
          </ul>
          <pre className="mt-6 whitespace-pre-wrap break-all rounded-xl border border-slate-800 bg-slate-950 px-4 py-3 font-mono text-xs leading-relaxed text-slate-200">
            <code>
              <span className="text-sky-300">&lt;script</span>{' '}
              <span className="text-amber-200">src</span>=&quot;…/widget.js&quot;{' '}
              <span className="text-amber-200">data-widget</span>=&quot;your-business&quot;{' '}
              <span className="text-amber-200">async</span>
              <span className="text-sky-300">&gt;&lt;/script&gt;</span>
            </code>
          </pre>
        </div>

        <div
          ref={ref}
          className="overflow-hidden rounded-2xl border border-border bg-card shadow-xl shadow-brand-900/5 dark:shadow-black/30"
        >
          <div aria-hidden="true" className="flex items-center gap-2 border-b border-border bg-muted px-3 py-2">
            <span className="flex gap-1">
              <span className="size-2.5 rounded-full bg-red-400/80" />
              <span className="size-2.5 rounded-full bg-amber-400/80" />
              <span className="size-2.5 rounded-full bg-emerald-400/80" />
            </span>
            <span className="min-w-0 flex-1 truncate rounded-md bg-background px-2 py-0.5 text-center font-mono text-[11px] text-muted-foreground">
              yourwebsite.com
            </span>
          </div>
          {/* The neutral page a widget usually sits on; the widget keeps its own colours in both themes. */}
          <div className="bg-zinc-100 p-3 sm:p-6">
            {near ? (
              <Suspense fallback={placeholder}>
                <WidgetDemoPlayer />
              </Suspense>
            ) : (
              placeholder
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
