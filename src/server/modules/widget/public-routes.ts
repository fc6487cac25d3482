// The public widget reads (docs/security.md rule 12): GET /api/widget/:slug (the JSON
// widget.js renders), GET /embed/:slug (the no-script page for an iframe) and
// GET /wix/widget?instance={wixSiteId} (the JSON of the business a Wix site
// is linked to, docs/product/integrations.md#wix-connect; the site is found through wix-directory.ts).
// Read-only, CORS-open without credentials, never a cookie (registered in the
// public scope of app.ts, which has no session plugin), answered from the
// in-process cache (public-cache.ts), compressed once per entry and sent as
// br, gzip or as it is (plugins/compressed-body.ts), with a strong ETag per
// variant and 304 on If-None-Match. Helmet is off for these routes: their
// headers are fixed strings set here, not rebuilt for every request. A cache
// hit of GET /api/widget/:slug is answered in the fast lane, before Fastify
// (plugins/fast-lane.ts, decision 0020).
// Unknown names (docs/security.md rule 22): a slug or site found nowhere is remembered
// as a miss, and each address has a budget of lookups that found nothing, so
// a flood of made-up names is answered from memory or refused (429) before it
// reaches the database. The caches hear every server's changes (events.ts).
// Each endpoint is declared in shared/contracts/widget.ts.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC_API_RATE_LIMIT_PER_MINUTE } from '../../../shared/constants.js';
import * as contracts from '../../../shared/contracts/widget.js';
import { depsOf } from '../../deps.js';
import { notFound } from '../../errors.js';
import {
  sendCompressed,
  writeCompressed,
  type CompressedBody,
} from '../../plugins/compressed-body.js';
import { route, routeSchema } from '../../plugins/contract-route.js';
import { addressLimit, clientIpKey, failureLimit, rateLimit } from '../../plugins/rate-limit.js';
import { analyticsIngestRoutes } from '../analytics/ingest-routes.js';
import { CROSS_ORIGIN_HEADERS } from './cross-origin-headers.js';
import { EMBED_CSP, EMBED_NOT_FOUND_PAGE, renderEmbedPage } from './embed-page.js';
import { findSlugOfWixSite } from '../integrations/service.js';
import { watchPublicChanges, type PublicChange } from './events.js';
import { PublicWidgetCache, type CachedWidget } from './public-cache.js';
import * as widgetService from './service.js';
import { WixSiteDirectory } from './wix-directory.js';
import { WidgetSightings } from './sightings.js';
import { MINUTE_MS } from '../../../shared/time.js';

/** Generous: a page view is one request, and a hit costs no database work. */
export const publicWidgetRateLimit = { max: 600, timeWindowMs: MINUTE_MS } as const;

/**
 * The Wix widget endpoint's stated 60 a minute per site, counted for each
 * address: site ids are public, so a count shared by all of a site's visitors
 * would let one address (or the site's own traffic) shut every visitor out
 * (docs/security.md rule 26). No shared per-site ceiling: a known site is answered from
 * the caches, and what reaches the database is bounded without one (one load
 * at a time per site, unknown sites budgeted per address).
 */
export const wixWidgetRateLimit = {
  max: PUBLIC_API_RATE_LIMIT_PER_MINUTE,
  timeWindowMs: MINUTE_MS,
} as const;

/**
 * Per address: lookups that reached the database and found no business or
 * site. A page view of a real widget never counts, nor does a name remembered as unknown.
 */
export const unknownPublicNameLimit = { max: 30, timeWindowMs: 10 * MINUTE_MS } as const;

/**
 * A browser revalidates on every page view (`max-age=0`: a cheap 304 while
 * nothing changed), so the answer the embed snippet preloads is never an old
 * copy; a CDN keeps one for at most 20 s. With the server's own copy, fresh
 * at once after a change and at most 30 s old if a change notification was
 * lost, a hidden or deleted testimonial leaves every site within a minute
 * (decision 0016).
 */
export const PUBLIC_WIDGET_CACHE_CONTROL = 'public, max-age=0, s-maxage=20';

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': PUBLIC_WIDGET_CACHE_CONTROL,
  // Nothing in a JSON answer may run or be framed if someone opens it as a page.
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
} as const;

