// docs/security.md rule 7: the tenant matrix. The route list comes from the server's
// own route table (an onRoute hook sees every route as it is added, in every
// scope) and must be exactly the contract list (src/shared/contracts); every
// contract that takes credentials needs an entry below, so a route added
// without a contract, or an owner endpoint without probes, fails this test.
// Tenant B's session is sent to every owner route, with
// tenant A's ids where the route takes one (404) or A's uploads where it takes
// images (4xx); afterwards every row of A's data must be exactly as it was, and
// no answer to B may mention A's data. Every owner route also answers 401
// without a session. The public API v1 routes get the same treatment with
// tenant B's API key instead of a session, and answer 401 without a key.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq, getTableColumns, getTableName, isTable, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { contractKey, type Access } from '../shared/contract.js';
import { allContracts, contractByKey } from '../shared/contracts/index.js';
import { WIDGET_SETTINGS_DEFAULTS } from '../shared/schemas/widget.js';
import { signWixInstance } from './modules/integrations/wix-instance.js';
import { sealCredentials } from './modules/review-sources/credentials.js';
import * as schema from './db/schema.js';
import {
  TEST_PASSWORD,
  createSignedInUser,
  createTestimonial,
  paidAndOpenTestCheckouts,
  sessionCookieOf,
  uniqueEmail,
  uploadImage,
  withSession,
} from './testing/factories.js';
import { buildApp, type AppDeps } from './app.js';
import { createTestApp, testConfig } from './testing/test-app.js';
import { testDatabase } from './testing/test-database.js';

type App = FastifyInstance;

/** Options that make the app list every route as it is added: "METHOD /path", HEAD left out (Fastify adds one to every GET). */
function collectingRoutes(): { routes: string[]; deps: Partial<AppDeps> } {
  const seen = new Set<string>();
  const routes: string[] = [];
  const deps: Partial<AppDeps> = {
    // On the root before any route, so the hook reaches the routes of every scope.
    beforeRoutes: (root) =>
      root.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) {
          const entry = `${method} ${route.url}`;
          if (method === 'HEAD' || seen.has(entry)) continue;
          seen.add(entry);
          routes.push(entry);
        }
      }),
  };
  return { routes, deps };
}

type Tenant = {
  userId: string;
  email: string;
  cookie: string;
  businessId: string;
  slug: string;
  testimonialId: string;
  /** A burst of submissions with one pending row. */
  burstId: string;
  uploads: { logo: string; product: string; author: string; beforeAfter: string };
  /** A's test checkout: one session paid (its invoice), one still open. */
  billing: { paidSessionId: string; openSessionId: string; invoiceId: string };
  apiKey: string;
  wixSiteId: string;
  /** A webhook endpoint with one delivery (a test event, never sent: the matrix drains no jobs). */
  webhook: { endpointId: string; deliveryId: string };
  /** A Google source with a location and a Trustpilot source, stored as a connect leaves them (no provider is called). */
  reviewSources: { googleId: string; trustpilotId: string };
};

const WIX_APP_SECRET = 'tenant-matrix-wix-secret';
const signedInstance = (wixSiteId: string) =>
  signWixInstance({ instanceId: wixSiteId, signDate: new Date().toISOString() }, WIX_APP_SECRET);

type Probe = {
  /** The request tenant B sends. */
  request: (a: Tenant, b: Tenant) => InjectOptions;
  /** 404: A's id is not found; 4xx: refused; own: answered about B's own data only. */
  expect: 404 | '4xx' | 'own';
};

type Expectation =
  /** Public API v1: probes sent with tenant B's API key; 401 without one. */
  | { kind: 'api'; probes: Probe[] }
  | {
      kind: 'owner';
      probes: Probe[];
      /** Ends or renews B's session: run after the others. */
      last?: boolean;
      /** The answer without a session, when it is not 401. */
      anonymous?: number;
    };

/** Who may call these without credentials: no probes (their contract says why). */
const OPEN_ACCESS: ReadonlySet<Access> = new Set<Access>(['public', 'visitor']);

const notFound = (request: Probe['request']): Probe => ({ request, expect: 404 });
const refused = (request: Probe['request']): Probe => ({ request, expect: '4xx' });
const own = (request: Probe['request']): Probe => ({ request, expect: 'own' });
const get = (url: string) => own(() => ({ method: 'GET', url }));

const tid = (a: Tenant) => `/api/testimonials/${a.testimonialId}`;
const hook = (a: Tenant) => `/api/webhooks/${a.webhook.endpointId}`;
const reviewSource = (a: Tenant) => `/api/review-sources/${a.reviewSources.trustpilotId}`;
const googleSource = (a: Tenant) => `/api/review-sources/${a.reviewSources.googleId}`;
/** The range the analytics probes read: it holds the figures each tenant has (analyticsOf). */
const ANALYTICS_RANGE = 'from=2025-01-01&to=2025-01-31';
/** A's daily count, a number no answer to B may hold. */
const A_ANALYTICS_COUNT = 7_654_321;

/**
 * A day of figures in each tenant's rollups: a page and a count only A has, and its testimonial's card, so a report
 * or an API answer that read another business's rows would name them.
 */
