// The frame of every owner page (docs/product/README.md#navigation-bar): main links, the
// business identity and user menu, the theme toggle, and a mobile menu.
import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { PAGE_COLUMN } from '../../components/page-column';
import { ThemeToggle } from '../../components/theme-toggle';
import { Skeleton } from '../../components/ui/skeleton';
import { useLogout } from '../../features/auth/api';
import { useBusiness } from '../../lib/session';
import { cn } from '../../lib/utils';
import { MobileMenu } from './mobile-menu';
import { MAIN_NAV } from './nav-items';
import { SkipLink } from './skip-link';
import { UserMenu } from './user-menu';

/** Renders `children` when given (the dashboard at /), else the matched child route. */
export function SignedInLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <SkipLink />
      <AppHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children ?? <Outlet />}
      </main>
    </div>
  );
}

function AppHeader() {
  const business = useBusiness();
  const logout = useLogout();
  const menuProps = {
    business: business.data,
    loggingOut: logout.isPending || logout.isSuccess || logout.isError,
    onLogout: () => logout.mutate(),
  };
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className={cn(PAGE_COLUMN, 'flex h-16 items-center gap-2')}>
        <BrandLogo className="mr-4" />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {MAIN_NAV.map(({ to, label }) => (
            <NavLink
              key={to}
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                cn(
                  'rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors xl:px-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  isActive
                    ? 'bg-accent text-accent-foreground'
                    : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )
              }
            >
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle className="hidden lg:inline-flex" />
          {business.isPending ? (
            <div
              role="status"
              aria-label="Loading business"
              className="flex items-center gap-2 px-2"
            >
              <Skeleton className="size-8 rounded-full" />
              <Skeleton className="hidden h-4 w-24 sm:block" />
            </div>
          ) : (
            <UserMenu {...menuProps} />
          )}
          <MobileMenu {...menuProps} />
        </div>
      </div>
    </header>
  );
}
