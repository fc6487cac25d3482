// POST /api/stripe/webhook (docs/security.md rule 13). In the public scope of app.ts:
// Stripe sends no cookie. The body is kept as raw bytes, because the
// signature covers exactly those bytes; this content-type parser lives only
// in this plugin's encapsulated context. 400 on a bad signature, and nothing changes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import { notFound } from '../../errors.js';
import * as billingService from './service.js';

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };
/** Stripe's events are a few KB; a checkout session with line items stays well under this. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = billingService.billingContext(app);

  // The root's JSON parser (plugins/csrf.ts) gives way to the raw bytes the signature covers.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/api/stripe/webhook',
    {
      schema: {
        body: z.custom<Buffer>((value) => Buffer.isBuffer(value), 'Expected the raw event body'),
        response: { 200: z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }), ...errors },
      },
    },
    async (request) => {
      // With the built-in test checkout there is no webhook to receive.
      if (app.payments.id !== 'stripe') throw notFound();
      const signature = request.headers['stripe-signature'];
      return billingService.handleWebhook(ctx, request.body, typeof signature === 'string' ? signature : undefined);
    },
  );
};
