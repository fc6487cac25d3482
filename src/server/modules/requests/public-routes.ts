// The links of a request email (docs/product/requests.md#the-email), in the public scope: they work without a
// session. The star links' prefill for the form, and the unsubscribe page with its button, which also takes the
// one-click POST of RFC 8058 (a form-encoded `List-Unsubscribe=One-Click`, read and ignored: the token says all).
// Each is declared in shared/contracts/requests.ts.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { urlOf } from '../../../shared/contract.js';
import * as contracts from '../../../shared/contracts/requests.js';
import { route } from '../../plugins/contract-route.js';
import * as requestService from './service.js';
import { renderUnsubscribePage } from './unsubscribe-page.js';

export const requestLinkRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => {
      done(null, undefined);
    },
  );

  route(app, contracts.getRequestPrefill, async ({ deps, params, reply }) => {
    // A customer's name and address: never kept by a cache.
    void reply.header('cache-control', 'no-store');
    return requestService.openRequestLink(deps, params.token);
  });

  const answer = (reply: FastifyReply, token: string, state: requestService.UnsubscribeState) =>
    reply
      .code(state.kind === 'unknown' ? 404 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The token is in the address: it must not leave in a Referer.
      .header('referrer-policy', 'no-referrer')
      .send(
        renderUnsubscribePage({
          state,
          productName: app.config.productName,
          action: urlOf(contracts.unsubscribePage, { params: { token } }),
        }),
      );

  route(app, contracts.unsubscribePage, async ({ deps, params, reply }) =>
    answer(reply, params.token, await requestService.viewUnsubscribe(deps, params.token)),
  );
  route(app, contracts.unsubscribe, async ({ deps, params, reply }) =>
    answer(reply, params.token, await requestService.unsubscribe(deps, params.token)),
  );
};