function analyticsOf(name: string, businessId: string, testimonialId: string) {
  const count = name === 'Tenant A' ? A_ANALYTICS_COUNT : 3;
  const page = `https://${name === 'Tenant A' ? 'TENANT-A-SECRET' : 'tenant-b'}.example/home`;
  return [
    { metric: 'impressions', dimension: '', count },
    { metric: 'visitors', dimension: '', count },
    { metric: 'page_impressions', dimension: page, count },
    { metric: 'card_impressions', dimension: testimonialId, count },
    // Each on a day of its own, so a day that mixed both would still show A's count whole.
  ].map((row) => ({ ...row, businessId, day: name === 'Tenant A' ? '2025-01-15' : '2025-01-16' }));
}

/** A public address: creation checks it without connecting. Only request.submitted, so B's probes queue nothing. */
const WEBHOOK_URL = 'https://93.184.215.14/hooks';

/**
 * Every endpoint that takes credentials (its contract's access is not
 * `public` or `visitor`), by its contract's key. Adding such an endpoint means
 * adding its probes here; the others say who may call them in their contract.
 */
const matrix: Record<string, Expectation> = {
  'GET /api/v1/testimonials': {
    kind: 'api',
    probes: [get('/api/v1/testimonials'), get('/api/v1/testimonials?status=all&limit=100')],
  },
  'GET /api/v1/testimonials/:id': {
    kind: 'api',
    probes: [notFound((a) => ({ method: 'GET', url: `/api/v1/testimonials/${a.testimonialId}` }))],
  },
  'POST /api/v1/testimonials': {
    kind: 'api',
    probes: [
      own(() => ({
        method: 'POST',
        url: '/api/v1/testimonials',
        payload: {
          authorName: 'Imported',
          content: 'Imported into B only, please.',
          status: 'approved',
          source: 'matrix',
        },
      })),
    ],
  },
  'POST /api/v1/imports': {
    kind: 'api',
    probes: [
      own(() => ({
        method: 'POST',
        url: '/api/v1/imports?status=approved',
        payload: [{ name: 'Imported', text: 'Imported into B only, please.' }],
      })),
    ],
  },
  'GET /api/v1/widget': { kind: 'api', probes: [get('/api/v1/widget')] },
  'GET /api/v1/analytics': { kind: 'api', probes: [get(`/api/v1/analytics?${ANALYTICS_RANGE}`)] },
  'GET /api/v1/requests': {
    kind: 'api',
    probes: [get('/api/v1/requests'), get('/api/v1/requests?status=queued&q=secret&limit=100')],
  },
  'POST /api/v1/requests': {
    kind: 'api',
    probes: [
      own(() => ({
        method: 'POST',
        url: '/api/v1/requests',
        payload: { customers: [{ name: 'Asked by B', email: 'tenant-a-customer@example.com' }] },
      })),
    ],
  },
  'GET /api/request-settings': { kind: 'owner', probes: [get('/api/request-settings')] },
  'PUT /api/request-settings': {
    kind: 'owner',
    probes: [
      own(() => ({
        method: 'PUT',
        url: '/api/request-settings',
        payload: { subject: 'B asks', body: 'Hi {first name}', reminderDays: null, dailyCap: 5 },
      })),
    ],
  },
  'POST /api/request-settings/preview': {
    kind: 'owner',
    probes: [
      own(() => ({
        method: 'POST',
        url: '/api/request-settings/preview',
        payload: { subject: 'Hi', body: 'Hi {first name}', name: 'Someone' },
      })),
    ],
  },
  'POST /api/requests/check': {
    kind: 'owner',
    probes: [
      own(() => ({
        method: 'POST',
        url: '/api/requests/check',
        payload: { customers: [{ email: 'tenant-a-customer@example.com' }] },
      })),
    ],
  },
  'POST /api/requests': {
    kind: 'owner',
    probes: [
      own(() => ({
        method: 'POST',
        url: '/api/requests',
        payload: { customers: [{ email: 'tenant-a-customer@example.com' }] },
      })),
    ],
  },
  'GET /api/requests': {
    kind: 'owner',
    probes: [get('/api/requests'), get('/api/requests?status=queued&q=secret')],
  },
  'GET /api/v1/webhooks': { kind: 'api', probes: [get('/api/v1/webhooks')] },
  'POST /api/v1/webhooks': {
    kind: 'api',
    probes: [
      own(() => ({
        method: 'POST',
        url: '/api/v1/webhooks',
        payload: { url: WEBHOOK_URL, events: ['request.submitted'] },
      })),
    ],
  },
  'DELETE /api/v1/webhooks/:id': {
    kind: 'api',
    probes: [
      notFound((a) => ({ method: 'DELETE', url: `/api/v1/webhooks/${a.webhook.endpointId}` })),
    ],
  },
  'POST /api/imports': {
    kind: 'owner',
    probes: [
      own(() => ({
        method: 'POST',
        url: '/api/imports?status=approved',
        payload: [{ name: 'Imported', text: 'Imported into B only, please.' }],
      })),
    ],
  },
  'GET /api/imports': { kind: 'owner', probes: [get('/api/imports')] },
  'GET /api/webhooks': { kind: 'owner', probes: [get('/api/webhooks')] },
  'POST /api/webhooks': {
    kind: 'owner',
    probes: [
      own(() => ({
        method: 'POST',
        url: '/api/webhooks',
        payload: { url: WEBHOOK_URL, events: ['request.submitted'] },
      })),
    ],
  },
  'PATCH /api/webhooks/:id': {
    kind: 'owner',
    probes: [
      notFound((a) => ({ method: 'PATCH', url: hook(a), payload: { status: 'disabled' } })),
      notFound((a) => ({
        method: 'PATCH',
        url: hook(a),
        payload: { events: ['testimonial.deleted'], status: 'active' },
      })),
    ],
  },
  'DELETE /api/webhooks/:id': {
    kind: 'owner',
    probes: [notFound((a) => ({ method: 'DELETE', url: hook(a) }))],
  },
  'POST /api/webhooks/:id/test': {
    kind: 'owner',
    probes: [notFound((a) => ({ method: 'POST', url: `${hook(a)}/test` }))],
  },
  'GET /api/webhooks/:id/deliveries': {
    kind: 'owner',
    probes: [notFound((a) => ({ method: 'GET', url: `${hook(a)}/deliveries` }))],
  },
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': {
    kind: 'owner',
    probes: [
      notFound((a) => ({
        method: 'POST',
        url: `${hook(a)}/deliveries/${a.webhook.deliveryId}/resend`,
      })),
      // B's own endpoint with A's delivery.
      notFound((a, b) => ({
        method: 'POST',
        url: `/api/webhooks/${b.webhook.endpointId}/deliveries/${a.webhook.deliveryId}/resend`,
      })),
    ],
  },
  'GET /api/review-sources': { kind: 'owner', probes: [get('/api/review-sources')] },
  'POST /api/review-sources/google/start': {
    kind: 'owner',
    probes: [own(() => ({ method: 'POST', url: '/api/review-sources/google/start' }))],
  },
  'POST /api/review-sources/google/callback': {
    kind: 'owner',
    // A state signed for A's session would be refused too: it names A's business and user.
    probes: [
      refused((a) => ({
        method: 'POST',
        url: '/api/review-sources/google/callback',
        payload: { code: 'a-code', state: `${a.businessId}.${a.userId}.9999999999999.forged` },
      })),
    ],
  },
  'GET /api/review-sources/:id/locations': {
    kind: 'owner',
    probes: [notFound((a) => ({ method: 'GET', url: `${googleSource(a)}/locations` }))],
  },
  'PUT /api/review-sources/:id/location': {
    kind: 'owner',
    probes: [
      notFound((a) => ({
        method: 'PUT',
        url: `${googleSource(a)}/location`,
        payload: { name: 'accounts/1/locations/2' },
      })),
    ],
  },
  'POST /api/review-sources/trustpilot': {
    kind: 'owner',
    // A's business unit, while B has one connected: refused before Trustpilot is called (the matrix reaches no provider).
    probes: [
      refused(() => ({
        method: 'POST',
        url: '/api/review-sources/trustpilot',
        payload: { businessUnitId: 'TENANTASECRETUNIT', apiKey: 'key' },
      })),
    ],
  },
  'PATCH /api/review-sources/:id': {
    kind: 'owner',
    probes: [
      notFound((a) => ({ method: 'PATCH', url: reviewSource(a), payload: { trusted: true } })),
      notFound((a) => ({ method: 'PATCH', url: googleSource(a), payload: { trusted: true } })),
    ],
  },
  'POST /api/review-sources/:id/sync': {
    kind: 'owner',
    probes: [notFound((a) => ({ method: 'POST', url: `${reviewSource(a)}/sync` }))],
  },
  'DELETE /api/review-sources/:id': {
    kind: 'owner',
    probes: [
      notFound((a) => ({ method: 'DELETE', url: reviewSource(a) })),
      notFound((a) => ({ method: 'DELETE', url: googleSource(a) })),
    ],
  },
  'GET /api/integrations/api-key': { kind: 'owner', probes: [get('/api/integrations/api-key')] },
  'POST /api/integrations/api-key': {
    kind: 'owner',
    probes: [own(() => ({ method: 'POST', url: '/api/integrations/api-key' }))],
  },
  'DELETE /api/integrations/api-key': {
    kind: 'owner',
    probes: [own(() => ({ method: 'DELETE', url: '/api/integrations/api-key' }))],
  },
  'GET /api/integrations/wix-sites': {
    kind: 'owner',
    probes: [get('/api/integrations/wix-sites')],
  },
  'DELETE /api/integrations/wix-sites/:wixSiteId': {
    kind: 'owner',
    probes: [
      notFound((a) => ({ method: 'DELETE', url: `/api/integrations/wix-sites/${a.wixSiteId}` })),
    ],
  },
  'POST /api/wix/connect': {
    kind: 'owner',
    // A's site, correctly signed: it stays A's (409).
    probes: [
      refused((a) => ({
        method: 'POST',
        url: '/api/wix/connect',
        payload: { instance: signedInstance(a.wixSiteId) },
      })),
    ],
  },
  'GET /api/user/access-status': { kind: 'owner', probes: [get('/api/user/access-status')] },
  'POST /api/validate-access-code': {
    kind: 'owner',
    probes: [
      refused(() => ({
        method: 'POST',
        url: '/api/validate-access-code',
        payload: { code: 'NOT-A-CODE' },
      })),
    ],
  },
  'POST /api/create-checkout-session': {
    kind: 'owner',
    probes: [own(() => ({ method: 'POST', url: '/api/create-checkout-session' }))],
  },
  'GET /api/checkout-success': {
    kind: 'owner',
    probes: [
      notFound((a) => ({
        method: 'GET',
        url: `/api/checkout-success?session_id=${a.billing.paidSessionId}`,
      })),
    ],
  },
  'POST /api/sync-subscription': {
    kind: 'owner',
    probes: [own(() => ({ method: 'POST', url: '/api/sync-subscription' }))],
  },
  'GET /api/billing/subscription': { kind: 'owner', probes: [get('/api/billing/subscription')] },
  'GET /api/billing/invoices': { kind: 'owner', probes: [get('/api/billing/invoices')] },
  'POST /api/cancel-subscription': {
    kind: 'owner',
    // B cancels B's own subscription; A's stays as it was.
    probes: [own(() => ({ method: 'POST', url: '/api/cancel-subscription' }))],
  },
  'POST /api/billing/resume-subscription': {
    kind: 'owner',
    // B resumes B's own subscription (none to resume: 400); A's stays as it was.
    probes: [own(() => ({ method: 'POST', url: '/api/billing/resume-subscription' }))],
  },
  'GET /api/billing/refund': { kind: 'owner', probes: [get('/api/billing/refund')] },
  'POST /api/billing/refund': {
    kind: 'owner',
    // B asks for B's own refund; A's payment and subscription stay as they were.
    probes: [own(() => ({ method: 'POST', url: '/api/billing/refund' }))],
  },
  'GET /api/test-checkout/:sessionId': {
    kind: 'owner',
    probes: [
      notFound((a) => ({ method: 'GET', url: `/api/test-checkout/${a.billing.openSessionId}` })),
    ],
  },
  'POST /api/test-checkout/:sessionId/pay': {
    kind: 'owner',
    probes: [
      notFound((a) => ({
        method: 'POST',
        url: `/api/test-checkout/${a.billing.openSessionId}/pay`,
      })),
    ],
  },
  'GET /checkout/test/:sessionId': {
    kind: 'owner',
    // The test checkout's page: a signed-out visitor is sent to log in.
    anonymous: 302,
    probes: [
      notFound((a) => ({ method: 'GET', url: `/checkout/test/${a.billing.openSessionId}` })),
      own((_a, b) => ({ method: 'GET', url: `/checkout/test/${b.billing.openSessionId}` })),
    ],
  },
  'GET /billing/receipts/:invoiceId': {
    kind: 'owner',
    // A receipt page: a signed-out visitor is sent to log in.
    anonymous: 302,
    probes: [
      notFound((a) => ({ method: 'GET', url: `/billing/receipts/${a.billing.invoiceId}` })),
      own((_a, b) => ({ method: 'GET', url: `/billing/receipts/${b.billing.invoiceId}` })),
    ],
  },
  'GET /api/billing/invoices/:invoiceId/receipt.pdf': {
    kind: 'owner',
    probes: [
      notFound((a) => ({
        method: 'GET',
        url: `/api/billing/invoices/${a.billing.invoiceId}/receipt.pdf`,
      })),
      own((_a, b) => ({
        method: 'GET',
        url: `/api/billing/invoices/${b.billing.invoiceId}/receipt.pdf`,
      })),
    ],
  },

  'GET /api/auth/user': { kind: 'owner', probes: [get('/api/auth/user')] },
  'PATCH /api/auth/email': {
    kind: 'owner',
    probes: [
      refused((a) => ({
        method: 'PATCH',
        url: '/api/auth/email',
        payload: { email: a.email, currentPassword: TEST_PASSWORD },
      })),
      own(() => ({
        method: 'PATCH',
        url: '/api/auth/email',
        payload: { email: uniqueEmail('tenant-b'), currentPassword: TEST_PASSWORD },
      })),
    ],
  },
  'PATCH /api/auth/password': {
    kind: 'owner',
    last: true,
    probes: [
      own(() => ({
        method: 'PATCH',
        url: '/api/auth/password',
        payload: {
          currentPassword: TEST_PASSWORD,
          newPassword: 'another long password',
          confirmPassword: 'another long password',
        },
      })),
    ],
  },
  'POST /api/logout': {
    kind: 'owner',
    last: true,
    anonymous: 200,
    probes: [own(() => ({ method: 'POST', url: '/api/logout' }))],
  },

  'GET /api/business': { kind: 'owner', probes: [get('/api/business')] },
  'POST /api/business': {
    kind: 'owner',
    probes: [
      refused(() => ({
        method: 'POST',
        url: '/api/business',
        payload: { name: 'Second', website: 'second.example' },
      })),
    ],
  },
  'PATCH /api/business': {
    kind: 'owner',
    probes: [
      own(() => ({
        method: 'PATCH',
        url: '/api/business',
        payload: { name: 'B renamed', website: 'b.example' },
      })),
    ],
  },
  'PUT /api/business/logo': {
    kind: 'owner',
    probes: [
      refused((a) => ({
        method: 'PUT',
        url: '/api/business/logo',
        payload: { logoURL: a.uploads.logo },
      })),
      own((_a, b) => ({
        method: 'PUT',
        url: '/api/business/logo',
        payload: { logoURL: b.uploads.logo },
      })),
    ],
  },
  'POST /api/objects/upload': {
    kind: 'owner',
    probes: [own(() => ({ method: 'POST', url: '/api/objects/upload' }))],
  },
  'POST /api/objects/upload/product-image': {
    kind: 'owner',
    probes: [own(() => ({ method: 'POST', url: '/api/objects/upload/product-image' }))],
  },
  'POST /api/objects/upload/before-after-image': {
    kind: 'owner',
    probes: [own(() => ({ method: 'POST', url: '/api/objects/upload/before-after-image' }))],
  },
  'POST /api/objects/upload/author-image': {
    kind: 'owner',
    probes: [own(() => ({ method: 'POST', url: '/api/objects/upload/author-image' }))],
  },
  'GET /api/collection/qr.svg': { kind: 'owner', probes: [get('/api/collection/qr.svg')] },
  'GET /api/collection/qr.png': {
    kind: 'owner',
    probes: [get('/api/collection/qr.png'), get('/api/collection/qr.png?size=300')],
  },
  'POST /api/collection/shared': {
    kind: 'owner',
    probes: [
      own(() => ({
        method: 'POST',
        url: '/api/collection/shared',
        payload: { how: 'link_copied' },
      })),
    ],
  },
  'GET /api/notification-settings': { kind: 'owner', probes: [get('/api/notification-settings')] },
  'PUT /api/notification-settings': {
    kind: 'owner',
    probes: [
      own(() => ({
        method: 'PUT',
        url: '/api/notification-settings',
        payload: { newTestimonialEmails: 'off' },
      })),
    ],
  },
  'GET /api/dashboard/checklist': { kind: 'owner', probes: [get('/api/dashboard/checklist')] },
  'POST /api/dashboard/checklist/dismiss': {
    kind: 'owner',
    probes: [own(() => ({ method: 'POST', url: '/api/dashboard/checklist/dismiss' }))],
  },
  'GET /api/collection-page-settings': {
    kind: 'owner',
    probes: [get('/api/collection-page-settings')],
  },
  'PUT /api/collection-page-settings': {
    kind: 'owner',
    probes: [
      own(() => ({
        method: 'PUT',
        url: '/api/collection-page-settings',
        payload: {
          welcomeMessage: 'Tell us!',
          collectName: true,
          nameRequired: true,
          collectEmail: true,
          emailRequired: false,
          collectBusinessName: false,
          businessNameRequired: false,
          collectLocation: true,
          locationRequired: false,
          collectStarRatings: true,
          starRatingsRequired: true,
          collectSelfie: true,
          selfieRequired: false,
          collectBeforeAfterPhotos: true,
          beforeAfterPhotosRequired: false,
          collectProductPhotos: true,
          productPhotosRequired: false,
          redirectAfterSubmission: null,
        },
      })),
    ],
  },

  'GET /api/testimonials': {
    kind: 'owner',
    probes: [get('/api/testimonials'), get('/api/testimonials?q=TENANT-A-SECRET&status=all')],
  },
  'GET /api/testimonials/stats': { kind: 'owner', probes: [get('/api/testimonials/stats')] },
  'GET /api/testimonials/bursts': { kind: 'owner', probes: [get('/api/testimonials/bursts')] },
  'DELETE /api/testimonials/bursts/:id/pending': {
    kind: 'owner',
    probes: [
      notFound((a) => ({ method: 'DELETE', url: `/api/testimonials/bursts/${a.burstId}/pending` })),
    ],
  },
  'GET /api/testimonials/export.csv': {
    kind: 'owner',
    probes: [get('/api/testimonials/export.csv')],
  },
  'GET /api/testimonials/export.json': {
    kind: 'owner',
    probes: [get('/api/testimonials/export.json')],
  },
  'POST /api/testimonials/bulk': {
    kind: 'owner',
    probes: (['approve', 'reject', 'delete'] as const).flatMap((action) => [
      notFound((a) => ({
        method: 'POST',
        url: '/api/testimonials/bulk',
        payload: { action, ids: [a.testimonialId] },
      })),
      notFound((a, b) => ({
        method: 'POST',
        url: '/api/testimonials/bulk',
        payload: { action, ids: [b.testimonialId, a.testimonialId] },
      })),
    ]),
  },
  'PATCH /api/testimonials/:id': {
    kind: 'owner',
    probes: [
      notFound((a) => ({ method: 'PATCH', url: tid(a), payload: { status: 'rejected' } })),
      notFound((a) => ({
        method: 'PATCH',
        url: tid(a),
        payload: {
          authorName: 'B was here',
          content: 'Overwritten',
          rating: 1,
          status: 'approved',
          tags: ['b'],
          authorImageUrl: null,
        },
      })),
    ],
  },
  'DELETE /api/testimonials/:id': {
    kind: 'owner',
    probes: [notFound((a) => ({ method: 'DELETE', url: tid(a) }))],
  },
  'PUT /api/testimonials/:id/author-image': {
    kind: 'owner',
    probes: [
      notFound((a, b) => ({
        method: 'PUT',
        url: `${tid(a)}/author-image`,
        payload: { authorImageURL: b.uploads.author },
      })),
      refused((a, b) => ({
        method: 'PUT',
        url: `${tid(b)}/author-image`,
        payload: { authorImageURL: a.uploads.author },
      })),
    ],
  },
  'PUT /api/testimonials/:id/product-images': {
    kind: 'owner',
    probes: [
      notFound((a, b) => ({
        method: 'PUT',
        url: `${tid(a)}/product-images`,
        payload: { productImageURLs: [b.uploads.product] },
      })),
      refused((a, b) => ({
        method: 'PUT',
        url: `${tid(b)}/product-images`,
        payload: { productImageURLs: [a.uploads.product] },
      })),
    ],
  },
  'DELETE /api/testimonials/:id/product-images': {
    kind: 'owner',
    probes: [
      notFound((a) => ({
        method: 'DELETE',
        url: `${tid(a)}/product-images`,
        payload: { imageUrl: '/objects/uploads/a-product.jpg' },
      })),
    ],
  },
  'PUT /api/testimonials/:id/before-after-images': {
    kind: 'owner',
    probes: [
      notFound((a) => ({
        method: 'PUT',
        url: `${tid(a)}/before-after-images`,
        payload: { beforeImageURL: null, afterImageURL: null },
      })),
      refused((a, b) => ({
        method: 'PUT',
        url: `${tid(b)}/before-after-images`,
        payload: { beforeImageURL: a.uploads.beforeAfter },
      })),
    ],
  },
  'GET /api/analytics': { kind: 'owner', probes: [get(`/api/analytics?${ANALYTICS_RANGE}`)] },
  'GET /api/analytics/export.csv': {
    kind: 'owner',
    probes: [get(`/api/analytics/export.csv?${ANALYTICS_RANGE}`)],
  },
  'GET /api/widget-settings': { kind: 'owner', probes: [get('/api/widget-settings')] },
  'PUT /api/widget-settings': {
    kind: 'owner',
    probes: [
      own(() => ({
        method: 'PUT',
        url: '/api/widget-settings',
        payload: { showBusinessName: true },
      })),
    ],
  },
  'POST /api/widget-settings': {
    kind: 'owner',
    probes: [
      own(() => ({
        method: 'POST',
        url: '/api/widget-settings',
        payload: {
          ...WIDGET_SETTINGS_DEFAULTS,
          headerText: 'B was here',
          backgroundColor: '#000000',
        },
      })),
    ],
  },
  'GET /api/widget-snippets': { kind: 'owner', probes: [get('/api/widget-snippets')] },
  'PUT /api/widget-snippets': {
    kind: 'owner',
    probes: [
      own(() => ({
        method: 'PUT',
        url: '/api/widget-snippets',
        payload: { kind: 'script', height: 410 },
      })),
    ],
  },
};

