// Business endpoints (docs/product/business.md#calls), each declared in
// shared/contracts/business.ts: the owner's business, its public read by
// slug, and logo detection for the sign-up wizard. HTTP only; rules in
// service.ts.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/business.js';
import { MINUTE_MS } from '../../../shared/time.js';
import { route } from '../../plugins/contract-route.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { setBusinessLogo } from './logo.js';
import * as businessService from './service.js';

export const businessRoutes: FastifyPluginAsync = async (app) => {
  const detectLogoPerIp = rateLimit(app, {
    name: 'detect-logo:ip',
    max: 20,
    timeWindowMs: MINUTE_MS,
  });

  route(app, contracts.getBusiness, ({ caller }) => businessService.toBusiness(caller.business));

  route(app, contracts.createBusiness, ({ body, caller, deps }) =>
    businessService.createBusiness(deps, caller.user.id, body),
  );

  route(app, contracts.updateBusiness, ({ body, caller, deps }) =>
    businessService.updateBusiness(deps, caller.business, body),
  );

  route(app, contracts.setBusinessLogo, ({ body, caller, deps }) =>
    setBusinessLogo(deps, caller.business, body.logoURL),
  );

  route(
    app,
    contracts.detectLogo,
    ({ body, deps, request }) =>
      businessService.detectBusinessLogo({ ...deps, log: request.log }, body.website),
    { onRequest: [detectLogoPerIp] },
  );

  route(app, contracts.getPublicBusiness, ({ params, deps }) =>
    businessService.getPublicBusiness(deps, params.slug),
  );
};
