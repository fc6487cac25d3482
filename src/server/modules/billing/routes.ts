// Paid access and billing (docs/product/billing.md#calls): access status, access codes, checkout,
// subscription and invoices, and the built-in test checkout's calls. Owner
// only, in the session scope; none of these pages needs paid access. The
// Stripe webhook is in webhook-routes.ts (public scope, raw body).
// HTTP only: the rules live in service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import {
  accessCodeInputSchema,
  accessCodeResultSchema,
  accessStatusSchema,
  billingPlanSchema,
  billingResultSchema,
  billingSubscriptionSchema,
  checkoutSessionResultSchema,
  checkoutSuccessQuerySchema,
  invoiceListSchema,
  testCheckoutParamsSchema,
  testCheckoutPayResultSchema,
  testCheckoutSessionSchema,
} from '../../../shared/schemas/billing.js';
import { appPages } from '../../../shared/app-pages.js';
import { notFound } from '../../errors.js';
import { getUser, requireUser } from '../../plugins/auth-guard.js';
import { pageSchema } from '../../plugins/client-app.js';
import { GUESS_WINDOW_MS, rateLimit, signedInUserKey } from '../../plugins/rate-limit.js';
import { renderTestInvoicePage } from './test-invoice-page.js';
import * as billingService from './service.js';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time.js';

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };
const FIFTEEN_MINUTES = 15 * MINUTE_MS;
const ONE_HOUR = HOUR_MS;

/** Access-code guesses (docs/security.md rule 19): the 11th in a window gets 429, per account and per IP. */
export const accessCodeRateLimits = {
  perUser: { max: 10, timeWindowMs: GUESS_WINDOW_MS },
  perIp: { max: 10, timeWindowMs: GUESS_WINDOW_MS },
} as const;

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = billingService.billingContext(app);
  const limits = {
    accessCodePerUser: rateLimit(app, { name: 'access-code:user', ...accessCodeRateLimits.perUser, keyGenerator: signedInUserKey }),
    accessCodePerIp: rateLimit(app, { name: 'access-code:ip', ...accessCodeRateLimits.perIp }),
    // Each checkout is a call to the provider: enough for retries, not for a flood.
    checkoutPerUser: rateLimit(app, { name: 'checkout:user', max: 20, timeWindowMs: ONE_HOUR, keyGenerator: signedInUserKey }),
    providerReadsPerUser: rateLimit(app, { name: 'billing-read:user', max: 120, timeWindowMs: FIFTEEN_MINUTES, keyGenerator: signedInUserKey }),
  };

  app.get(
    '/api/user/access-status',
    { schema: { response: { 200: accessStatusSchema, ...errors } } },
    async (request) => billingService.getAccessStatus(ctx, await requireUser(request)),
  );

  app.post(
    '/api/validate-access-code',
    {
      schema: { body: accessCodeInputSchema, response: { 200: accessCodeResultSchema, ...errors } },
      preHandler: [limits.accessCodePerIp, limits.accessCodePerUser],
    },
    async (request) => billingService.redeemAccessCode(ctx, await requireUser(request), request.body.code),
  );

  app.get('/api/billing/plan', { schema: { response: { 200: billingPlanSchema, ...errors } } }, async () =>
    billingService.getPlan(ctx),
  );

  app.post(
    '/api/create-checkout-session',
    { schema: { response: { 200: checkoutSessionResultSchema, ...errors } }, preHandler: limits.checkoutPerUser },
    async (request) => billingService.createCheckout(ctx, await requireUser(request)),
  );

  app.get(
    '/api/checkout-success',
    {
      schema: { querystring: checkoutSuccessQuerySchema, response: { 200: billingResultSchema, ...errors } },
      preHandler: limits.providerReadsPerUser,
    },
    async (request) => billingService.verifyCheckout(ctx, await requireUser(request), request.query.session_id),
  );

  app.post(
    '/api/sync-subscription',
    { schema: { response: { 200: billingResultSchema, ...errors } }, preHandler: limits.providerReadsPerUser },
    async (request) => billingService.syncSubscription(ctx, await requireUser(request)),
  );

  app.get(
    '/api/billing/subscription',
    { schema: { response: { 200: billingSubscriptionSchema, ...errors } }, preHandler: limits.providerReadsPerUser },
    async (request) => billingService.getSubscription(ctx, await requireUser(request)),
  );

  app.get(
    '/api/billing/invoices',
    { schema: { response: { 200: invoiceListSchema, ...errors } }, preHandler: limits.providerReadsPerUser },
    async (request) => billingService.listInvoices(ctx, await requireUser(request)),
  );

  app.post(
    '/api/cancel-subscription',
    { schema: { response: { 200: billingResultSchema, ...errors } }, preHandler: limits.checkoutPerUser },
    async (request) => billingService.cancelSubscription(ctx, await requireUser(request)),
  );

  // The built-in test checkout (404 when Stripe is configured).
  app.get(
    '/api/test-checkout/:sessionId',
    { schema: { params: testCheckoutParamsSchema, response: { 200: testCheckoutSessionSchema, ...errors } } },
    async (request) => billingService.getTestCheckout(ctx, await requireUser(request), request.params.sessionId),
  );

  app.post(
    '/api/test-checkout/:sessionId/pay',
    {
      schema: { params: testCheckoutParamsSchema, response: { 200: testCheckoutPayResultSchema, ...errors } },
      preHandler: limits.checkoutPerUser,
    },
    async (request) => billingService.payTestCheckout(ctx, await requireUser(request), request.params.sessionId),
  );

  // The test checkout's page (the checkoutUrl above): the app, for the owner of the session only.
  app.get(
    appPages.testCheckout,
    { schema: { params: testCheckoutParamsSchema, ...pageSchema } },
    async (request, reply) => {
      const user = await getUser(request);
      if (!user) return reply.redirect('/auth?tab=login');
      const own = await billingService.isOwnTestCheckout(ctx, user, request.params.sessionId);
      // Another owner's session, or Stripe: the app says the checkout was not found.
      return app.sendAppShell(request, reply, own ? 200 : 404);
    },
  );

  // A test checkout invoice's receipt (its hosted_invoice_url): a printable page, not JSON.
  app.get(
    '/test-checkout/invoices/:invoiceId',
    { schema: { params: z.object({ invoiceId: z.string().min(1).max(255) }), ...pageSchema } },
    async (request, reply) => {
      const user = await getUser(request);
      if (!user) return reply.redirect('/auth?tab=login');
      const invoice = await billingService.findTestInvoice(ctx, user, request.params.invoiceId);
      if (!invoice) throw notFound('Invoice not found');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(renderTestInvoicePage({ invoice, email: user.email, productName: app.config.productName }));
    },
  );
};
