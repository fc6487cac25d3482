// The object endpoints (docs/product/uploads.md#calls), in the public scope of app.ts (no session,
// never a cookie): every stored object is served from GET /objects/uploads/:file,
// and the browser PUTs every file, whatever the storage, to the signed upload
// URL /objects/upload/:token, which is its own credential. Upload URLs are
// handed out by routes.ts. Both are declared in shared/contracts/uploads.ts.
// HTTP only; the rules live in service.ts.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { getUploadedObject, putUpload } from '../../../shared/contracts/uploads.js';
import type { UploadRow } from '../../db/schema.js';
import { depsOf } from '../../deps.js';
import { notFound } from '../../errors.js';
import { route } from '../../plugins/contract-route.js';
import { addBudgetRetryAfter } from './budgets.js';
import { receiveCappedBody } from './receive-body.js';
import * as uploadService from './service.js';

/** SVG is only ever taken as a logo; it is served so that it can never run as a page. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

export const objectRoutes: FastifyPluginAsync = async (app) => {
  route(app, getUploadedObject, async ({ deps, params, reply }) => {
    const object = await uploadService.openObject(deps, params.file);
    if (!object) throw notFound('Object not found');
    void reply
      .type(object.contentType)
      .header('content-length', object.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff');
    if (object.isSvg) void reply.header('content-security-policy', SVG_POLICY);
    return reply.send(object.body);
  });

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
const uploadPutRoute: FastifyPluginAsync = async (app) => {
  // For the hooks, which run outside the handler.
  const deps = depsOf(app);
  type Spent = { upload: UploadRow; stage: 'holding' | 'storing' | 'released' };
  const spent = new WeakMap<FastifyRequest, Spent>();
  const releaseUnhandled = async (request: FastifyRequest) => {
    const state = spent.get(request);
    if (state?.stage !== 'holding') return;
    state.stage = 'released';
    await uploadService.releaseUpload(deps, state.upload.id);
  };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', receiveCappedBody);
  app.addHook('onError', addBudgetRetryAfter);

  route(
    app,
    putUpload,
    async ({ deps, request }) => {
      const state = spent.get(request);
      if (!state) throw new Error('upload route reached without its onRequest check');
      state.stage = 'storing';
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return { objectPath: await uploadService.storeUpload(deps, state.upload, data) };
    },
    {
      // Before a byte of the body is read: a bad, expired or used link, or a file the budgets cannot hold, gets nothing in.
      onRequest: async (request: FastifyRequest) => {
        // Not validated yet (onRequest comes first): the token check refuses anything that is not one.
        const { token } = request.params as { token: string };
        const upload = await uploadService.beginUpload(deps, token, declaredLength(request));
        spent.set(request, { upload, stage: 'holding' });
      },
      // A body refused while read (413), cut for its pace (408) or broken off by the client reaches onError, not the handler.
      onError: async (request: FastifyRequest) => releaseUnhandled(request),
    },
  );
};
