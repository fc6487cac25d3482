// The object endpoints (docs/product/uploads.md#calls), in the public scope of app.ts (no session,
// never a cookie): every stored object is served from GET /objects/uploads/:file,
// and the browser PUTs every file, whatever the storage, to the signed upload
// URL /objects/upload/:token, which is its own credential. Upload URLs are
// handed out by routes.ts. HTTP only; the rules live in service.ts.
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import { uploadedObjectSchema } from '../../../shared/schemas/uploads.js';
import type { UploadRow } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { addBudgetRetryAfter } from './budgets.js';
import { receiveCappedBody } from './receive-body.js';
import * as uploadService from './service.js';
import { depsOf } from '../../deps.js';

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };

/** SVG is only ever taken as a logo; it is served so that it can never run as a page. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

export const objectRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = depsOf(app);

  app.get(
    '/objects/uploads/:file',
    {
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

  await app.register(uploadPutRoute);
};

/** The Content-Length a request declares, if any (Node has checked it is a number, and it bounds the body). */
function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  return header === undefined ? undefined : Number(header);
}

/**
 * PUT /objects/upload/:token, in its own scope: its body is the raw file, not
 * JSON. The bytes the upload holds from its start (service.ts) are given back
 * by the handler when it refuses the file, and by onError when the handler
 * never ran (413 while reading, a client that hung up, a body that stalled or
 * trickled: 408 from plugins/body-deadline.ts).
 */
const uploadPutRoute: FastifyPluginAsyncZod = async (app) => {
  const ctx = depsOf(app);
  type Spent = { upload: UploadRow; stage: 'holding' | 'storing' | 'released' };
  const spent = new WeakMap<FastifyRequest, Spent>();
  const releaseUnhandled = async (request: FastifyRequest) => {
    const state = spent.get(request);
    if (state?.stage !== 'holding') return;
    state.stage = 'released';
    await uploadService.releaseUpload(ctx, state.upload.id);
  };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', receiveCappedBody);
  app.addHook('onError', addBudgetRetryAfter);

  app.put(
    '/objects/upload/:token',
    {
      schema: {
        params: z.object({ token: z.string().max(1024) }),
        response: { 200: uploadedObjectSchema, ...errors },
      },
      // Before a byte of the body is read: a bad, expired or used link, or a file the budgets cannot hold, gets nothing in.
      onRequest: async (request) => {
        const upload = await uploadService.beginUpload(
          ctx,
          request.params.token,
          declaredLength(request),
        );
        spent.set(request, { upload, stage: 'holding' });
      },
      // A body refused while read (413), cut for its pace (408) or broken off by the client reaches onError, not the handler.
      onError: async (request) => releaseUnhandled(request),
    },
    async (request) => {
      const state = spent.get(request);
      if (!state) throw new Error('upload route reached without its onRequest check');
      state.stage = 'storing';
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return { objectPath: await uploadService.storeUpload(ctx, state.upload, data) };
    },
  );
};
