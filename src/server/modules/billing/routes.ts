// Paid access and billing (docs/product/billing.md#calls): access status, access codes, checkout,
// subscription and invoices, and the built-in test checkout's calls and pages.
// Signed in, in the session scope; none of these pages needs paid access. Each
// endpoint is declared in shared/contracts/billing.ts. The Stripe webhook is in
// webhook-routes.ts (public scope, raw body). HTTP only: the rules live in service.ts.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { appPages } from '../../../shared/app-pages.js';
import { urlOf } from '../../../shared/contract.js';
import * as contracts from '../../../shared/contracts/billing.js';
import { getUser } from '../../plugins/auth-guard.js';
import { route } from '../../plugins/contract-route.js';
import { GUESS_WINDOW_MS, rateLimit, signedInUserKey } from '../../plugins/rate-limit.js';
import { renderReceiptPdf } from './receipt-pdf.js';
import { renderReceiptPage } from './receipt-page.js';
import * as billingService from './service.js';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time.js';

/** Access-code guesses (docs/security.md rule 19): the 11th in a window gets 429, per account and per IP. */
export const accessCodeRateLimits = {
  perUser: { max: 10, timeWindowMs: GUESS_WINDOW_MS },
  perIp: { max: 10, timeWindowMs: GUESS_WINDOW_MS },
} as const;

/**
 * The test checkout's pages are for people: a signed-out visitor is sent to
 * the login (302) instead of the API's 401. This runs after the params are
 * validated and before the route's `signedIn` guard, which then always finds
 * the user.
 */
async function loginFirst(request: FastifyRequest, reply: FastifyReply) {
  if (!(await getUser(request))) return reply.redirect('/auth?tab=login');
  return undefined;
}

export const billingRoutes: FastifyPluginAsync = async (app) => {
  const limits = {
    accessCodePerUser: rateLimit(app, {
      name: 'access-code:user',
      ...accessCodeRateLimits.perUser,
      keyGenerator: signedInUserKey,
    }),
    accessCodePerIp: rateLimit(app, { name: 'access-code:ip', ...accessCodeRateLimits.perIp }),
    // Each checkout is a call to the provider: enough for retries, not for a flood.
    checkoutPerUser: rateLimit(app, {
      name: 'checkout:user',
      max: 20,
      timeWindowMs: HOUR_MS,
      keyGenerator: signedInUserKey,
    }),
    providerReadsPerUser: rateLimit(app, {
      name: 'billing-read:user',
      max: 120,
      timeWindowMs: 15 * MINUTE_MS,
      keyGenerator: signedInUserKey,
    }),
  };

  route(app, contracts.getAccessStatus, ({ deps, caller }) =>
    billingService.getAccessStatus(deps, caller.user),
  );

  route(
    app,
    contracts.redeemAccessCode,
    ({ deps, caller, body }) => billingService.redeemAccessCode(deps, caller.user, body.code),
    { preHandler: [limits.accessCodePerIp, limits.accessCodePerUser] },
  );

  route(app, contracts.getPlan, ({ deps }) => billingService.getPlan(deps));

  route(
    app,
    contracts.createCheckoutSession,
    ({ deps, caller }) => billingService.createCheckout(deps, caller.user),
    { preHandler: limits.checkoutPerUser },
  );

  route(
    app,
    contracts.verifyCheckout,
    ({ deps, caller, query }) => billingService.verifyCheckout(deps, caller.user, query.session_id),
    { preHandler: limits.providerReadsPerUser },
  );

  route(
    app,
    contracts.syncSubscription,
    ({ deps, caller }) => billingService.syncSubscription(deps, caller.user),
    { preHandler: limits.providerReadsPerUser },
  );

  route(
    app,
    contracts.getSubscription,
    ({ deps, caller }) => billingService.getSubscription(deps, caller.user),
    { preHandler: limits.providerReadsPerUser },
  );

  route(
    app,
    contracts.listInvoices,
    ({ deps, caller }) => billingService.listInvoices(deps, caller.user),
    { preHandler: limits.providerReadsPerUser },
  );

  route(
    app,
    contracts.cancelSubscription,
    ({ deps, caller }) => billingService.cancelSubscription(deps, caller.user),
    { preHandler: limits.checkoutPerUser },
  );

  route(
    app,
    contracts.resumeSubscription,
    ({ deps, caller }) => billingService.resumeSubscription(deps, caller.user),
    { preHandler: limits.checkoutPerUser },
  );

  route(
    app,
    contracts.getRefundStatus,
    ({ deps, caller }) => billingService.getRefundStatus(deps, caller.user),
    { preHandler: limits.providerReadsPerUser },
  );

  route(
    app,
    contracts.requestRefund,
    ({ deps, caller }) => billingService.requestRefund(deps, caller.user),
    { preHandler: limits.checkoutPerUser },
  );

  // The built-in test checkout (404 when Stripe is configured).
  route(app, contracts.getTestCheckout, ({ deps, caller, params }) =>
    billingService.getTestCheckout(deps, caller.user, params.sessionId),
  );

  route(
    app,
    contracts.payTestCheckout,
    ({ deps, caller, params }) =>
      billingService.payTestCheckout(deps, caller.user, params.sessionId),
    { preHandler: limits.checkoutPerUser },
  );

  // The test checkout's page (the checkoutUrl above): the app, for the owner of the session only.
  route(
    app,
    contracts.testCheckoutPage,
    async ({ deps, caller, params, request, reply }) => {
      const own = await billingService.isOwnTestCheckout(deps, caller.user, params.sessionId);
      // Another owner's session, or Stripe: the app says the checkout was not found.
      return app.sendAppShell(request, reply, own ? 200 : 404);
    },
    { preHandler: loginFirst },
  );

  // A paid invoice's receipt (docs/product/billing.md#receipts), whichever the provider:
  // a printable page, and the same as a PDF. Never cached: they name the owner.
  route(
    app,
    contracts.receiptPage,
    async ({ deps, caller, params, reply }) => {
      const receipt = await billingService.getReceipt(deps, caller.user, params.invoiceId);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(
          renderReceiptPage({
            receipt,
            pdfUrl: urlOf(contracts.receiptPdf, { params }),
            billingUrl: appPages.billing,
          }),
        );
    },
    { preHandler: [loginFirst, limits.providerReadsPerUser] },
  );

  route(
    app,
    contracts.receiptPdf,
    async ({ deps, caller, params, reply }) => {
      const receipt = await billingService.getReceipt(deps, caller.user, params.invoiceId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${receipt.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(await renderReceiptPdf(receipt));
    },
    { preHandler: limits.providerReadsPerUser },
  );
};
