// POST /api/analytics/events (docs/product/analytics.md#counting), declared in shared/contracts/analytics.ts: the
// beacon the widget and the collection form send with navigator.sendBeacon. Registered by the public widget routes
// (widget/public-routes.ts), whose cache finds the widget a beacon names (`widgetOf`): no cookie is read or set,
// and every answer (errors and 429s too) is open to every origin. sendBeacon posts its
// JSON as `text/plain;charset=UTF-8`, which needs no CORS preflight, so this plugin alone parses text/plain,
// as text (the root removes that parser, plugins/csrf.ts), with JSON itself, up to 16 KB. The body is parsed and
// checked against the contract's schema by the analytics counting, on its own thread (ingest-thread.ts), not here:
// bad input is 400 all the same and nothing is stored. A visitor who asks not to be tracked (DNT, GPC), a bot, an
// unknown slug: 204 and nothing stored. Limited per address, generously: a page view sends a
// handful of beacons. Unknown slugs spend the address's budget of names found nowhere, as the widget's routes
// do (`widgetOf`, docs/security.md rule 22).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { recordAnalyticsEvents } from '../../../shared/contracts/analytics.js';
import { MINUTE_MS } from '../../../shared/time.js';
import { route } from '../../plugins/contract-route.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { CROSS_ORIGIN_HEADERS } from '../widget/cross-origin-headers.js';
import type { LoadedWidget } from '../widget/service.js';
import { isBot } from './bots.js';
import { asksNotToBeTracked } from './ingest-rules.js';

/** Per address: a page view sends a few beacons, and an office or a school shares one address. */
export const analyticsBeaconRateLimit = { max: 300, timeWindowMs: MINUTE_MS } as const;

/** A beacon of 50 events is about 4 KB. */
export const ANALYTICS_BEACON_MAX_BYTES = 16 * 1024;

/** The widget of a slug, from memory or the database; null when no business has it. */
export type WidgetOf = (
  slug: string,
  request: FastifyRequest,
  reply: FastifyReply,
) => LoadedWidget | null | Promise<LoadedWidget | null>;

export const analyticsIngestRoutes: FastifyPluginAsync<{ widgetOf: WidgetOf }> = async (
  app,
  { widgetOf },
) => {
  // Only in this plugin's context: text/plain (what sendBeacon sends) and JSON, both kept as text for the counting.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit: ANALYTICS_BEACON_MAX_BYTES },
    (_request, body, done) => {
      done(null, body);
    },
  );

  const perIp = rateLimit(app, { name: 'analytics:ip', ...analyticsBeaconRateLimit });
  // The cross-origin headers first, so that a 429 carries them too.
  const crossOriginAndRateLimit = (request: FastifyRequest, reply: FastifyReply) => {
    void reply.headers(CROSS_ORIGIN_HEADERS);
    return perIp(request, reply);
  };

  route(
    app,
    recordAnalyticsEvents,
    async ({ deps, request, reply }) => {
      const userAgent = request.headers['user-agent'];
      if (asksNotToBeTracked(request.headers) || userAgent === undefined || isBot(userAgent))
        return null;
      // The text the parser above kept (a request without a body has none, which the counting refuses).
      const text = typeof request.body === 'string' ? request.body : '';
      await deps.analytics.take(text, { ip: request.ip, userAgent }, (slug) =>
        widgetOf(slug, request, reply),
      );
      return null;
    },
    {
      // Helmet's headers are for pages; a few info lines per page view would cost more than the beacon.
      helmet: false,
      logLevel: 'warn',
      onRequest: crossOriginAndRateLimit,
      // The body is checked by the counting thread, against the contract's schema: here it is passed on as text.
      validatorCompiler: () => (text: unknown) => ({ value: text }),
    },
  );
};
