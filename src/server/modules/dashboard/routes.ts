// The first-week checklist and the owner actions it records (docs/product/business.md#first-week-checklist).
// Each endpoint is declared in shared/contracts/dashboard.ts (paid access). HTTP only; the rules live in
// service.ts.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/dashboard.js';
import { route } from '../../plugins/contract-route.js';
import * as dashboardService from './service.js';

export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  route(app, contracts.getChecklist, ({ deps, caller }) =>
    dashboardService.getChecklist(deps, caller.business),
  );

  route(app, contracts.dismissChecklist, ({ deps, caller }) =>
    dashboardService.dismissChecklist(deps, caller.business),
  );

  route(app, contracts.recordCollectionShared, ({ deps, caller, body }) =>
    dashboardService.recordCollectionShared(deps, caller.business.id, body),
  );
};
