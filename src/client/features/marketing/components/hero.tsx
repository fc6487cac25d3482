import { ArrowRight } from 'lucide-react';
import { MONEY_BACK_GUARANTEE_DAYS, PLAN } from '../../../../shared/constants';
import { PageLink } from '../../../components/page-link';
import { Button } from '../../../components/ui/button';
import { productName } from '../../../lib/product';
import { LiveWidget } from './live-widget';

/** The element landing.html's first paint waits for. */
const HERO_END_ID = 'hero-end';

/** `demoWidgetSlug`: the product's own widget, shown live beside the pitch. */
export function Hero({ demoWidgetSlug }: { demoWidgetSlug: string | undefined }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-[36rem] max-w-5xl rounded-full bg-gradient-to-b from-brand-200/70 via-brand-100/40 to-transparent blur-3xl dark:from-brand-700/30 dark:via-brand-900/20"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:pb-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800 dark:border-brand-800 dark:bg-brand-950/60 dark:text-brand-200">
            <span
              className="size-1.5 rounded-full bg-brand-600 dark:bg-brand-400"
              aria-hidden="true"
            />
            Testimonials for small businesses
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Turn {productName} into <span className="text-brand-text">customer trust</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-muted-foreground lg:mx-0">
            Collect testimonials with QR codes, auto-pulled reviews and one-tap requests, then show
            them on any website with one embeddable widget. Website builders, e-commerce platforms
            or custom sites: no code needed.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row lg:justify-start">
            <Button asChild size="lg" className="w-full sm:w-auto">
              <PageLink to="/auth?tab=register">
                Add to My Site
                <ArrowRight aria-hidden="true" />
              </PageLink>
            </Button>
            <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
              <a href="#pricing">See pricing</a>
            </Button>
          </div>
          <p className="mt-5 text-sm text-muted-foreground">
            {PLAN.displayPrice} · {MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee · Cancel
            anytime
          </p>
        </div>
        <div className="mx-auto w-full max-w-md lg:max-w-none">
          <LiveWidget slug={demoWidgetSlug} />
        </div>
      </div>
      {/* landing.html holds the first paint until the parser is here (rel="expect"), so the two
          columns are drawn together: a frame with the text but not yet the demo's box moved the text. */}
      <span id={HERO_END_ID} hidden />
    </section>
  );
}
