// The owner's integrations (docs/product/integrations.md#calls): the API key and the Wix sites, behind
// paid access like the Integrations page; and POST /api/wix/connect, which
// /wix/auth calls after a Wix-connect login (signed in, no paid access needed:
// the owner may subscribe afterwards). Session scope; each endpoint is declared
// in shared/contracts/integrations.ts. HTTP only: the rules live in service.ts.
// The public API v1 the key opens is in api-v1-routes.ts.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/integrations.js';
import { route } from '../../plugins/contract-route.js';
import { GUESS_WINDOW_MS, rateLimit, signedInUserKey } from '../../plugins/rate-limit.js';
import { MINUTE_MS } from '../../../shared/time.js';
import * as integrationsService from './service.js';

/** Connect checks a signed secret (docs/security.md rule 19): per account and per IP. */
export const wixConnectRateLimits = {
  perUser: { max: 10, timeWindowMs: GUESS_WINDOW_MS },
  perIp: { max: 10, timeWindowMs: GUESS_WINDOW_MS },
} as const;

export const integrationRoutes: FastifyPluginAsync = async (app) => {
  const limits = {
    wixConnectPerIp: rateLimit(app, { name: 'wix-connect:ip', ...wixConnectRateLimits.perIp }),
    wixConnectPerUser: rateLimit(app, {
      name: 'wix-connect:user',
      ...wixConnectRateLimits.perUser,
      keyGenerator: signedInUserKey,
    }),
    // Each new key is a write; enough for any person, not for a script.
    keyChangesPerUser: rateLimit(app, {
      name: 'api-key-change:user',
      max: 20,
      timeWindowMs: 15 * MINUTE_MS,
      keyGenerator: signedInUserKey,
    }),
  };

  // The key and the Wix sites are the user's, not the business's (`paidUser`:
  // a paying owner who has not set a business up yet still gets them).
  route(app, contracts.getApiKey, ({ deps, caller }) =>
    integrationsService.getApiKeyInfo(deps, caller.user.id),
  );

  route(
    app,
    contracts.createApiKey,
    ({ deps, caller, reply }) => {
      // The key is in this answer only: no cache may keep it.
      void reply.header('cache-control', 'no-store');
      return integrationsService.createApiKey(deps, caller.user.id);
    },
    { preHandler: limits.keyChangesPerUser },
  );

  route(
    app,
    contracts.revokeApiKey,
    ({ deps, caller }) => integrationsService.revokeApiKey(deps, caller.user.id),
    { preHandler: limits.keyChangesPerUser },
  );

  route(app, contracts.listWixSites, ({ deps, caller }) =>
    integrationsService.listWixSites(deps, caller.user.id),
  );

  route(app, contracts.disconnectWixSite, async ({ deps, caller, params }) => {
    await integrationsService.unlinkWixSite(deps, caller.user.id, params.wixSiteId);
    return { deleted: 1 as const };
  });

  route(
    app,
    contracts.connectWixSite,
    ({ deps, caller, body }) => integrationsService.connectWixSite(deps, caller.user.id, body),
    { preHandler: [limits.wixConnectPerIp, limits.wixConnectPerUser] },
  );
};
