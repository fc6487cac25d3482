// The public pages' layout in the single-page app: the public frame, with a
// signed-in visitor seeing a way back to their dashboard instead of Sign In.
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../../lib/session';
import { DashboardLink, PublicFrame, SignedOutLinks } from './public-frame';

/** Renders `children` when given (the landing page at /), else the matched child route. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const account = isPending ? null : user ? <DashboardLink /> : <SignedOutLinks />;
  return <PublicFrame account={account}>{children ?? <Outlet />}</PublicFrame>;
}
