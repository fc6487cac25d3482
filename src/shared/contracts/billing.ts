// Billing: the plan, access codes, checkout, the subscription, invoices, the test checkout and the provider's webhook.
import { z } from 'zod';
import { appPages } from '../app-pages.js';
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
  invoiceParamsSchema,
  refundStatusSchema,
  testCheckoutParamsSchema,
  testCheckoutPayResultSchema,
  testCheckoutSessionSchema,
  webhookResultSchema,
} from '../schemas/billing.js';
import { bytesBody, defineContract, htmlBody, noBody } from '../contract.js';

export const getAccessStatus = defineContract({
  method: 'GET',
  path: '/api/user/access-status',
  access: 'signedIn',
  summary: 'Whether the signed-in owner has paid access, and why.',
  response: { 200: accessStatusSchema },
});

export const redeemAccessCode = defineContract({
  method: 'POST',
  path: '/api/validate-access-code',
  access: 'signedIn',
  summary: 'Redeems an access code: the account gets paid access for good.',
  body: accessCodeInputSchema,
  response: { 200: accessCodeResultSchema },
});

export const getPlan = defineContract({
  method: 'GET',
  path: '/api/billing/plan',
  // The one plan and its price, the same for everyone: no session needed.
  access: 'visitor',
  summary: 'The plan, its price and features, and who takes the payment.',
  response: { 200: billingPlanSchema },
});

export const createCheckoutSession = defineContract({
  method: 'POST',
  path: '/api/create-checkout-session',
  access: 'signedIn',
  summary: 'Starts a checkout at the payment provider (none when already subscribed).',
  response: { 200: checkoutSessionResultSchema },
});

export const verifyCheckout = defineContract({
  method: 'GET',
  path: '/api/checkout-success',
  access: 'signedIn',
  summary: "Verifies a finished checkout of the owner's and mirrors its subscription.",
  query: checkoutSuccessQuerySchema,
  response: { 200: billingResultSchema },
});

export const syncSubscription = defineContract({
  method: 'POST',
  path: '/api/sync-subscription',
  access: 'signedIn',
  summary: "Reads the owner's newest subscription from the payment provider.",
  response: { 200: billingResultSchema },
});

export const getSubscription = defineContract({
  method: 'GET',
  path: '/api/billing/subscription',
  access: 'signedIn',
  summary: "The owner's current or latest subscription, null when there is none.",
  response: { 200: billingSubscriptionSchema },
});

export const listInvoices = defineContract({
  method: 'GET',
  path: '/api/billing/invoices',
  access: 'signedIn',
  summary: "The owner's invoices, newest first.",
  response: { 200: invoiceListSchema },
});

export const cancelSubscription = defineContract({
  method: 'POST',
  path: '/api/cancel-subscription',
  access: 'signedIn',
  summary: 'Cancels the subscription at the end of its period.',
  response: { 200: billingResultSchema },
});

export const resumeSubscription = defineContract({
  method: 'POST',
  path: '/api/billing/resume-subscription',
  access: 'signedIn',
  summary: 'Resumes a subscription canceled at period end, while its period runs.',
  response: { 200: billingResultSchema },
});

export const getRefundStatus = defineContract({
  method: 'GET',
  path: '/api/billing/refund',
  access: 'signedIn',
  summary: 'Whether the money-back guarantee can still be used, and why not.',
  response: { 200: refundStatusSchema },
});

export const requestRefund = defineContract({
  method: 'POST',
  path: '/api/billing/refund',
  access: 'signedIn',
  summary: 'Refunds the first payment (money-back guarantee) and ends the subscription now.',
  response: { 200: billingResultSchema },
});

export const getTestCheckout = defineContract({
  method: 'GET',
  path: '/api/test-checkout/:sessionId',
  access: 'signedIn',
  summary: "One of the owner's sessions of the built-in test checkout (404 with Stripe).",
  params: testCheckoutParamsSchema,
  response: { 200: testCheckoutSessionSchema },
});

export const payTestCheckout = defineContract({
  method: 'POST',
  path: '/api/test-checkout/:sessionId/pay',
  access: 'signedIn',
  summary: 'Pays a test checkout session; answers where to go next.',
  params: testCheckoutParamsSchema,
  response: { 200: testCheckoutPayResultSchema },
});

const SIGNED_OUT = noBody('Not signed in: to the login (`/auth?tab=login`).');

/** A page or a script: a string, never serialized. */
const pageBody = z.string();

export const testCheckoutPage = defineContract({
  method: 'GET',
  path: appPages.testCheckout,
  access: 'signedIn',
  section: 'pages',
  summary: "The built-in test checkout's page of one of the owner's checkout sessions.",
  params: testCheckoutParamsSchema,
  response: { 200: pageBody },
  document: {
    response: {
      200: htmlBody(
        "The built-in test checkout of one of the owner's checkout sessions (the app).",
      ),
      302: SIGNED_OUT,
      404: htmlBody(
        'Not a checkout session of yours, or Stripe is set up: the app, which says so.',
      ),
    },
  },
});

export const receiptPage = defineContract({
  method: 'GET',
  path: '/billing/receipts/:invoiceId',
  access: 'signedIn',
  section: 'pages',
  summary: "The printable receipt of one of the owner's paid invoices, whichever the provider.",
  params: invoiceParamsSchema,
  response: { 200: pageBody },
  document: {
    response: {
      200: htmlBody("The printable receipt of one of the owner's paid invoices."),
      302: SIGNED_OUT,
    },
  },
});

export const receiptPdf = defineContract({
  method: 'GET',
  path: '/api/billing/invoices/:invoiceId/receipt.pdf',
  access: 'signedIn',
  summary: "The receipt of one of the owner's paid invoices, as a PDF to download.",
  params: invoiceParamsSchema,
  // Bytes, never serialized.
  response: { 200: z.custom<Buffer>((value) => Buffer.isBuffer(value)) },
  document: {
    response: {
      200: bytesBody(
        'application/pdf',
        'The receipt (an attachment named vouchly-receipt-<number>.pdf).',
      ),
    },
  },
});

export const stripeWebhook = defineContract({
  method: 'POST',
  path: '/api/stripe/webhook',
  access: 'public',
  section: 'webhooks',
  summary: "The payment provider's events, signed by it (404 with the built-in test checkout).",
  // The raw bytes the signature covers (server/modules/billing/webhook-routes.ts).
  body: z.custom<Buffer>((value) => Buffer.isBuffer(value), 'Expected the raw event body'),
  response: { 200: webhookResultSchema },
  document: {
    body: z
      .looseObject({ id: z.string(), type: z.string() })
      .describe('A Stripe event, exactly as Stripe sent it.'),
    headers: z.object({
      'stripe-signature': z.string().describe("Stripe's signature of the raw body."),
    }),
  },
});
