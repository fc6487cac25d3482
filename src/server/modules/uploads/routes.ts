// Upload endpoints (SPEC §7): POST /api/objects/upload[/<purpose>] hands out an
// upload URL; with disk storage the browser PUTs the file to
// /objects/upload/:token here; every stored object is served from
// GET /objects/uploads/:file. HTTP only; the rules live in service.ts.
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import {
  uploadedObjectSchema,
  uploadEndpoints,
  uploadPurposes,
  uploadUrlQuerySchema,
  uploadUrlRequestSchema,
  uploadUrlSchema,
} from '../../../shared/schemas/uploads.js';
import type { UploadPurpose } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { requireOwnBusinessId } from '../../plugins/business-guard.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { getSessionUserId } from '../../plugins/sessions.js';
import * as businessRepository from '../business/repository.js';
import { receiveCappedBody } from './receive-body.js';
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

/** The collection slug of a public upload request (body or query), if any. */
function slugOf(request: FastifyRequest): string | undefined {
  const body = request.body as { slug?: string } | null | undefined;
  const query = request.query as { slug?: string } | undefined;
  return body?.slug ?? query?.slug;
}

/** SVG is only ever taken as a logo; it is served so that it can never run as a page. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.uploads;
  const { db } = app.database;

  const publicPerIp = rateLimit(app, { name: 'upload:ip', ...uploadRateLimits.publicPerIp });
  const publicPerSlug = rateLimit(app, {
    name: 'upload:slug',
    ...uploadRateLimits.publicPerSlug,
    keyGenerator: (request) => (slugOf(request) ?? '').toLowerCase(),
  });
  const ownerPerUser = rateLimit(app, {
    name: 'upload:owner',
    ...uploadRateLimits.ownerPerUser,
    keyGenerator: (request) => getSessionUserId(request) ?? `ip:${request.ip}`,
  });

  const isPublic = (request: FastifyRequest, purpose: UploadPurpose) =>
    purpose !== 'logo' && slugOf(request) !== undefined;

  /** Whose upload this is: the business of the public page's slug, or the signed-in owner's. */
  const businessIdFor = async (
    request: FastifyRequest,
    purpose: UploadPurpose,
  ): Promise<string> => {
    const slug = slugOf(request);
    if (purpose !== 'logo' && slug !== undefined) {
      const business = await businessRepository.findBySlug(db, slug);
      if (!business) throw notFound('Business not found');
      return business.id;
    }
    return requireOwnBusinessId(request);
  };

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
          if (isPublic(request, purpose)) {
            await publicPerIp(request, reply);
            await publicPerSlug(request, reply);
          } else {
            await ownerPerUser(request, reply);
          }
        },
      },
      async (request) => {
        const businessId = await businessIdFor(request, purpose);
        return { uploadURL: await uploadService.issueUploadUrl(ctx, businessId, purpose) };
      },
    );
  }

  app.get(
    '/objects/uploads/:file',
    {
      // Public, immutable files: never touch (or refresh the cookie of) a session.
      config: { session: false },
      schema: {
        params: z.object({ file: z.string().max(64) }),
        response: { 200: z.custom<Readable>(), ...errors },
      },
    },
    async (request, reply) => {
      const object = await uploadService.openObject(ctx, request.params.file);
      if (!object) throw notFound('Object not found');
      void reply
        .type(object.contentType)
        .header('content-length', object.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      if (object.isSvg) void reply.header('content-security-policy', SVG_POLICY);
      return reply.send(object.body);
    },
  );

  if (ctx.storage.kind === 'disk') await app.register(diskUploadRoutes);
};

/** PUT /objects/upload/:token, in its own scope: its body is the raw file, not JSON. */
const diskUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.uploads;
  const spent = new WeakMap<
    FastifyRequest,
    Awaited<ReturnType<typeof uploadService.beginDiskUpload>>
  >();

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', receiveCappedBody);

  app.put(
    '/objects/upload/:token',
    {
      schema: {
        params: z.object({ token: z.string().max(1024) }),
        response: { 200: uploadedObjectSchema, ...errors },
      },
      // Before a byte of the body is read: a bad, expired or used link gets nothing in.
      onRequest: async (request) => {
        spent.set(request, await uploadService.beginDiskUpload(ctx, request.params.token));
      },
    },
    async (request) => {
      const upload = spent.get(request);
      if (!upload) throw new Error('upload route reached without its onRequest check');
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return { objectPath: await uploadService.storeUpload(ctx, upload, data) };
    },
  );
};
