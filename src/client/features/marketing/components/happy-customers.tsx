import { Heart } from 'lucide-react';
import { PageLink } from '../../../components/page-link';
import { Button } from '../../../components/ui/button';

/** The closing call to action. */
export function HappyCustomers() {
  return (
    <section
      aria-labelledby="happy-title"
      className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20"
    >
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-16 -top-16 size-64 rounded-full bg-white/10 blur-2xl"
        />
        <Heart className="mx-auto size-10 fill-white/20" aria-hidden="true" />
        <h2
          id="happy-title"
          className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
        >
          Your happy customers are already talking
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-brand-100">
          Give them an easy way to say it, and let every new visitor hear it on your website. Set up
          in minutes; your first testimonial can be live today.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button
            asChild
            size="lg"
            className="w-full bg-white text-brand-700 hover:bg-brand-50 focus-visible:outline-white sm:w-auto"
          >
            <PageLink to="/auth?tab=register">Add to My Site</PageLink>
          </Button>
          <Button
            asChild
            size="lg"
            variant="ghost"
            className="w-full text-white ring-1 ring-white/40 hover:bg-white/10 hover:text-white focus-visible:outline-white sm:w-auto"
          >
            <PageLink to="/auth?tab=login">Sign In</PageLink>
          </Button>
        </div>
      </div>
    </section>
  );
}
