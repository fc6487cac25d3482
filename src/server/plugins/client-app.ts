// Serves the built client with a history fallback, and the widget script.
// `clientAppRoutes` (the static files, `/` and `/widget.js`) runs in the public
// scope: nothing here reads a session or sends its cookie (see app.ts).
// `registerClientAppFallback` sets the one not-found handler on the root:
// an unknown /api/... path is a JSON 404 from the error handler; any other
// unknown GET gets the app, whose router shows the not-found screen.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '../../shared/schemas/api-error.js';
import { notFound } from '../errors.js';

export type ClientAppOptions = {
  /** Folder holding the built client (index.html, assets/). */
  clientDir: string;
  /** Folder holding the built widget (widget.js). */
  widgetDir: string;
};

/** The built client as both halves below need it: index.html read once at start. */
export type ClientApp = ClientAppOptions & { indexHtml: Buffer | undefined };

export function loadClientApp(options: ClientAppOptions): ClientApp {
  const indexFile = path.join(options.clientDir, 'index.html');
  return { ...options, indexHtml: existsSync(indexFile) ? readFileSync(indexFile) : undefined };
}

/** Streamed from disk (never serialized); plugins/openapi-sections.ts documents the body. */
const widgetScriptSchema = {
  response: { 200: z.string(), '4xx': apiErrorSchema, '5xx': apiErrorSchema },
};

const sendApp = (reply: FastifyReply, indexHtml: Buffer) =>
  reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);

export const clientAppRoutes: FastifyPluginAsync<ClientApp> = async (app, client) => {
  const { clientDir, widgetDir, indexHtml } = client;

  if (existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: true,
      setHeaders(res, filePath) {
        // Vite names assets by content hash, so they never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  const widgetFile = path.join(widgetDir, 'widget.js');
  // Public and cacheable: loaded by other sites, so it lives in the cookie-free scope.
  app.get('/widget.js', { schema: widgetScriptSchema }, async (_request, reply) => {
    if (!existsSync(widgetFile)) return reply.callNotFound();
    return reply
      .header('cache-control', 'public, max-age=300, stale-while-revalidate=86400')
      .header('access-control-allow-origin', '*')
      .sendFile('widget.js', widgetDir);
  });

  // @fastify/static refuses a directory request, so the root is routed explicitly.
  app.get('/', (_request, reply) => (indexHtml ? sendApp(reply, indexHtml) : reply.callNotFound()));
};

/** The not-found handler of the whole app (Fastify allows one per prefix): set it on the root. */
export function registerClientAppFallback(app: FastifyInstance, client: ClientApp): void {
  const { indexHtml } = client;
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsApp =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      // A missing file (an old asset, a typo) is a real 404, not the app.
      !/\.[a-z0-9]+$/i.test(pathname);
    if (wantsApp && indexHtml !== undefined) return sendApp(reply, indexHtml);
    // The error handler answers it, in the one error shape.
    throw notFound(`Route ${request.method} ${pathname} not found`);
  });
}
