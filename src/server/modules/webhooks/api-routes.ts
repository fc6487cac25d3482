// Webhooks in the public API v1 (docs/product/webhooks.md#api): REST hooks for Zapier-style tools, scoped to the
// key owner's business. Public scope of app.ts, like modules/integrations/api-v1-routes.ts.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/webhooks.js';
import { route } from '../../plugins/contract-route.js';
import { keepAnswersOutOfCaches } from '../../plugins/no-store.js';
import * as webhookService from './service.js';

export const webhookApiRoutes: FastifyPluginAsync = async (app) => {
  keepAnswersOutOfCaches(app);

  route(app, contracts.createApiWebhook, ({ deps, caller, body }) =>
    webhookService.createApiWebhook(deps, caller.business.id, body),
  );

  route(app, contracts.listApiWebhooks, ({ deps, caller }) =>
    webhookService.listApiWebhooks(deps, caller.business.id),
  );

  route(app, contracts.deleteApiWebhook, ({ deps, caller, params }) =>
    webhookService.deleteEndpoint(deps, caller.business.id, params.id),
  );
};
