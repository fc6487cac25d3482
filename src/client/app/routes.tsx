// The route table: every route of docs/product/README.md#screens-and-routes, at the paths of shared/app-pages.ts
// (the server routes each of them too). `/` decides between the landing page
// and the owner's home; owner routes sit behind RequireSignedIn inside the
// signed-in layout, and the gated ones also behind RequireAccess (paid
// access; each names itself in `handle.pageName`). The test checkout is signed
// in but stands alone, like a provider's hosted page. /wix/auth is public: it
// sends a signed-out visitor to the Wix login itself, keeping the Wix
// parameters (RequireSignedIn would drop them). The catch-all shows the
// not-found screen. Feature screens load on demand.
import type { RouteObject } from 'react-router';
import { appPages } from '../../shared/app-pages';
import { PageLoader } from '../components/page-loader';
import type { GatedRouteHandle } from './access-gate';
import { AppRoot } from './app-root';
import { PublicLayout } from './layouts/public-layout';
import { NotFoundScreen } from './not-found';
import { RouteError } from './route-error';

// The owner's side (guards, signed-in layout, menus) loads on demand too: the
// public pages the server renders hydrate without it.
const sessionGuards = () => import('./session-guards');

export const routes: RouteObject[] = [
  {
    path: appPages.home,
    element: <AppRoot />,
    errorElement: <RouteError />,
    // Shown only while a lazy route's code loads on the very first page view.
    HydrateFallback: () => (
      <div className="flex min-h-dvh flex-col" aria-busy="true">
        <PageLoader delayed />
      </div>
    ),
    children: [
      { index: true, lazy: async () => ({ Component: (await sessionGuards()).HomeRoute }) },
      // The public testimonial form: no header or footer of ours, it speaks for the business.
      {
        path: appPages.submit,
        lazy: async () => ({
          Component: (await import('../features/collection/submit-page')).SubmitPage,
        }),
      },
      {
        element: <PublicLayout />,
        children: [
          {
            path: appPages.terms,
            lazy: async () => ({
              Component: (await import('../features/marketing/terms-page')).TermsPage,
            }),
          },
          {
            path: appPages.auth,
            lazy: async () => ({
              Component: (await import('../features/auth/auth-page')).AuthPage,
            }),
          },
          {
            path: appPages.forgotPassword,
            lazy: async () => ({
              Component: (await import('../features/auth/forgot-password-page')).ForgotPasswordPage,
            }),
          },
          {
            path: appPages.resetPassword,
            lazy: async () => ({
              Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage,
            }),
          },
          {
            path: appPages.wixAuth,
            lazy: async () => ({
              Component: (await import('../features/integrations/wix-connect-page')).WixConnectPage,
            }),
          },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
      {
        lazy: async () => ({ Component: (await sessionGuards()).RequireSignedIn }),
        children: [
          {
            lazy: async () => ({
              Component: (await import('./layouts/signed-in-layout')).SignedInLayout,
            }),
            children: [
              {
                path: appPages.setup,
                lazy: async () => ({ Component: (await sessionGuards()).RequireNoBusiness }),
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('../features/account/setup-page')).SetupPage,
                    }),
                  },
                ],
              },
              {
                path: appPages.accountSettings,
                lazy: async () => ({
                  Component: (await import('../features/account/account-settings-page'))
                    .AccountSettingsPage,
                }),
              },
              {
                path: appPages.billing,
                lazy: async () => ({
                  Component: (await import('../features/billing/billing-page')).BillingPage,
                }),
              },
              {
                path: appPages.access,
                lazy: async () => ({
                  Component: (await import('../features/billing/access-page')).AccessPage,
                }),
              },
              {
                path: appPages.subscribe,
                lazy: async () => ({
                  Component: (await import('../features/billing/subscribe-page')).SubscribePage,
                }),
              },
              {
                path: appPages.subscribeSuccess,
                lazy: async () => ({
                  Component: (await import('../features/billing/subscribe-success-page'))
                    .SubscribeSuccessPage,
                }),
              },
              {
                lazy: async () => ({ Component: (await import('./access-gate')).RequireAccess }),
                children: [
                  {
                    path: appPages.testimonials,
                    handle: { pageName: 'Testimonials' } satisfies GatedRouteHandle,
                    lazy: async () => ({
                      Component: (await import('../features/testimonials/testimonials-page'))
                        .TestimonialsPage,
                    }),
                  },
                  {
                    path: appPages.importTestimonials,
                    handle: { pageName: 'Import testimonials' } satisfies GatedRouteHandle,
                    lazy: async () => ({
                      Component: (await import('../features/imports/import-page')).ImportPage,
                    }),
                  },
                  {
                    path: appPages.collectionLink,
                    handle: { pageName: 'Collection Link' } satisfies GatedRouteHandle,
                    lazy: async () => ({
                      Component: (await import('../features/collection/collection-link-page'))
                        .CollectionLinkPage,
                    }),
                  },
                  {
                    path: appPages.widget,
                    handle: { pageName: 'Widget' } satisfies GatedRouteHandle,
                    lazy: async () => ({
                      Component: (await import('../features/widget/widget-settings-page'))
                        .WidgetSettingsPage,
                    }),
                  },
                  {
                    path: appPages.integrations,
                    handle: { pageName: 'Integrations' } satisfies GatedRouteHandle,
                    lazy: async () => ({
                      Component: (await import('../features/integrations/integrations-page'))
                        .IntegrationsPage,
                    }),
                  },
                  {
                    path: appPages.requests,
                    handle: { pageName: 'Requests' } satisfies GatedRouteHandle,
                    lazy: async () => ({
                      Component: (await import('../features/requests/requests-page')).RequestsPage,
                    }),
                  },
                  {
                    path: appPages.analytics,
                    handle: { pageName: 'Analytics' } satisfies GatedRouteHandle,
                    // uPlot comes with this page's chunk only.
                    lazy: async () => ({
                      Component: (await import('../features/analytics/analytics-page'))
                        .AnalyticsPage,
                    }),
                  },
                ],
              },
            ],
          },
          {
            path: appPages.testCheckout,
            lazy: async () => ({
              Component: (await import('../features/billing/test-checkout-page')).TestCheckoutPage,
            }),
          },
        ],
      },
    ],
  },
];