async function tenant(app: App, name: string): Promise<Tenant> {
  const created = await createSignedInUser(app, { businessName: name });
  const business = created.business;
  if (!business) throw new Error('tenant without business');
  const cookie = created.cookie;
  const upload = async (
    purpose: 'logo' | 'product-image' | 'author-image' | 'before-after-image',
  ) => (await uploadImage(app, { purpose, cookie })).uploadURL;
  const testimonial = await createTestimonial(app.database.db, business.id, {
    authorName: `${name} customer`,
    content: `${name === 'Tenant A' ? 'TENANT-A-SECRET' : 'tenant b'} review text`,
    status: 'approved',
    approvedAt: new Date('2025-01-01T00:00:00Z'),
    tags: ['a-tag'],
    productImageUrls: ['/objects/uploads/a-product.jpg'],
  });
  const [burst] = await app.database.db
    .insert(schema.submissionBursts)
    .values({ businessId: business.id, startedAt: new Date(), lastAt: new Date() })
    .returning();
  await createTestimonial(app.database.db, business.id, {
    authorName: `${name} burst`,
    burstId: burst!.id,
  });
  await app.database.db
    .insert(schema.analyticsDaily)
    .values(analyticsOf(name, business.id, testimonial.id));
  // A request to a customer, in A's list only.
  await app.database.db.insert(schema.reviewRequests).values({
    businessId: business.id,
    name: `${name === 'Tenant A' ? 'TENANT-A-SECRET' : 'tenant b'} customer`,
    email: 'tenant-a-customer@example.com',
    sendAt: new Date(),
  });
  const keyResponse = await app.inject({
    method: 'POST',
    url: '/api/integrations/api-key',
    ...withSession(cookie),
  });
  const wixSiteId = `5e0c2b7a-4d1f-4e8a-9b3c-${business.id.slice(-12)}`;
  const linked = await app.inject({
    method: 'POST',
    url: '/api/wix/connect',
    payload: { instance: signedInstance(wixSiteId) },
    ...withSession(cookie),
  });
  if (linked.statusCode !== 200)
    throw new Error(`tenant could not link a Wix site: ${linked.body}`);
  const webhook = await app.inject({
    method: 'POST',
    url: '/api/webhooks',
    payload: { url: WEBHOOK_URL, events: ['request.submitted'] },
    ...withSession(cookie),
  });
  if (webhook.statusCode !== 201)
    throw new Error(`tenant could not add a webhook: ${webhook.body}`);
  const endpointId = webhook.json<{ endpoint: { id: string } }>().endpoint.id;
  const test = await app.inject({
    method: 'POST',
    url: `/api/webhooks/${endpointId}/test`,
    ...withSession(cookie),
  });
  const sourceIds = { googleId: crypto.randomUUID(), trustpilotId: crypto.randomUUID() };
  const secret = app.config.sessionSecret;
  await app.database.db.insert(schema.reviewSources).values([
    {
      id: sourceIds.googleId,
      businessId: business.id,
      kind: 'google',
      credentials: sealCredentials(secret, sourceIds.googleId, {
        kind: 'google',
        refreshToken: `${name}-refresh-token`,
      }),
      googleLocationName: 'accounts/1/locations/2',
      googleLocationTitle: `${name === 'Tenant A' ? 'TENANT-A-SECRET' : 'tenant b'} location`,
    },
    {
      id: sourceIds.trustpilotId,
      businessId: business.id,
      kind: 'trustpilot',
      credentials: sealCredentials(secret, sourceIds.trustpilotId, {
        kind: 'trustpilot',
        apiKey: `${name}-api-key`,
      }),
      trustpilotBusinessUnitId: name === 'Tenant A' ? 'TENANTASECRETUNIT' : 'tenantbunit',
    },
  ]);
  return {
    reviewSources: sourceIds,
    webhook: { endpointId, deliveryId: test.json<{ deliveryId: string }>().deliveryId },
    apiKey: keyResponse.json<{ apiKey: string }>().apiKey,
    wixSiteId,
    billing: await paidAndOpenTestCheckouts(app, cookie),
    userId: created.user.id,
    email: created.email,
    cookie,
    businessId: business.id,
    slug: business.collectionSlug,
    testimonialId: testimonial.id,
    burstId: burst!.id,
    uploads: {
      logo: await upload('logo'),
      product: await upload('product-image'),
      author: await upload('author-image'),
      beforeAfter: await upload('before-after-image'),
    },
  };
}

