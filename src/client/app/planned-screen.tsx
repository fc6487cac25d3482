// Screens of SPEC §2 that later issues build. Each entry is a route shown as a
// plain "being built" page; an issue that builds a screen deletes its entry
// here and adds the real route in app/routes.tsx. Owner screens render inside
// the signed-in layout and need a session; public ones do not.
import { Hammer } from 'lucide-react';
import type { RouteObject } from 'react-router';
import { MessagePage } from './page-shell';

export function PlannedScreen({ name, homeLink }: { name: string; homeLink?: boolean }) {
  return (
    <MessagePage
      icon={<Hammer aria-hidden="true" />}
      eyebrow="Coming soon"
      title={name}
      homeLink={homeLink}
    >
      <p>This screen is being built and will be available soon.</p>
    </MessagePage>
  );
}

const toRoutes = (screens: { path: string; name: string }[]): RouteObject[] =>
  screens.map(({ path, name }) => ({ path, element: <PlannedScreen name={name} /> }));

export const plannedPublicRoutes = toRoutes([
  { path: '/wix/auth', name: 'Connect to Wix' },
]);

export const plannedOwnerRoutes = toRoutes([
  { path: '/integrations', name: 'Integrations' },
  { path: '/billing', name: 'Billing' },
  { path: '/access', name: 'Upgrade' },
  { path: '/subscribe', name: 'Subscribe' },
  { path: '/subscribe/success', name: 'Subscription Confirmation' },
]);
