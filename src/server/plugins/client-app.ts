// Serves the built client with a history fallback, and the widget script.
// An unknown /api/... path is a JSON 404; any other unknown GET gets the app,
// whose router shows the not-found screen.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type ClientAppOptions = {
  /** Folder holding the built client (index.html, assets/). */
  clientDir: string;
  /** Folder holding the built widget (widget.js). */
  widgetDir: string;
};

export async function registerClientApp(app: FastifyInstance, options: ClientAppOptions): Promise<void> {
  const indexFile = path.join(options.clientDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : undefined;

  if (existsSync(options.clientDir)) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
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

  const widgetFile = path.join(options.widgetDir, 'widget.js');
  // Public and cacheable: never read the session nor send its cookie (see plugins/sessions.ts).
  app.get('/widget.js', { config: { session: false } }, async (_request, reply) => {
    if (!existsSync(widgetFile)) return reply.callNotFound();
    return reply
      .header('cache-control', 'public, max-age=300, stale-while-revalidate=86400')
      .header('access-control-allow-origin', '*')
      .sendFile('widget.js', options.widgetDir);
  });

  const sendApp = (reply: FastifyReply) =>
    reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);

  // @fastify/static refuses a directory request, so the root is routed explicitly.
  app.get('/', (request, reply) => (indexHtml ? sendApp(reply) : reply.callNotFound()));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsApp =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      // A missing file (an old asset, a typo) is a real 404, not the app.
      !/\.[a-z0-9]+$/i.test(pathname) &&
      indexHtml !== undefined;
    if (wantsApp) return sendApp(reply);
    return reply.status(404).send({
      error: { code: 'NOT_FOUND', message: `Route ${request.method} ${pathname} not found` },
    });
  });
}
