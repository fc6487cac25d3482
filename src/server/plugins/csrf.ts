// CSRF (SECURITY.md §3). A state-changing request that carries the session
// cookie is refused when the browser says it is cross-site (Sec-Fetch-Site),
// or, for browsers that do not send that header, when its Origin is not ours.
// Bodies are JSON only: Fastify's default text/plain parser is removed, because
// text/plain is one of the types a cross-site <form> or no-preflight fetch may send.
// Set on the root, so it covers both scopes of app.ts: it reads the Cookie
// header itself and does not need the session plugin, which only the session
// scope has. A route of the public scope never reads the cookie, but a
// cross-site PUT to an upload URL that carries it is refused all the same.
import { parse as parseCookies } from 'cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { forbidden } from '../errors.js';
import { SESSION_COOKIE } from './sessions.js';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registerCsrfProtection(app: FastifyInstance, config: Config): void {
  const ownOrigin = new URL(config.baseUrl).origin;

  app.removeContentTypeParser('text/plain');

  // Callback style: every request runs it, and most leave at the first line.
  app.addHook('onRequest', (request, _reply, done) => {
    done(isCrossSite(request, ownOrigin) ? forbidden('Cross-site request refused') : undefined);
  });
}

function isCrossSite(request: FastifyRequest, ownOrigin: string): boolean {
  if (!stateChanging.has(request.method)) return false;
  const cookieHeader = request.headers.cookie;
  // Any value counts, even an empty one: the browser would send it along.
  if (!cookieHeader || !(SESSION_COOKIE in parseCookies(cookieHeader))) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'cross-site';
  const origin = request.headers.origin;
  return origin !== undefined && origin !== ownOrigin;
}
