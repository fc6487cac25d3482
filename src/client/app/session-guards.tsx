// Route guards built on the session (SPEC §2 route table): who sees what at /,
// which routes need a signed-in owner, and /setup only without a business.
// Each waits for the session with a spinner, so no page flashes before its redirect.
import { CloudOff } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { Button } from '../components/ui/button';
import { LandingPage } from '../features/marketing/landing-page';
import { productName } from '../lib/product';
import { useBusiness, useCurrentUser, useIsSigningOut } from '../lib/session';
import { PublicLayout } from './layouts/public-layout';
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

/** The session or business could not be read (network or server trouble). */
function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div
        role="alert"
        className="w-full max-w-md rounded-3xl border border-border bg-card p-8 text-center shadow-sm"
      >
        <div className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-accent text-brand-text">
          <CloudOff className="size-6" aria-hidden="true" />
        </div>
        <h1 className="mt-4 text-xl font-bold tracking-tight">Couldn&apos;t load {what}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {productName} could not be reached. Check your connection and try again.
        </p>
        <Button className="mt-6" onClick={onRetry}>
          Try again
        </Button>
      </div>
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
        <LandingPage />
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
  return (
    <SignedInLayout>
      <Suspense fallback={<PageLoader delayed />}>
        <DashboardPage />
      </Suspense>
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
