// The owner's webhook endpoints on the Integrations screen (docs/product/webhooks.md). Each endpoint is declared
// in shared/contracts/webhooks.ts. HTTP only; the rules live in service.ts.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/webhooks.js';
import { route } from '../../plugins/contract-route.js';
import * as webhookService from './service.js';

export const webhookEndpointRoutes: FastifyPluginAsync = async (app) => {
  route(app, contracts.listWebhooks, ({ deps, caller }) =>
    webhookService.listEndpoints(deps, caller.business.id),
  );

  route(app, contracts.createWebhook, ({ deps, caller, body }) =>
    webhookService.createEndpoint(deps, caller.business.id, body),
  );

  route(app, contracts.updateWebhook, ({ deps, caller, params, body }) =>
    webhookService.updateEndpoint(deps, caller.business.id, params.id, body),
  );

  route(app, contracts.deleteWebhook, ({ deps, caller, params }) =>
    webhookService.deleteEndpoint(deps, caller.business.id, params.id),
  );

  route(app, contracts.sendWebhookTest, ({ deps, caller, params }) =>
    webhookService.sendTestEvent(deps, caller.business.id, params.id),
  );

  route(app, contracts.listWebhookDeliveries, ({ deps, caller, params, query }) =>
    webhookService.listDeliveries(deps, caller.business.id, params.id, query),
  );

  route(app, contracts.resendWebhookDelivery, ({ deps, caller, params }) =>
    webhookService.resendDelivery(deps, caller.business.id, params.id, params.deliveryId),
  );
};
