// Upload URLs (docs/product/uploads.md#calls): POST /api/objects/upload[/<purpose>] hands out the URL
// the browser puts a file to, for the signed-in owner or for a visitor of a
// collection page (`slug`, and `proof` while the form is under a burst). In
// the session scope of app.ts; the objects themselves are served and received
// by object-routes.ts, in the public one. Limited per address and per owner
// only: a limit shared by a form's visitors would let a few addresses shut its
// customers out; a flooded form asks for the browser check instead
// (docs/decisions/0022). HTTP only: whose upload it is, is decided in service.ts.
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
import { clientIpKey, rateLimit, signedInUserKey } from '../../plugins/rate-limit.js';
import { addBudgetRetryAfter } from './budgets.js';
import * as uploadService from './service.js';
import { depsOf } from '../../deps.js';
import { MINUTE_MS } from '../../../shared/time.js';

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };
const TEN_MINUTES = 10 * MINUTE_MS;

/**
 * Upload limits (docs/security.md rule 5): a customer sends at most 8 photos, 16 if
 * they send them all twice, and a form under a burst may refuse a few asks
 * before the browser knows to do the check first.
 */
export const uploadRateLimits = {
  publicPerIp: { max: 30, timeWindowMs: TEN_MINUTES },
  ownerPerUser: { max: 120, timeWindowMs: TEN_MINUTES },
} as const;

/** The collection slug of a public upload request (body or query), if any; the schemas trim it. */
function slugOf(request: FastifyRequest): string | undefined {
  const body = request.body as { slug?: string } | null | undefined;
  const query = request.query as { slug?: string } | undefined;
  return body?.slug ?? query?.slug;
}

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = depsOf(app);
  app.addHook('onError', addBudgetRetryAfter);

  const publicPerIp = rateLimit(app, { name: 'upload:ip', ...uploadRateLimits.publicPerIp });
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
        const visitor = uploadService.isPublicUpload(purpose, slug)
          ? { address: clientIpKey(request), slug, proof: request.body?.proof }
          : undefined;
        return {
          uploadURL: await uploadService.issueUploadUrl(ctx, {
            businessId,
            purpose,
            visitor,
          }),
        };
      },
    );
  }
};
