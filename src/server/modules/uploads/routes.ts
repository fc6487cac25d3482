// Upload URLs (SPEC §7): POST /api/objects/upload[/<purpose>] hands out the URL
// the browser puts a file to, for the signed-in owner or for a visitor of a
// collection page (`slug`). In the session scope of app.ts; the objects
// themselves are served and received by object-routes.ts, in the public one.
// HTTP only: whose upload it is, is decided in service.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import {
  uploadEndpoints,
  uploadPurposes,
  uploadUrlQuerySchema,
  uploadUrlRequestSchema,
  uploadUrlSchema,
} from '../../../shared/schemas/uploads.js';
import { requirePaidBusinessId } from '../../plugins/access-guard.js';
import { requireOwnBusinessId } from '../../plugins/business-guard.js';
import { rateLimit, signedInUserKey } from '../../plugins/rate-limit.js';
import { addBudgetRetryAfter } from './budgets.js';
import * as uploadService from './service.js';

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };
const TEN_MINUTES = 10 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/** Upload limits (SECURITY.md §5): a public form sends at most 8 photos, plus retries. */
export const uploadRateLimits = {
  publicPerIp: { max: 30, timeWindowMs: TEN_MINUTES },
  publicPerSlug: { max: 300, timeWindowMs: ONE_HOUR },
  ownerPerUser: { max: 120, timeWindowMs: TEN_MINUTES },
} as const;

/**
 * The collection slug of a public upload request (body or query), if any. The
 * schemas trim it, so a padded slug counts against its form (SECURITY.md §22).
 */
function slugOf(request: FastifyRequest): string | undefined {
  const body = request.body as { slug?: string } | null | undefined;
  const query = request.query as { slug?: string } | undefined;
  return body?.slug ?? query?.slug;
}

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.uploads;
  app.addHook('onError', addBudgetRetryAfter);

  const publicPerIp = rateLimit(app, { name: 'upload:ip', ...uploadRateLimits.publicPerIp });
  const publicPerSlug = rateLimit(app, {
    name: 'upload:slug',
    ...uploadRateLimits.publicPerSlug,
    keyGenerator: (request) => (slugOf(request) ?? '').toLowerCase(),
  });
  const ownerPerUser = rateLimit(app, {
    name: 'upload:owner',
    ...uploadRateLimits.ownerPerUser,
    keyGenerator: signedInUserKey,
  });

  for (const purpose of uploadPurposes) {
    app.post(
      uploadEndpoints[purpose],
      {
        schema: {
          body: uploadUrlRequestSchema,
          querystring: uploadUrlQuerySchema,
          response: { 200: uploadUrlSchema, ...errors },
        },
        // Keyed on the validated body, so after validation.
        preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
          if (uploadService.isPublicUpload(purpose, slugOf(request))) {
            await publicPerIp(request, reply);
            await publicPerSlug(request, reply);
          } else {
            await ownerPerUser(request, reply);
          }
        },
      },
      async (request) => {
        const slug = slugOf(request);
        const businessId = await uploadService.uploadBusinessId(ctx, purpose, {
          slug,
          // The logo belongs to account settings, open without paid access; testimonial photos do not.
          ownBusinessId: () =>
            purpose === 'logo' ? requireOwnBusinessId(request) : requirePaidBusinessId(request),
        });
        const anonymous = uploadService.isPublicUpload(purpose, slug);
        return {
          uploadURL: await uploadService.issueUploadUrl(ctx, { businessId, purpose, anonymous }),
        };
      },
    );
  }
};
