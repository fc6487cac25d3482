// Header and footer of every public page, with neither the router nor the
// session: the landing page's own small bundle (landing.tsx) uses it as is;
// the single-page app's PublicLayout (public-layout.tsx) picks the header's
// links by the session. The theme toggle lives in the header.
import type { ReactNode } from 'react';
import { BrandLogo } from '../../components/brand-logo';
import { PageLink } from '../../components/page-link';
import { DeferredThemeToggle } from '../../components/deferred-theme-toggle';
import { THEME_TOGGLE_ISLAND_ID } from '../../components/theme-toggle-island';
import { Button } from '../../components/ui/button';
import { productName } from '../../lib/product';
import { SkipLink } from './skip-link';

/** The public page around `children`; `account`: the header's links on the right. */
export function PublicFrame({ account, children }: { account: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
          <BrandLogo />
          <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
            {/* The landing page hydrates only this (landing.tsx): the rest of its header works without script. */}
            <span id={THEME_TOGGLE_ISLAND_ID} className="contents">
              <DeferredThemeToggle />
            </span>
            {account}
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

export function DashboardLink() {
  return (
    <Button asChild className="px-3 sm:px-4">
      <PageLink to="/">Dashboard</PageLink>
    </Button>
  );
}

export function SignedOutLinks() {
  return (
    <>
      <Button asChild variant="ghost" className="px-3">
        <PageLink to="/auth?tab=login">Sign In</PageLink>
      </Button>
      <Button asChild className="px-3 sm:px-4">
        <PageLink to="/auth?tab=register">
          {/* docs/product/marketing.md#landing-page: the short label Start on small screens; the link still says where it goes. */}
          <span className="sm:hidden">
            Start<span className="sr-only">: Add to My Site</span>
          </span>
          <span className="hidden sm:inline">Add to My Site</span>
        </PageLink>
      </Button>
    </>
  );
}

function PublicFooter() {
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
        <p>
          © {new Date().getFullYear()} {productName}. Testimonials for small businesses.
        </p>
        <PageLink
          to="/terms"
          className="font-medium text-foreground underline-offset-4 hover:underline"
        >
          Terms of Service &amp; Privacy Policy
        </PageLink>
      </div>
    </footer>
  );
}
