// The paid-access gate (docs/product/billing.md#upgrade-screen, docs/product/billing.md#paid-access, docs/product/README.md#who-may-do-what): the dashboard, /testimonials,
// /widget, /collection-link, /integrations, /requests and /analytics show the upgrade screen instead
// of their content while the owner has no paid access. Billing, account
// settings and the subscribe screens are never behind it.
import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet, useMatches } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useAccessStatus } from '../lib/access';
import { LoadError } from './load-error';

const UpgradeScreen = lazy(async () => ({
  default: (await import('../features/billing/upgrade-screen')).UpgradeScreen,
}));

/** What a gated route declares in its `handle`: the page's name for the upgrade heading. */
export type GatedRouteHandle = { pageName: string };

export function AccessGate({ page, children }: { page: string; children: ReactNode }) {
  const access = useAccessStatus();
  // A failed re-check (the 5-minute poll) keeps the last answer: only a first failure blocks.
  if (access.data) {
    if (access.data.hasAccess) return children;
    return (
      <Suspense fallback={<PageLoader delayed />}>
        <UpgradeScreen page={page} status={access.data} />
      </Suspense>
    );
  }
  if (access.isError) {
    return <LoadError what="your access" onRetry={() => void access.refetch()} />;
  }
  return <PageLoader delayed label="Checking your access…" />;
}

const isGatedHandle = (handle: unknown): handle is GatedRouteHandle =>
  typeof handle === 'object' &&
  handle !== null &&
  typeof (handle as GatedRouteHandle).pageName === 'string';

/** The gate as a layout route: the page's name comes from the matched child's `handle`. */
export function RequireAccess() {
  const page = useMatches()
    .map((match) => match.handle)
    .filter(isGatedHandle)
    .at(-1)?.pageName;
  return (
    <AccessGate page={page ?? 'this page'}>
      <Outlet />
    </AccessGate>
  );
}
