// Header and footer of every public page. The theme toggle lives in the header;
// a signed-in visitor sees a way back to their dashboard instead of Sign In.
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { productName } from '../../lib/product';
import { useCurrentUser } from '../../lib/session';
import { SkipLink } from './skip-link';

/** Renders `children` when given (the landing page at /), else the matched child route. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children ?? <Outlet />}
      </main>
      <PublicFooter />
    </div>
  );
}

function PublicHeader() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {isPending ? null : user ? (
            <Button asChild className="px-3 sm:px-4">
              <Link to="/">Dashboard</Link>
            </Button>
          ) : (
            <>
              <Button asChild variant="ghost" className="px-3">
                <Link to="/auth?tab=login">Sign In</Link>
              </Button>
              <Button asChild className="px-3 sm:px-4">
                <Link to="/auth?tab=register">
                  <span className="sm:hidden">Start</span>
                  <span className="hidden sm:inline">Add to My Site</span>
                </Link>
              </Button>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

function PublicFooter() {
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
        <p>
          © {new Date().getFullYear()} {productName}. Testimonials for small businesses.
        </p>
        <Link
          to="/terms"
          className="font-medium text-foreground underline-offset-4 hover:underline"
        >
          Terms of Service &amp; Privacy Policy
        </Link>
      </div>
    </footer>
  );
}
