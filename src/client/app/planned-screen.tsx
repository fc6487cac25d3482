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

// `handle.pageName` names the page, e.g. in the upgrade heading of a gated one.
const toRoutes = (screens: { path: string; name: string }[]): RouteObject[] =>
  screens.map(({ path, name }) => ({
    path,
    element: <PlannedScreen name={name} />,
    handle: { pageName: name },
  }));

export const plannedPublicRoutes = toRoutes([
  { path: '/wix/auth', name: 'Connect to Wix' },
]);

/** Owner screens behind the paid-access gate (routes.tsx puts them inside RequireAccess). */
export const plannedGatedOwnerRoutes = toRoutes([{ path: '/integrations', name: 'Integrations' }]);
