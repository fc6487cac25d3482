// Route guards built on the session (docs/product/README.md#screens-and-routes): who sees what at /,
// which routes need a signed-in owner, and /setup only without a business.
// Paid access is the next gate, in access-gate.tsx.
// Each waits for the session with a spinner, so no page flashes before its redirect.
import { lazy, Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useSubscriptionSyncOnLoad } from '../features/billing/api';
import { LandingPage } from '../features/marketing/landing-page';
import { pageData } from '../lib/page-data';
import { useBusiness, useCurrentUser, useIsSigningOut } from '../lib/session';
import { AccessGate } from './access-gate';
import { PublicLayout } from './layouts/public-layout';
import { LoadError } from './load-error';
import { SignedInLayout } from './layouts/signed-in-layout';

// The dashboard's code loads on demand, like every other screen.
const DashboardPage = lazy(async () => ({
  default: (await import('../features/dashboard/dashboard-page')).DashboardPage,
}));

function FullPageLoader() {
  return (
    <div className="flex min-h-dvh flex-col">
      <PageLoader delayed />
    </div>
  );
}

/** `/`: the landing page when signed out; the dashboard, or /setup without a business. */
export function HomeRoute() {
  const user = useCurrentUser();
  const business = useBusiness();
  const signingOut = useIsSigningOut();

  if (signingOut || user.isPending) return <FullPageLoader />;
  if (user.isError) {
    return (
      <div className="flex min-h-dvh flex-col">
        <LoadError what="your session" onRetry={() => void user.refetch()} />
      </div>
    );
  }
  if (!user.data) {
    return (
      <PublicLayout>
        <LandingPage demoWidgetSlug={pageData?.demoWidgetSlug} />
      </PublicLayout>
    );
  }
  if (business.isPending) return <FullPageLoader />;
  if (business.isError) {
    return (
      <SignedInLayout>
        <LoadError what="your business" onRetry={() => void business.refetch()} />
      </SignedInLayout>
    );
  }
  if (!business.data) return <Navigate to="/setup" replace />;
  return <OwnerHome />;
}

/**
 * The dashboard, behind the access gate (docs/product/README.md#screens-and-routes). The subscription sync runs
 * whether or not the gate opens: a payment whose webhook is late is exactly
 * the case it is for.
 */
function OwnerHome() {
  useSubscriptionSyncOnLoad();
  return (
    <SignedInLayout>
      <AccessGate page="Dashboard">
        <Suspense fallback={<PageLoader delayed />}>
          <DashboardPage />
        </Suspense>
      </AccessGate>
    </SignedInLayout>
  );
}

/** Owner routes: a signed-out visitor goes to /auth. */
export function RequireSignedIn() {
  const user = useCurrentUser();
  if (user.isPending) return <FullPageLoader />;
  if (user.isError) {
    return (
      <div className="flex min-h-dvh flex-col">
        <LoadError what="your session" onRetry={() => void user.refetch()} />
      </div>
    );
  }
  if (!user.data) return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/** /setup: only for an owner who has no business yet; everyone else goes to /. */
export function RequireNoBusiness() {
  const business = useBusiness();
  if (business.isPending) return <PageLoader delayed />;
  if (business.isError) {
    return <LoadError what="your business" onRetry={() => void business.refetch()} />;
  }
  if (business.data) return <Navigate to="/" replace />;
  return <Outlet />;
}