/** Every row that belongs to tenant A, table by table (new tables are picked up by their columns). */
async function snapshotOf(app: App, a: Tenant): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  const [owner] = await app.database.db
    .select()
    .from(schema.users)
    .where(eq(schema.users.id, a.userId));
  const customerId = owner?.stripeCustomerId ?? 'none';
  for (const value of Object.values(schema)) {
    if (!isTable(value)) continue;
    const table = value as PgTable;
    const name = getTableName(table);
    if (name === 'sessions') continue;
    const columns = getTableColumns(table) as Record<string, Parameters<typeof eq>[0]>;
    let scope: SQL | undefined;
    if (name === 'users' && columns.id) scope = eq(columns.id, a.userId);
    else if (name === 'businesses' && columns.id) scope = eq(columns.id, a.businessId);
    else if (columns.businessId) scope = eq(columns.businessId, a.businessId);
    else if (columns.userId) scope = eq(columns.userId, a.userId);
    else if (columns.customerId) scope = eq(columns.customerId, customerId);
    snapshot[name] = await app.database.db.select().from(table).where(scope);
  }
  return snapshot;
}

function expectNothingOfA(response: LightMyRequestResponse, a: Tenant, label: string): void {
  for (const secret of [
    a.testimonialId,
    a.burstId,
    a.businessId,
    a.userId,
    a.email,
    a.slug,
    a.apiKey.slice(4),
    a.wixSiteId,
    a.webhook.endpointId,
    a.webhook.deliveryId,
    a.reviewSources.googleId,
    a.reviewSources.trustpilotId,
    'TENANTASECRETUNIT',
    'TENANT-A-SECRET',
    String(A_ANALYTICS_COUNT),
  ]) {
    expect(response.body.includes(secret), `${label} mentions A's ${secret}`).toBe(false);
  }
}

