// POST /api/submit/:slug: the public testimonial form (docs/product/collection.md#calls), and
// GET /api/submit/:slug/challenge: the browser check a form under a burst asks
// for (docs/decisions/0022). Each is declared in shared/contracts/submissions.ts.
// Anonymous, limited per address only: a limit shared by a form's visitors
// would let a few addresses shut its customers out (docs/security.md rule 26);
// a burst asks for the check instead. HTTP only; rules in service.ts.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/submissions.js';
import { route } from '../../plugins/contract-route.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { issueChallenge } from './browser-check.js';
import * as submissionService from './service.js';
import { MINUTE_MS } from '../../../shared/time.js';

const TEN_MINUTES = 10 * MINUTE_MS;

export const submissionRateLimits = {
  perIp: { max: 10, timeWindowMs: TEN_MINUTES },
  /** A customer needs one per send, two if a check expired; each costs the server a PBKDF2 run. */
  challengePerIp: { max: 30, timeWindowMs: TEN_MINUTES },
} as const;

export const submissionRoutes: FastifyPluginAsync = async (app) => {
  const perIp = rateLimit(app, { name: 'submit:ip', ...submissionRateLimits.perIp });
  const challengePerIp = rateLimit(app, {
    name: 'submit-challenge:ip',
    ...submissionRateLimits.challengePerIp,
  });

  // The body's fields depend on the business's collection settings: the
  // service checks them with `buildSubmissionSchema(settings)`.
  route(
    app,
    contracts.submitTestimonial,
    async ({ deps, params, body }) => ({
      testimonial: await submissionService.submitTestimonial(deps, params.slug, body),
    }),
    { onRequest: perIp },
  );

  route(
    app,
    contracts.getSubmissionChallenge,
    async ({ deps, params, reply }) => {
      // Signed for this form, without a database read: an unknown slug's challenge is useless anyway.
      const challenge = await issueChallenge(deps, params.slug);
      // One per send: never from a cache.
      void reply.header('cache-control', 'no-store');
      return { challenge };
    },
    { onRequest: challengePerIp },
  );
};
