// CSRF (docs/security.md): a change that carries the session cookie must come
// from one of our own pages. Two hooks:
// - on the root, for every route: a state-changing request (any method but
//   GET, HEAD and OPTIONS) that carries the session cookie is refused with 403
//   unless its Origin is ours (config.baseUrl's origin) or, without Origin
//   (or with `Origin: null`), Sec-Fetch-Site is same-origin; a Sec-Fetch-Site
//   other than same-origin is refused even with our Origin. A request with
//   neither header is refused:
//   every browser that runs our client sends Origin on such requests (the Fetch
//   standard), so only a non-browser client sends the cookie without one.
//   "Same-site" is not enough: a page on another port or subdomain of our host
//   is same-site, and the browser sends our SameSite=Lax cookie with its
//   requests.
// - in the session scope (where the cookie authenticates): such a request
//   must be JSON (`Content-Type: application/json`), even with an empty body,
//   or a CSV file for the import (`text/csv`), or it gets 415. Neither can be
//   sent without a CORS preflight, so a page of another origin cannot send it. The public scope's routes (the signed
//   upload PUT with its file's own type, the payment webhook, the API v1 with
//   its bearer key) are not authenticated by the cookie and keep their types.
// Fastify's text/plain parser is removed, and its JSON parser takes an empty
// body as no body (the default refuses it), so a body-less change can say JSON.
import { parse as parseCookies } from 'cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError, forbidden } from '../errors.js';
import { SESSION_COOKIE } from './sessions.js';

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

const CROSS_SITE_MESSAGE = 'Cross-site request refused';
const JSON_ONLY_MESSAGE =
  'Send this request as JSON (Content-Type: application/json), even with no body';

/** A request that changes state and carries the session cookie (any value counts: the browser would send it). */
function isCookieChange(request: FastifyRequest): boolean {
  if (readOnlyMethods.has(request.method)) return false;
  const cookieHeader = request.headers.cookie;
  return cookieHeader !== undefined && SESSION_COOKIE in parseCookies(cookieHeader);
}

function comesFromOurPage(request: FastifyRequest, ownOrigin: string): boolean {
  const { origin, 'sec-fetch-site': fetchSite } = request.headers;
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  // `Origin: null` is what a browser sends from our own pages with `Referrer-Policy: no-referrer` (the Approve and
  // unsubscribe pages): it says nothing, so it counts as absent and only Sec-Fetch-Site: same-origin lets it in.
  if (origin !== undefined && origin !== 'null') return origin === ownOrigin;
  return fetchSite === 'same-origin';
}

// Types no page of another origin can send without a preflight: JSON, and the CSV file of an import.
const PREFLIGHTED_TYPES = new Set(['application/json', 'text/csv']);

function isPreflightedType(request: FastifyRequest): boolean {
  const mediaType = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
  return mediaType !== undefined && PREFLIGHTED_TYPES.has(mediaType);
}

/** On the root, before both scopes: the Origin check, and the parsers. */
export function registerCsrfProtection(app: FastifyInstance, config: Config): void {
  const ownOrigin = new URL(config.baseUrl).origin;

  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) done(null, undefined);
    else void parseJson(request, body.toString(), done);
  });

  // Callback style: every request runs it, and most leave at the first line.
  app.addHook('onRequest', (request, _reply, done) => {
    done(
      isCookieChange(request) && !comesFromOurPage(request, ownOrigin)
        ? forbidden(CROSS_SITE_MESSAGE)
        : undefined,
    );
  });
}

/** In the session scope, before the session is loaded: cookie-authenticated changes are JSON. */
export function requireJsonForCookieChanges(scope: FastifyInstance): void {
  scope.addHook('onRequest', (request, _reply, done) => {
    done(
      isCookieChange(request) && !isPreflightedType(request)
        ? new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', JSON_ONLY_MESSAGE)
        : undefined,
    );
  });
}
