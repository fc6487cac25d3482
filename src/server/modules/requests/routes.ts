// The owner's Requests (docs/product/requests.md): settings, preview, check, send and the list, in the session
// scope. Each endpoint is declared in shared/contracts/requests.ts. HTTP only; the rules live in service.ts.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/requests.js';
import { route } from '../../plugins/contract-route.js';
import * as requestService from './service.js';

export const requestRoutes: FastifyPluginAsync = async (app) => {
  route(app, contracts.getRequestSettings, ({ deps, caller }) =>
    requestService.getSettings(deps, caller.business.id),
  );
  route(app, contracts.saveRequestSettings, ({ deps, caller, body }) =>
    requestService.saveSettings(deps, caller.business.id, body),
  );
  route(app, contracts.previewRequestEmail, ({ deps, caller, body }) =>
    requestService.previewEmail(deps, caller.business.id, body),
  );
  route(app, contracts.checkRequests, ({ deps, caller, body }) =>
    requestService.checkRequests(deps, caller.business.id, body),
  );
  route(app, contracts.createRequests, ({ deps, caller, body }) =>
    requestService.createRequests(deps, caller.business.id, body),
  );
  route(app, contracts.listRequests, ({ deps, caller, query }) =>
    requestService.listRequests(deps, caller.business.id, query),
  );
};
