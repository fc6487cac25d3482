// The Approve link's page and its two buttons (docs/product/notifications.md#approve-from-the-email), in the
// public scope: the link works without a session. Each is declared in shared/contracts/notifications.ts.
// The buttons are plain HTML forms, so their empty url-encoded bodies are accepted here and ignored.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { appPages } from '../../../shared/app-pages.js';
import { urlOf } from '../../../shared/contract.js';
import * as contracts from '../../../shared/contracts/notifications.js';
import { route } from '../../plugins/contract-route.js';
import * as approvalLinks from './approval-links.js';
import { renderApprovalPage } from './approval-page.js';

export const approvalRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => {
      done(null, undefined);
    },
  );

  const answer = (reply: FastifyReply, token: string, state: approvalLinks.ApprovalPageState) =>
    reply
      .code(state.kind !== 'gone' ? 200 : state.why === 'unknown' ? 404 : 410)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The token is in the address: it must not leave in a Referer.
      .header('referrer-policy', 'no-referrer')
      .send(
        renderApprovalPage({
          state,
          productName: app.config.productName,
          action: urlOf(contracts.approvalPage, { params: { token } }),
          dashboardUrl: appPages.testimonials,
          signInUrl: `${appPages.auth}?tab=login`,
        }),
      );

  route(app, contracts.approvalPage, async ({ deps, params, reply }) =>
    answer(reply, params.token, await approvalLinks.viewApprovalLink(deps, params.token)),
  );
  route(app, contracts.approveWithLink, async ({ deps, params, reply }) =>
    answer(reply, params.token, await approvalLinks.approveWithLink(deps, params.token)),
  );
  route(app, contracts.undoApprovalWithLink, async ({ deps, params, reply }) =>
    answer(reply, params.token, await approvalLinks.undoApprovalWithLink(deps, params.token)),
  );
};