function expectProbeAnswer(
  probe: Probe,
  response: LightMyRequestResponse,
  a: Tenant,
  label: string,
): void {
  if (probe.expect === 404) {
    expect(response.statusCode, `${label}: ${response.body}`).toBe(404);
  } else if (probe.expect === '4xx') {
    expect(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
  } else {
    expect(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(200);
    expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(300);
  }
  expectNothingOfA(response, a, label);
}

describe('tenant matrix (docs/security.md rule 7)', () => {
  it('lists every route of the server, and only those: the route table is the contract list', async () => {
    const { routes, deps } = collectingRoutes();
    await createTestApp({}, deps);
    // The hook must see the routes we know are there, in both scopes.
    expect(routes).toContain('PATCH /api/testimonials/:id');
    expect(routes).toContain('GET /api/health');
    expect(routes).toContain('PUT /objects/upload/:token');
    const contracts = allContracts.map(contractKey);
    const missing = routes.filter((route) => !contractByKey.has(route));
    const stale = contracts.filter((key) => !routes.includes(key));
    expect(missing, 'routes without a contract: declare them in src/shared/contracts').toEqual([]);
    expect(stale, 'contracts without a route').toEqual([]);
  });

  it('has probes for every endpoint that takes credentials, of the kind its access says', () => {
    const needProbes = allContracts.filter((contract) => !OPEN_ACCESS.has(contract.access));
    expect(
      needProbes.map(contractKey).filter((key) => !(key in matrix)),
      'endpoints that take credentials without tenant-matrix probes',
    ).toEqual([]);
    for (const [key, expectation] of Object.entries(matrix)) {
      const contract = contractByKey.get(key);
      expect(contract, `${key}: matrix entry without a contract`).toBeDefined();
      expect(contract?.access === 'apiKey' ? 'api' : 'owner', key).toBe(expectation.kind);
      expect(contract?.access, `${key}: a public endpoint needs no probes`).not.toBe('public');
    }
  });

  it('would miss a route added without a contract', async () => {
    const { routes, deps } = collectingRoutes();
    const app = await buildApp(testConfig(), {
      database: await testDatabase(),
      jobs: { poll: false },
      logger: false,
      ...deps,
    });
    try {
      await app.register(async (scope) => {
        scope.get('/api/probe/new-owner-route', async () => ({ ok: true }));
      });
      await app.ready();
      expect(routes.filter((route) => !contractByKey.has(route))).toEqual([
        'GET /api/probe/new-owner-route',
      ]);
    } finally {
      await app.close();
    }
  });

  it("tenant B can neither see nor change tenant A's data through any owner route", async () => {
    const app = await createTestApp({
      wixAppSecret: WIX_APP_SECRET,
      google: { clientId: 'matrix-client', clientSecret: 'matrix-secret' },
    });
    const a = await tenant(app, 'Tenant A');
    const b = await tenant(app, 'Tenant B');
    const before = await snapshotOf(app, a);
    expect(before.testimonials).toHaveLength(2);
    expect(before.submission_bursts).toHaveLength(1);

    const entries = Object.entries(matrix).filter(
      (entry): entry is [string, Extract<Expectation, { kind: 'owner' }>] =>
        entry[1].kind === 'owner',
    );
    entries.sort(([, x], [, y]) => Number(x.last ?? false) - Number(y.last ?? false));
    let cookie = b.cookie;
    for (const [route, expectation] of entries) {
      for (const [index, probe] of expectation.probes.entries()) {
        const label = `${route} #${index + 1}`;
        const request = probe.request(a, { ...b, cookie });
        const response = await app.inject({ ...request, ...withSession(cookie) });
        expectProbeAnswer(probe, response, a, label);
        cookie = sessionCookieOf(response) ?? cookie;
      }
    }
    expect(await snapshotOf(app, a)).toEqual(before);
  });

  it("tenant B's API key can neither see nor change tenant A's data through any API route", async () => {
    const app = await createTestApp({
      wixAppSecret: WIX_APP_SECRET,
      google: { clientId: 'matrix-client', clientSecret: 'matrix-secret' },
    });
    const a = await tenant(app, 'Tenant A');
    const b = await tenant(app, 'Tenant B');
    const before = await snapshotOf(app, a);
    for (const [route, expectation] of Object.entries(matrix)) {
      if (expectation.kind !== 'api') continue;
      for (const [index, probe] of expectation.probes.entries()) {
        const label = `${route} #${index + 1}`;
        const request = probe.request(a, b);
        const response = await app.inject({
          ...request,
          headers: { authorization: `Bearer ${b.apiKey}` },
        });
        expectProbeAnswer(probe, response, a, label);
      }
    }
    expect(await snapshotOf(app, a)).toEqual(before);
  });

  it('every owner route answers 401 without a session, every API route without a key, and nothing changes', async () => {
    const app = await createTestApp({
      wixAppSecret: WIX_APP_SECRET,
      google: { clientId: 'matrix-client', clientSecret: 'matrix-secret' },
    });
    const a = await tenant(app, 'Tenant A');
    const b = await tenant(app, 'Tenant B');
    const before = await snapshotOf(app, a);
    for (const [route, expectation] of Object.entries(matrix)) {
      for (const probe of expectation.probes) {
        const response = await app.inject(probe.request(a, b));
        const expected = expectation.kind === 'owner' ? (expectation.anonymous ?? 401) : 401;
        expect(response.statusCode, `${route}: ${response.body}`).toBe(expected);
      }
    }
    expect(await snapshotOf(app, a)).toEqual(before);
  });
});
