import { ChevronDown, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import type { Business } from '../../../shared/schemas/business';
import { BusinessAvatar } from '../../components/business-avatar';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { ACCOUNT_NAV } from './nav-items';

export const SETUP_REQUIRED = 'Setup Required';

/** The business's website without the scheme, for display. */
export function displayWebsite(website: string | null | undefined): string | null {
  return website ? website.replace(/^https?:\/\//i, '').replace(/\/$/, '') : null;
}

/** The avatar button opening the account menu: business, account links, logout. */
export function UserMenu({
  business,
  loggingOut,
  onLogout,
}: {
  business: Business | null | undefined;
  loggingOut: boolean;
  onLogout: () => void;
}) {
  const name = business?.name ?? SETUP_REQUIRED;
  const website = displayWebsite(business?.website);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          className="h-10 gap-2 px-1.5 sm:px-2"
          aria-label={`Account menu: ${name}`}
        >
          <BusinessAvatar name={business?.name} logoUrl={business?.logoUrl} size="sm" decorative />
          <span
            className={
              business
                ? // Beside the main links (lg) the name gets less room than on its own or on a wide screen.
                  'hidden max-w-40 truncate sm:inline lg:max-w-28 xl:max-w-40'
                : 'hidden font-semibold text-amber-700 sm:inline dark:text-amber-300'
            }
          >
            {name}
          </span>
          <ChevronDown className="hidden text-muted-foreground sm:block" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-0.5 px-2 py-2 text-sm font-normal text-foreground">
          <span className="truncate font-semibold">{name}</span>
          <span className="truncate text-xs text-muted-foreground">
            {website ?? 'No website set'}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {ACCOUNT_NAV.map(({ to, label, Icon }) => (
            <DropdownMenuItem key={to} asChild>
              <Link to={to}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={loggingOut}
          onSelect={(event) => {
            // Stay open so "Logging out..." shows until the app moves to /.
            event.preventDefault();
            onLogout();
          }}
        >
          <LogOut aria-hidden="true" />
          {loggingOut ? 'Logging out...' : 'Logout'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