/** What the route's hook and handler set together, for the fast lane's answer of the same request. */
const LANE_JSON_HEADERS = { ...CROSS_ORIGIN_HEADERS, ...JSON_HEADERS };

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': PUBLIC_WIDGET_CACHE_CONTROL,
  'content-security-policy': EMBED_CSP,
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

const PREFLIGHT_MAX_AGE_SECONDS = '86400';

/** The cached body in the encoding the request accepts, or 304 when the client holds that one already. */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CompressedBody,
  headers: Record<string, string>,
): void {
  void sendCompressed(request, reply.headers(headers), cached);
}

export const publicWidgetRoutes: FastifyPluginAsync = async (app) => {
  const deps = depsOf(app);
  const { db } = deps;
  const cache = new PublicWidgetCache({
    load: (slug) => widgetService.getPublicWidget(deps, slug),
    renderHtml: (widget) =>
      renderEmbedPage(widget, { productName: app.config.productName, baseUrl: app.config.baseUrl }),
  });
  // The first request from another site is recorded for the first-week checklist (sightings.ts).
  const sightings = new WidgetSightings({
    baseUrl: app.config.baseUrl,
    record: (businessId, origin) => widgetService.recordWidgetSeen(deps, businessId, origin),
    warn: (error, message) => app.log.warn({ err: error }, message),
  });
  /** Answers a widget found in the cache, as JSON or as the embed page, and notes where it was seen. */
  const answerHit = (
    request: FastifyRequest,
    reply: FastifyReply,
    entry: CachedWidget,
    as: 'json' | 'html',
  ): void => {
    sightings.note(entry.businessId, request.headers);
    if (as === 'json') sendCached(request, reply, entry.json, JSON_HEADERS);
    else sendCached(request, reply, cache.htmlOf(entry), HTML_HEADERS);
  };
  const wixSites = new WixSiteDirectory({
    lookup: (wixSiteId) => findSlugOfWixSite({ db }, wixSiteId),
  });
  const onChange = (change: PublicChange) => {
    if (change.kind === 'business') cache.invalidate(change.id);
    else if (change.kind === 'wix-site') wixSites.forgetSite(change.id);
    else {
      cache.forgetMiss(change.slug);
      // The new business's owner may have linked a Wix site before creating it.
      wixSites.forgetMisses();
    }
  };
  const stopWatching = await watchPublicChanges(app.database, {
    onChange,
    onMissed: () => {
      cache.clear();
      wixSites.clear();
    },
    warn: (error, message) => app.log.warn({ err: error }, message),
  });
  app.addHook('onClose', async () => {
    await stopWatching();
  });

  const unknownNames = failureLimit(app, { name: 'public-unknown:ip', ...unknownPublicNameLimit });
  /** Asks the database what memory does not know; finding nothing spends one of the caller's budget. */
  async function lookUp<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    find: () => Promise<T | null>,
  ): Promise<T | null> {
    await unknownNames.check(request, reply);
    const found = await find();
    if (found === null) await unknownNames.record(request);
    return found;
  }

  const perIpRule = { name: 'widget:ip', ...publicWidgetRateLimit };
  const perIp = rateLimit(app, perIpRule);
  // A page view's request, the hot path: a cache hit within the address's allowance is answered in the fast
  // lane (plugins/fast-lane.ts), with the bytes and headers the route below sends. The rest goes on to the route:
  // a miss, an unknown slug, and a refusal (counted once more there, which changes nothing: it stays refused).
  const perIpInLane = addressLimit(app, perIpRule);
  app.fastLane.add('/api/widget/', (slug, request, response, next) => {
    const known = cache.peek(slug);
    if (!known) {
      next();
      return;
    }
    // Not answerHit: the lane writes to the raw response, or passes the request on to the route.
    sightings.note(known.businessId, request.headers);
    const answer = (within: boolean) =>
      within ? writeCompressed(request, response, known.json, LANE_JSON_HEADERS) : next();
    const allowed = perIpInLane(request);
    if (typeof allowed === 'boolean') {
      answer(allowed);
      return;
    }
    allowed.then(answer, next);
  });
  // One hook: the cross-origin headers first, so that a 429 carries them too. Not async: no promise of its own.
  const crossOriginAndRateLimit = (request: FastifyRequest, reply: FastifyReply) => {
    void reply.headers(CROSS_ORIGIN_HEADERS);
    return perIp(request, reply);
  };
  const publicRoute = {
    helmet: false as const,
    // Two info lines per hit would cost more than the hit; failures still log (warn and up).
    logLevel: 'warn' as const,
    onRequest: crossOriginAndRateLimit,
  };

  // Not route(): this handler answers a cache hit, or a slug remembered as unknown, without a promise (route()
  // awaits the guard and the handler). Its schema is the one route() would give (routeSchema).
  const publicWidget = contracts.getPublicWidget;
  app.withTypeProvider<ZodTypeProvider>().get(
    publicWidget.path,
    {
      ...publicRoute,
      // Compressed already: @fastify/compress's hooks are not even run.
      compress: false,
      schema: routeSchema(publicWidget),
    },
    (request, reply) => {
      const { slug } = request.params;
      const known = cache.peek(slug);
      if (known) {
        answerHit(request, reply, known, 'json');
        return;
      }
      if (known === null) throw notFound('Widget not found');
      return lookUp(request, reply, () => cache.get(slug)).then((loaded) => {
        if (!loaded) throw notFound('Widget not found');
        answerHit(request, reply, loaded, 'json');
      });
    },
  );

  const perSiteAndAddress = rateLimit(app, {
    name: 'wix-widget:site-ip',
    ...wixWidgetRateLimit,
    // The validated, normalised site id (the same form the lookup uses, docs/security.md rule 22) and the address.
    keyGenerator: (request) =>
      `${(request.query as { instance: string }).instance}:${clientIpKey(request)}`,
  });
  route(
    app,
    contracts.getWixWidget,
    async ({ query, request, reply }) => {
      const { instance } = query;
      const remembered = wixSites.peek(instance);
      const slug =
        remembered === undefined
          ? await lookUp(request, reply, () => wixSites.find(instance))
          : remembered;
      const entry = slug === null ? null : await cache.get(slug);
      if (!entry) throw notFound('Wix site not found');
      answerHit(request, reply, entry, 'json');
      return reply;
    },
    { ...publicRoute, compress: false, preHandler: perSiteAndAddress },
  );

  // A GET without custom headers needs no preflight; this answers the ones a host page's fetch wrapper may cause.
  route(
    app,
    contracts.preflightPublicWidget,
    ({ request, reply }) => {
      const requested = request.headers['access-control-request-headers'];
      return reply
        .code(204)
        .headers({
          ...CROSS_ORIGIN_HEADERS,
          'access-control-allow-methods': 'GET, HEAD, OPTIONS',
          'access-control-allow-headers':
            typeof requested === 'string' && requested.length <= 500 ? requested : 'if-none-match',
          'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
          vary: 'Access-Control-Request-Headers',
        })
        .send(null);
    },
    { helmet: false, logLevel: 'warn' },
  );

  route(
    app,
    contracts.getEmbedPage,
    async ({ params, request, reply }) => {
      const { slug } = params;
      const known = cache.peek(slug);
      const entry =
        known === undefined ? await lookUp(request, reply, () => cache.get(slug)) : known;
      if (!entry) {
        return reply
          .code(404)
          .headers({ ...HTML_HEADERS, 'cache-control': 'no-store' })
          .send(EMBED_NOT_FOUND_PAGE);
      }
      answerHit(request, reply, entry, 'html');
      return reply;
    },
    publicRoute,
  );

  // The analytics beacon names a widget by its slug, as these routes do: the same cache finds it, and the same
  // budget limits the lookups of names found nowhere.
  await app.register(analyticsIngestRoutes, {
    widgetOf: (slug, request, reply) => {
      const known = cache.peek(slug);
      return known === undefined ? lookUp(request, reply, () => cache.get(slug)) : known;
    },
  });
};
