// Screens of SPEC §2 that later issues build. Each entry is a route shown as a
// plain "being built" page; an issue that builds a screen deletes its entry
// here and adds the real route in app/routes.tsx.
import { Hammer } from 'lucide-react';
import type { RouteObject } from 'react-router';
import { MessagePage } from './page-shell';

export function PlannedScreen({ name }: { name: string }) {
  return (
    <MessagePage icon={<Hammer aria-hidden="true" />} eyebrow="Coming soon" title={name}>
      <p>This screen is being built and will be available soon.</p>
    </MessagePage>
  );
}

const planned: { path: string; name: string }[] = [
  { path: '/auth', name: 'Sign In' },
  { path: '/forgot-password', name: 'Forgot Password' },
  { path: '/reset-password', name: 'Reset Password' },
  { path: '/submit/:slug', name: 'Share Your Experience' },
  { path: '/testimonials', name: 'Testimonials' },
  { path: '/widget', name: 'Widget Settings' },
  { path: '/collection-link', name: 'Collection Link' },
  { path: '/integrations', name: 'Integrations' },
  { path: '/billing', name: 'Billing' },
  { path: '/account-settings', name: 'Account Settings' },
  { path: '/access', name: 'Upgrade' },
  { path: '/subscribe', name: 'Subscribe' },
  { path: '/subscribe/success', name: 'Subscription Confirmation' },
  { path: '/setup', name: 'Business Setup' },
  { path: '/wix/auth', name: 'Connect to Wix' },
];

export const plannedRoutes: RouteObject[] = planned.map(({ path, name }) => ({
  path,
  element: <PlannedScreen name={name} />,
}));
