// Requests in the public API v1 (docs/product/requests.md#api-v1), in the public scope with the bearer API key
// (route() runs the key check for the `apiKey` access). HTTP only; the rules live in service.ts.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/requests.js';
import { route } from '../../plugins/contract-route.js';
import { keepAnswersOutOfCaches } from '../../plugins/no-store.js';
import * as requestService from './service.js';

export const requestApiRoutes: FastifyPluginAsync = async (app) => {
  // Owner data, fetched with a secret.
  keepAnswersOutOfCaches(app);

  route(app, contracts.createApiRequests, ({ deps, caller, body }) =>
    requestService.createRequests(deps, caller.business.id, body),
  );
  route(app, contracts.listApiRequests, ({ deps, caller, query }) =>
    requestService.listRequests(deps, caller.business.id, query),
  );
};
