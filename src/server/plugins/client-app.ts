// Serves the built client with a history fallback, the server-rendered public
// pages (public-pages.ts) and the widget's scripts. `clientAppRoutes` (the static
// files, the public pages, a route for every other page of the app,
// `/widget.js` and `/embed-count.js`; each page and script registered from its contract in
// shared/contracts/pages.ts and widget.ts) runs in the public scope: nothing
// here reads a session or sends its cookie (see app.ts); whether the request
// carries a session cookie at all picks the page. `registerAppShell` lets a
// route of the session scope answer with the app too (the test checkout's
// page). `registerClientAppFallback` sets the one not-found handler on the
// root: an unknown /api/... path is a JSON 404 from the error handler; any
// other unknown GET gets the app, whose router shows the not-found screen.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { parse as parseCookies } from 'cookie';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { appPages } from '../../shared/app-pages.js';
import { appPageContracts, type PageContract } from '../../shared/contracts/pages.js';
import { getEmbedCountScript, getWidgetScript } from '../../shared/contracts/widget.js';
import { businessSlugParamsSchema } from '../../shared/schemas/business.js';
import { AppError, notFound } from '../errors.js';
import { getPublicBusiness } from '../modules/business/service.js';
import { COMPRESSION_THRESHOLD_BYTES, skipDynamicCompression } from './compression.js';
import { sendCompressed, type CompressedBody } from './compressed-body.js';
import { route } from './contract-route.js';
import { PublicPages } from './public-pages.js';
import { SESSION_COOKIE } from './sessions.js';

export type ClientAppOptions = {
  /** Folder holding the built client (index.html, landing.html, assets/). */
  clientDir: string;
  /** Folder holding the built widget scripts (widget.js, embed-count.js). */
  widgetDir: string;
  /** Folder holding the built renderer of public pages (server-entry.js). */
  renderDir: string;
  productName: string;
  demoWidgetSlug: string | undefined;
};

/** The built client as both halves below need it: its pages loaded and rendered once at start. */
export type ClientApp = ClientAppOptions & { pages: PublicPages | undefined };

export async function loadClientApp(options: ClientAppOptions): Promise<ClientApp> {
  return { ...options, pages: await PublicPages.load(options) };
}

/** No session cookie: nobody is signed in, and the rendered public pages are the answer. */
function isSignedOut(request: FastifyRequest): boolean {
  const cookies = request.headers.cookie;
  return cookies === undefined || parseCookies(cookies)[SESSION_COOKIE] === undefined;
}

/** The public pages a signed-out visitor gets rendered (docs/product/README.md#screens-and-routes), besides /submit/:slug. */
const RENDERED_PATHS: readonly string[] = [
  appPages.home,
  appPages.terms,
  appPages.auth,
  appPages.forgotPassword,
];

/** The other pages (the test checkout's is the billing module's): the rendered page or the app as it is, whose router shows it. */
const OTHER_PAGES: readonly PageContract[] = Object.values(appPageContracts).filter(
  (contract) => contract.path !== appPages.submit,
);

/**
 * An HTML page: made at start and compressed then, or (`/submit/{slug}`)
 * rendered now and compressed on the way out. It depends on whether the
 * request has a session cookie, so caches must tell.
 */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CompressedBody | Buffer,
  status = 200,
) {
  void reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'cookie');
  return Buffer.isBuffer(page) ? reply.send(page) : sendCompressed(request, reply, page);
}

/** The app as it is (the shell), whose router shows the page. */
function sendShell(request: FastifyRequest, reply: FastifyReply, pages: PublicPages, status = 200) {
  return sendPage(request, reply, pages.shell(isSignedOut(request)), status);
}

/** The rendered page for this request, else the app shell. */
function sendPublicPage(request: FastifyRequest, reply: FastifyReply, pages: PublicPages) {
  const signedOut = isSignedOut(request);
  const rendered = signedOut ? pages.prerendered(request.url) : undefined;
  return sendPage(request, reply, rendered ?? pages.shell(signedOut));
}

