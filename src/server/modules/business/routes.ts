// Business endpoints (docs/product/business.md#calls): the owner's business, its public read by slug,
// and logo detection for the sign-up wizard. HTTP only; rules in service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import {
  businessSchema,
  businessSlugParamsSchema,
  createBusinessInputSchema,
  detectedLogoSchema,
  detectLogoInputSchema,
  publicBusinessSchema,
  updateBusinessInputSchema,
} from '../../../shared/schemas/business.js';
import { businessLogoInputSchema } from '../../../shared/schemas/uploads.js';
import { requireUser } from '../../plugins/auth-guard.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { setBusinessLogo } from './logo.js';
import * as businessService from './service.js';
import { depsOf } from '../../deps.js';
import { MINUTE_MS } from '../../../shared/time.js';

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };

export const businessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const detectLogoPerIp = rateLimit(app, { name: 'detect-logo:ip', max: 20, timeWindowMs: MINUTE_MS });

  app.get(
    '/api/business',
    { schema: { response: { 200: businessSchema, ...errors } } },
    async (request) => {
      const user = await requireUser(request);
      return businessService.getOwnBusiness(db, user.id);
    },
  );

  app.post(
    '/api/business',
    { schema: { body: createBusinessInputSchema, response: { 201: businessSchema, ...errors } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.code(201).send(await businessService.createBusiness(db, user.id, request.body));
    },
  );

  app.patch(
    '/api/business',
    { schema: { body: updateBusinessInputSchema, response: { 200: businessSchema, ...errors } } },
    async (request) => {
      const user = await requireUser(request);
      return businessService.updateBusiness(db, user.id, request.body);
    },
  );

  app.put(
    '/api/business/logo',
    { schema: { body: businessLogoInputSchema, response: { 200: businessSchema, ...errors } } },
    async (request) => {
      const user = await requireUser(request);
      return setBusinessLogo(depsOf(app), user.id, request.body.logoURL);
    },
  );

  app.post(
    '/api/business/detect-logo',
    {
      schema: { body: detectLogoInputSchema, response: { 200: detectedLogoSchema, ...errors } },
      onRequest: [detectLogoPerIp],
    },
    async (request) => businessService.detectBusinessLogo(request.body.website, app.config, request.log),
  );

  app.get(
    '/api/business/:slug',
    { schema: { params: businessSlugParamsSchema, response: { 200: publicBusinessSchema, ...errors } } },
    async (request) => businessService.getPublicBusiness(db, request.params.slug),
  );
};
