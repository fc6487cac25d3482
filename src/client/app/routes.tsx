// The route table: every route of SPEC §2. Screens not built yet come from
// planned-screen.tsx; the catch-all shows the not-found screen.
import type { RouteObject } from 'react-router';
import { LandingPage } from '../features/marketing/landing-page';
import { PublicLayout } from './layouts/public-layout';
import { NotFoundScreen } from './not-found';
import { plannedRoutes } from './planned-screen';
import { RouteError } from './route-error';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <RouteError />,
    // Shown only while a lazy route's code loads on the very first page view.
    HydrateFallback: () => <div className="min-h-dvh" aria-busy="true" />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        path: '/terms',
        lazy: async () => ({
          Component: (await import('../features/marketing/terms-page')).TermsPage,
        }),
      },
      ...plannedRoutes,
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
