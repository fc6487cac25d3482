import { ArrowRight, QrCode, Star } from 'lucide-react';
import { Link } from 'react-router';
import { MONEY_BACK_GUARANTEE_DAYS, PLAN } from '../../../../shared/constants';
import { Button } from '../../../components/ui/button';
import { productName } from '../../../lib/product';

export function Hero() {
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
              <Link to="/auth?tab=register">
                Add to My Site
                <ArrowRight aria-hidden="true" />
              </Link>
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
        <HeroIllustration />
      </div>
    </section>
  );
}

/** A decorative sketch of the collect-then-show flow (not real testimonials). */
function HeroIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none">
      <div className="rounded-3xl border border-border bg-card p-6 shadow-xl shadow-brand-900/5 dark:shadow-black/30">
        <div className="flex items-center gap-1 text-amber-400">
          {Array.from({ length: 5 }, (_, index) => (
            <Star key={index} className="size-5 fill-current" />
          ))}
        </div>
        <div className="mt-5 space-y-2.5">
          <div className="h-3 w-full rounded-full bg-muted" />
          <div className="h-3 w-11/12 rounded-full bg-muted" />
          <div className="h-3 w-4/6 rounded-full bg-muted" />
        </div>
        <div className="mt-6 flex items-center gap-3">
          <div className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-700 dark:bg-brand-900 dark:text-brand-200">
            A
          </div>
          <div className="space-y-2">
            <div className="h-2.5 w-24 rounded-full bg-foreground/20" />
            <div className="h-2 w-16 rounded-full bg-muted" />
          </div>
        </div>
        <div className="mt-6 flex justify-center gap-1.5">
          <span className="h-1.5 w-5 rounded-full bg-brand-600" />
          <span className="size-1.5 rounded-full bg-border" />
          <span className="size-1.5 rounded-full bg-border" />
        </div>
      </div>
      <div className="absolute -bottom-6 left-2 flex items-center gap-3 rounded-2xl border border-border bg-card p-3 pr-4 shadow-lg sm:-left-8">
        <div className="flex size-10 items-center justify-center rounded-xl bg-brand-600 text-white">
          <QrCode className="size-5" />
        </div>
        <div className="space-y-1.5">
          <div className="h-2.5 w-20 rounded-full bg-foreground/20" />
          <div className="h-2 w-14 rounded-full bg-muted" />
        </div>
      </div>
      <div className="absolute -top-4 right-2 rounded-full bg-emerald-600 px-3 py-1 text-xs font-semibold text-white shadow-md sm:-right-6">
        Approved
      </div>
    </div>
  );
}
