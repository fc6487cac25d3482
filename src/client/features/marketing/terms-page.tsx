// /terms: Terms of Service and Privacy Policy. Opened in a new tab from sign-up.
// Rendered without the router for a signed-out visitor (app/landing-app.tsx), so it links with PageLink.
import { ArrowLeft, Mail } from 'lucide-react';
import { SUPPORT_EMAIL, TERMS_LAST_UPDATED } from '../../../shared/constants';
import { PageLink } from '../../components/page-link';
import { Button } from '../../components/ui/button';
import { productName } from '../../lib/product';
import { TextLink } from './components/legal-text';
import { PrivacyPolicy } from './components/privacy-policy';
import { TermsOfService } from './components/terms-of-service';

export function TermsPage() {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <title>{`Terms of Service & Privacy Policy · ${productName}`}</title>
      <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
        <PageLink to="/">
          <ArrowLeft aria-hidden="true" />
          Back to home
        </PageLink>
      </Button>
      <header className="mt-6 border-b border-border pb-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
          Terms of Service &amp; Privacy Policy
        </h1>
        <p className="mt-3 text-muted-foreground">Last updated: {TERMS_LAST_UPDATED}</p>
        <nav aria-label="On this page" className="mt-6">
          <ul className="flex flex-wrap gap-2 text-sm">
            {[
              ['#terms', 'Terms of Service'],
              ['#privacy', 'Privacy Policy'],
              ['#contact', 'Contact'],
            ].map(([href, label]) => (
              <li key={href}>
                <a
                  href={href}
                  className="inline-flex rounded-full border border-border bg-card px-3 py-1.5 font-medium hover:bg-accent hover:text-accent-foreground"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>

      <div className="text-base leading-7 text-foreground/90">
        <section aria-labelledby="terms" className="mt-10">
          <h2 id="terms" className="scroll-mt-24 text-2xl font-bold tracking-tight text-foreground">
            Terms of Service
          </h2>
          <TermsOfService />
        </section>

        <section aria-labelledby="privacy" className="mt-16 space-y-4 border-t border-border pt-12">
          <h2
            id="privacy"
            className="scroll-mt-24 text-2xl font-bold tracking-tight text-foreground"
          >
            Privacy Policy
          </h2>
          <PrivacyPolicy />
        </section>

        <section
          aria-labelledby="contact"
          className="mt-16 rounded-2xl border border-border bg-surface p-6 sm:p-8"
        >
          <h2
            id="contact"
            className="scroll-mt-24 flex items-center gap-2 text-xl font-bold tracking-tight text-foreground"
          >
            <Mail className="size-5 text-brand-text" aria-hidden="true" />
            Contact
          </h2>
          <p className="mt-3">
            Questions about these terms, your data or your account? Email us at{' '}
            <TextLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</TextLink>. We are happy to
            help.
          </p>
        </section>
      </div>

      <div className="mt-12">
        <Button asChild variant="outline">
          <PageLink to="/">
            <ArrowLeft aria-hidden="true" />
            Back to home
          </PageLink>
        </Button>
      </div>
    </article>
  );
}
