// POST /api/submit/:slug: the public testimonial form (SPEC §7). Anonymous,
// rate limited per IP and per collection. HTTP only; rules in service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import { submissionResultSchema, submitParamsSchema } from '../../../shared/schemas/submission.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import * as submissionService from './service.js';

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };
const TEN_MINUTES = 10 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

export const submissionRateLimits = {
  perIp: { max: 10, timeWindowMs: TEN_MINUTES },
  perSlug: { max: 100, timeWindowMs: ONE_HOUR },
} as const;

/**
 * The fields depend on the business's collection settings, so the body is
 * checked in the service with `buildSubmissionSchema(settings)`; here only its shape.
 */
const submissionBodySchema = z.record(z.string(), z.unknown());

export const submissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const perIp = rateLimit(app, { name: 'submit:ip', ...submissionRateLimits.perIp });
  // In preHandler, keyed on the validated slug (trimmed by submitParamsSchema): exactly the
  // value the route looks up, so `S%20` or `S%09` counts against form S (SECURITY.md §22).
  const perSlug = rateLimit(app, {
    name: 'submit:slug',
    ...submissionRateLimits.perSlug,
    keyGenerator: (request) => (request.params as { slug: string }).slug,
  });

  app.post(
    '/api/submit/:slug',
    {
      schema: {
        params: submitParamsSchema,
        body: submissionBodySchema,
        response: { 201: submissionResultSchema, ...errors },
      },
      onRequest: perIp,
      preHandler: perSlug,
    },
    async (request, reply) => {
      const testimonial = await submissionService.submitTestimonial(
        app.uploads,
        request.params.slug,
        request.body,
      );
      return reply.code(201).send({ testimonial });
    },
  );
};
