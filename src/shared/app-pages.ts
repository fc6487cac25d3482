// The pages of the client app (docs/product/README.md#screens-and-routes, and the built-in test
// checkout), by the path its router (src/client/app/routes.tsx) gives each.
// The server has a route for every one of them (plugins/client-app.ts, and
// modules/billing/routes.ts for the test checkout), so its route table, the
// OpenAPI document and the tenant matrix list every page people open.
export const appPages = {
  home: '/',
  submit: '/submit/:slug',
  terms: '/terms',
  auth: '/auth',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  wixAuth: '/wix/auth',
  setup: '/setup',
  accountSettings: '/account-settings',
  billing: '/billing',
  access: '/access',
  subscribe: '/subscribe',
  subscribeSuccess: '/subscribe/success',
  testimonials: '/testimonials',
  importTestimonials: '/testimonials/import',
  collectionLink: '/collection-link',
  widget: '/widget',
  integrations: '/integrations',
  requests: '/requests',
  analytics: '/analytics',
  testCheckout: '/checkout/test/:sessionId',
} as const;

/**
 * A business's collection link, the public form at {origin}/submit/{slug}:
 * shown and copied by the app, in the QR code and in the widget's invitation.
 */
export function collectionLink(origin: string, collectionSlug: string): string {
  return `${origin}/submit/${encodeURIComponent(collectionSlug)}`;
}

/** What the QR code encodes: the collection link marked `?src=qr`, so a scan can be told from a click. */
export function qrCollectionLink(origin: string, collectionSlug: string): string {
  return `${collectionLink(origin, collectionSlug)}?src=qr`;
}
