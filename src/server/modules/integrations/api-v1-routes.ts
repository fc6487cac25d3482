// The public API v1 (docs/product/integrations.md#public-api-v1): what an API key opens, scoped
// to the key owner's business. Public scope of app.ts: no session, no cookie,
// and no CORS headers (a key does not belong in a browser). Every route runs
// apiKeyAuth first (plugins/api-key-auth.ts: 401, 429, RateLimit-* headers).
// HTTP only: the rules live in the testimonials and widget services.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import {
  apiCreateTestimonialInputSchema,
  apiListTestimonialsQuerySchema,
  apiTestimonialPageSchema,
  apiTestimonialSchema,
} from '../../../shared/schemas/integrations.js';
import { testimonialParamsSchema } from '../../../shared/schemas/testimonials.js';
import { publicWidgetSchema } from '../../../shared/schemas/widget.js';
import { requireApiCallerBusiness } from '../../plugins/access-guard.js';
import { apiKeyAuthOf } from '../../plugins/api-key-auth.js';
import { keepAnswersOutOfCaches } from '../../plugins/no-store.js';
import * as testimonialService from '../testimonials/service.js';
import * as widgetService from '../widget/service.js';

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };

export const apiV1Routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.addHook('onRequest', apiKeyAuthOf(app));
  // Owner data, fetched with a secret.
  keepAnswersOutOfCaches(app);

  app.get(
    '/api/v1/testimonials',
    { schema: { querystring: apiListTestimonialsQuerySchema, response: { 200: apiTestimonialPageSchema, ...errors } } },
    async (request) => {
      const business = await requireApiCallerBusiness(request);
      return testimonialService.listTestimonialPage(db, business.id, request.query);
    },
  );

  app.get(
    '/api/v1/testimonials/:id',
    { schema: { params: testimonialParamsSchema, response: { 200: apiTestimonialSchema, ...errors } } },
    async (request) => {
      const business = await requireApiCallerBusiness(request);
      return testimonialService.getTestimonial(db, business.id, request.params.id);
    },
  );

  app.post(
    '/api/v1/testimonials',
    { schema: { body: apiCreateTestimonialInputSchema, response: { 201: apiTestimonialSchema, ...errors } } },
    async (request, reply) => {
      const business = await requireApiCallerBusiness(request);
      const created = await testimonialService.importTestimonial(db, business.id, request.body, app.clock());
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/v1/widget',
    { schema: { response: { 200: publicWidgetSchema, ...errors } } },
    async (request) => {
      const business = await requireApiCallerBusiness(request);
      const found = await widgetService.getPublicWidget({ db, config: app.config }, business.collectionSlug);
      // The business was just read; it can only be gone if it was deleted since.
      if (!found) throw new Error('the caller business has no public widget');
      return found.widget;
    },
  );
};
