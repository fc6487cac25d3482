// Answers that belong to someone (the session scope of app.ts: the signed-in
// owner's data, and the session cookie any of its answers may renew; the API
// v1: a key holder's data) are kept by no cache: a shared cache could hand
// them to someone else, and a browser would keep customer emails and keys on
// disk. Every answer of the scope gets `Cache-Control: no-store`, refusals
// included (an onSend hook runs for every answer of its routes, whichever hook
// refused it); a route's own Cache-Control is kept only when it says no-store
// too (`private, no-store`), so the app's page the test checkout answers with
// (`no-cache` elsewhere) is not kept either.
import type { FastifyInstance } from 'fastify';

const NO_STORE = /(^|,)\s*no-store\s*(,|$)/i;

export function keepAnswersOutOfCaches(scope: FastifyInstance): void {
  scope.addHook('onSend', async (_request, reply) => {
    if (!NO_STORE.test(String(reply.getHeader('cache-control') ?? '')))
      void reply.header('cache-control', 'no-store');
  });
}
