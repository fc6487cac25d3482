import { LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import type { Business } from '../../../shared/schemas/business';
import { BusinessAvatar } from '../../components/business-avatar';
import { ThemeToggleGroup } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '../../components/ui/sheet';
import { cn } from '../../lib/utils';
import { ACCOUNT_NAV, MAIN_NAV } from './nav-items';
import { SETUP_REQUIRED, displayWebsite } from './user-menu';

const linkClassName = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4 [&_svg]:shrink-0',
    isActive ? 'bg-accent text-accent-foreground' : 'text-foreground hover:bg-muted',
  );

/** The hamburger menu of small screens: every link, the theme choice and logout. */
export function MobileMenu({
  business,
  loggingOut,
  onLogout,
}: {
  business: Business | null | undefined;
  loggingOut: boolean;
  onLogout: () => void;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const website = displayWebsite(business?.website);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent aria-describedby={undefined}>
        <div className="flex h-16 shrink-0 items-center border-b border-border px-5">
          <SheetTitle className="text-base font-semibold">Menu</SheetTitle>
        </div>
        <div className="flex items-center gap-3 border-b border-border px-5 py-4">
          <BusinessAvatar name={business?.name} logoUrl={business?.logoUrl} decorative />
          <div className="min-w-0">
            <p className="truncate font-semibold">{business?.name ?? SETUP_REQUIRED}</p>
            <p className="truncate text-sm text-muted-foreground">{website ?? 'No website set'}</p>
          </div>
        </div>
        <div className="flex flex-1 flex-col gap-6 px-3 py-4">
          <nav aria-label="Main">
            <ul className="grid gap-1">
              {MAIN_NAV.map(({ to, label, Icon }) => (
                <li key={to}>
                  <NavLink to={to} end={to === '/'} className={linkClassName} onClick={close}>
                    <Icon aria-hidden="true" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="Account">
            <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
              Account
            </p>
            <ul className="grid gap-1">
              {ACCOUNT_NAV.map(({ to, label, Icon }) => (
                <li key={to}>
                  <NavLink to={to} className={linkClassName} onClick={close}>
                    <Icon aria-hidden="true" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="px-3">
            <p className="pb-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
              Theme
            </p>
            <ThemeToggleGroup />
          </div>
        </div>
        <div className="border-t border-border p-4">
          <Button
            variant="outline"
            size="lg"
            className="w-full"
            disabled={loggingOut}
            onClick={onLogout}
          >
            <LogOut aria-hidden="true" />
            {loggingOut ? 'Logging out...' : 'Logout'}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
