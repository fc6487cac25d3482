// Review sources on the Integrations screen (docs/product/integrations.md#review-sources), declared in
// shared/contracts/review-sources.ts. HTTP only; the rules live in service.ts.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/review-sources.js';
import { route } from '../../plugins/contract-route.js';
import * as service from './service.js';

export const reviewSourceRoutes: FastifyPluginAsync = async (app) => {
  route(app, contracts.listReviewSources, ({ deps, caller }) =>
    service.listSources(deps, caller.business.id),
  );

  route(app, contracts.startGoogleAuth, ({ deps, caller }) =>
    service.startGoogleAuth(deps, { businessId: caller.business.id, userId: caller.user.id }),
  );

  route(app, contracts.finishGoogleAuth, ({ deps, caller, body }) =>
    service.finishGoogleAuth(
      deps,
      { businessId: caller.business.id, userId: caller.user.id },
      body,
    ),
  );

  route(app, contracts.listGoogleLocations, ({ deps, caller, params }) =>
    service.listLocations(deps, caller.business.id, params.id),
  );

  route(app, contracts.chooseGoogleLocation, ({ deps, caller, params, body }) =>
    service.chooseLocation(deps, caller.business.id, params.id, body),
  );

  route(app, contracts.connectTrustpilot, ({ deps, caller, body }) =>
    service.connectTrustpilot(deps, caller.business.id, body),
  );

  route(app, contracts.updateReviewSource, ({ deps, caller, params, body }) =>
    service.setTrusted(deps, caller.business.id, params.id, body.trusted),
  );

  route(app, contracts.syncReviewSource, ({ deps, caller, params }) =>
    service.syncNow(deps, caller.business.id, params.id),
  );

  route(app, contracts.deleteReviewSource, ({ deps, caller, params }) =>
    service.disconnect(deps, caller.business.id, params.id),
  );
};
