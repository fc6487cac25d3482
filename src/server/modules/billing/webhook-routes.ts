// POST /api/stripe/webhook (docs/security.md rule 13), declared in
// shared/contracts/billing.ts. In the public scope of app.ts: Stripe sends no
// cookie. The body is kept as raw bytes, because the signature covers exactly
// those bytes; this content-type parser lives only in this plugin's
// encapsulated context. 400 on a bad signature, and nothing changes.
import type { FastifyPluginAsync } from 'fastify';
import { stripeWebhook } from '../../../shared/contracts/billing.js';
import { notFound } from '../../errors.js';
import { route } from '../../plugins/contract-route.js';
import * as billingService from './service.js';

/** Stripe's events are a few KB; a checkout session with line items stays well under this. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const webhookRoutes: FastifyPluginAsync = async (app) => {
  // The root's JSON parser (plugins/csrf.ts) gives way to the raw bytes the signature covers.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );

  route(app, stripeWebhook, ({ deps, body, request }) => {
    // With the built-in test checkout there is no webhook to receive.
    if (deps.payments.id !== 'stripe') throw notFound();
    const signature = request.headers['stripe-signature'];
    return billingService.handleWebhook(
      deps,
      body,
      typeof signature === 'string' ? signature : undefined,
    );
  });
};
