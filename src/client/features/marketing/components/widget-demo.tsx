// The landing page's live demo section (docs/product/marketing.md#landing-page): what the widget at the top
// of the page is (the product's own, loaded by /widget.js like on a customer's
// site; components/live-widget.tsx) and the one line that adds it to a site.
import { Check } from 'lucide-react';

const POINTS = [
  'Your colours, font and header',
  'Rotates by itself, pauses when visitors point at it',
  'Works with a keyboard and screen readers',
  'No cookies, and nothing your site can break',
];

export function WidgetDemo({ demoWidgetSlug }: { demoWidgetSlug: string | undefined }) {
  return (
    <section
      aria-labelledby="demo-title"
      className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20"
    >
      <div className="grid grid-cols-1 items-center gap-10 lg:grid-cols-2 lg:gap-14">
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
            The testimonials at the top of this page are not a screenshot: they are our own widget,
            loaded by the same one line you add to your site. Point at it, swipe it, tab through it.
          </p>
        </div>
        <div>
          <ul className="grid gap-3">
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
              <span className="text-amber-200">data-widget</span>=&quot;
              {demoWidgetSlug ?? 'your-business'}&quot;{' '}
              <span className="text-amber-200">async</span>
              <span className="text-sky-300">&gt;&lt;/script&gt;</span>
            </code>
          </pre>
        </div>
      </div>
    </section>
  );
}
