// POST /api/submit/:slug: the public testimonial form (SPEC §7), and
// GET /api/submit/:slug/challenge: the browser check a form under a burst asks
// for (docs/decisions/0022). Anonymous, limited per address only: a limit
// shared by a form's visitors would let a few addresses shut its customers
// out (SECURITY.md §26); a burst asks for the check instead. HTTP only; rules
// in service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import {
  submissionChallengeResultSchema,
  submissionResultSchema,
  submitParamsSchema,
} from '../../../shared/schemas/submission.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { browserCheckKeys, issueChallenge } from './browser-check.js';
import * as submissionService from './service.js';
import { MINUTE_MS } from '../../../shared/time.js';

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };
const TEN_MINUTES = 10 * MINUTE_MS;

export const submissionRateLimits = {
  perIp: { max: 10, timeWindowMs: TEN_MINUTES },
  /** A customer needs one per send, two if a check expired; each costs the server a PBKDF2 run. */
  challengePerIp: { max: 30, timeWindowMs: TEN_MINUTES },
} as const;

/**
 * The fields depend on the business's collection settings, so the body is
 * checked in the service with `buildSubmissionSchema(settings)`; here only its shape.
 */
const submissionBodySchema = z.record(z.string(), z.unknown());

export const submissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkKeys = browserCheckKeys(app.config.sessionSecret);
  const perIp = rateLimit(app, { name: 'submit:ip', ...submissionRateLimits.perIp });
  const challengePerIp = rateLimit(app, {
    name: 'submit-challenge:ip',
    ...submissionRateLimits.challengePerIp,
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
    },
    async (request, reply) => {
      const testimonial = await submissionService.submitTestimonial(
        app.uploads,
        checkKeys,
        request.params.slug,
        request.body,
      );
      return reply.code(201).send({ testimonial });
    },
  );

  app.get(
    '/api/submit/:slug/challenge',
    {
      schema: {
        params: submitParamsSchema,
        response: { 200: submissionChallengeResultSchema, ...errors },
      },
      onRequest: challengePerIp,
    },
    async (request, reply) => {
      // Signed for this form, without a database read: an unknown slug's challenge is useless anyway.
      const challenge = await issueChallenge(checkKeys, request.params.slug, new Date());
      // One per send: never from a cache.
      void reply.header('cache-control', 'no-store');
      return { challenge };
    },
  );
};