export const clientAppRoutes: FastifyPluginAsync<ClientApp> = async (app, client) => {
  const { clientDir, widgetDir, pages } = client;

  if (existsSync(clientDir)) {
    const clientRoot = `${path.resolve(clientDir)}${path.sep}`;
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: true,
      // The .br and .gz copies scripts/compress-assets.mjs wrote: sent as they are, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, filePath, stat) {
        // Too small for copies (scripts/compress-assets.mjs), and not worth compressing on the way out either.
        if (stat.size < COMPRESSION_THRESHOLD_BYTES) skipDynamicCompression(reply.request);
        // /widget.js and /embed-count.js set their own caching.
        if (!filePath.startsWith(clientRoot)) return;
        // Vite names assets by content hash, so they never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }

  // Public and cacheable: widget.js is loaded by other sites, embed-count.js by the no-script page (/embed/{slug})
  // framed in them, so they live in the cookie-free scope. Sent as their .br or .gz copy when accepted
  // (preCompressed above), as they are otherwise.
  for (const [contract, file] of [
    [getWidgetScript, 'widget.js'],
    [getEmbedCountScript, 'embed-count.js'],
  ] as const) {
    const builtFile = path.join(widgetDir, file);
    route(
      app,
      contract,
      ({ reply }) => {
        if (!existsSync(builtFile)) {
          reply.callNotFound();
          return reply;
        }
        return reply
          .header('cache-control', 'public, max-age=300, stale-while-revalidate=86400')
          .header('access-control-allow-origin', '*')
          .sendFile(file, widgetDir, { cacheControl: false });
      },
      { compress: false },
    );
  }

  if (!pages) return;
  // The root among them: @fastify/static refuses a directory request, so it is routed explicitly.
  for (const contract of OTHER_PAGES) {
    const rendered = RENDERED_PATHS.includes(contract.path);
    route(app, contract, ({ request, reply }) =>
      rendered ? sendPublicPage(request, reply, pages) : sendShell(request, reply, pages),
    );
  }

  // The customer's form, readable and visible before any script runs.
  route(app, appPageContracts.submit, async ({ request, reply }) => {
    const signedOut = isSignedOut(request);
    // Checked here, not by the contract: a slug the API would refuse gets the app's not-found page.
    const params = businessSlugParamsSchema.safeParse(request.params);
    if (!params.success) return sendPage(request, reply, pages.shell(signedOut), 404);
    const { slug } = params.data;
    try {
      const business = await getPublicBusiness({ db: app.database.db }, slug);
      return await sendPage(
        request,
        reply,
        (await pages.submitPage(slug, business, signedOut)) ?? pages.shell(signedOut),
      );
    } catch (error) {
      // Unknown: the app shows Business Not Found. Anything else: the app tries again itself.
      if (error instanceof AppError && error.statusCode === 404) {
        return sendPage(request, reply, pages.shell(signedOut), 404);
      }
      request.log.warn({ err: error }, 'submit page rendered in the browser instead');
      return sendPage(request, reply, pages.shell(signedOut));
    }
  });
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers with the app, whose router shows the page (404 when the client is not built). */
    sendAppShell: (request: FastifyRequest, reply: FastifyReply, status?: number) => FastifyReply;
  }
}

/** Decorates the root with `sendAppShell`, for pages a route of the session scope answers. */
export function registerAppShell(app: FastifyInstance, client: ClientApp): void {
  const { pages } = client;
  app.decorate('sendAppShell', (request: FastifyRequest, reply: FastifyReply, status = 200) => {
    if (!pages) throw notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);
    return sendShell(request, reply, pages, status);
  });
}

/** The not-found handler of the whole app (Fastify allows one per prefix): set it on the root. */
export function registerClientAppFallback(app: FastifyInstance, client: ClientApp): void {
  const { pages } = client;
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsApp =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      // A missing file (an old asset, a typo) is a real 404, not the app.
      !/\.[a-z0-9]+$/i.test(pathname);
    if (wantsApp && pages !== undefined) return sendShell(request, reply, pages);
    // The error handler answers it, in the one error shape.
    throw notFound(`Route ${request.method} ${pathname} not found`);
  });
}
