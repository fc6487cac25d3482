// CSRF (SECURITY.md §3). A state-changing request that carries the session
// cookie is refused when the browser says it is cross-site (Sec-Fetch-Site),
// or, for browsers that do not send that header, when its Origin is not ours.
// Bodies are JSON only: Fastify's default text/plain parser is removed, because
// text/plain is one of the types a cross-site <form> or no-preflight fetch may send.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { forbidden } from '../errors.js';
import { SESSION_COOKIE } from './sessions.js';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registerCsrfProtection(app: FastifyInstance, config: Config): void {
  const ownOrigin = new URL(config.baseUrl).origin;

  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request) => {
    if (!stateChanging.has(request.method)) return;
    if (request.cookies[SESSION_COOKIE] === undefined) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite !== undefined) {
      if (fetchSite === 'cross-site') throw forbidden('Cross-site request refused');
      return;
    }
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== ownOrigin) throw forbidden('Cross-site request refused');
  });
}
