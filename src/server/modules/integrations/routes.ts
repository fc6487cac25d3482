// The owner's integrations (docs/product/integrations.md#calls): the API key and the Wix sites, behind
// paid access like the Integrations page; and POST /api/wix/connect, which
// /wix/auth calls after a Wix-connect login (signed in, no paid access needed:
// the owner may subscribe afterwards). Session scope. HTTP only: the rules
// live in service.ts. The public API v1 the key opens is in api-v1-routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import {
  apiKeyInfoSchema,
  createdApiKeySchema,
  wixConnectInputSchema,
  wixConnectResultSchema,
  wixSiteDeletedSchema,
  wixSiteListSchema,
  wixSiteParamsSchema,
} from '../../../shared/schemas/integrations.js';
import { requirePaidAccess } from '../../plugins/access-guard.js';
import { requireUser } from '../../plugins/auth-guard.js';
import { GUESS_WINDOW_MS, rateLimit, signedInUserKey } from '../../plugins/rate-limit.js';
import { MINUTE_MS } from '../../../shared/time.js';
import * as integrationsService from './service.js';

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };

/** Connect checks a signed secret (docs/security.md rule 19): per account and per IP. */
export const wixConnectRateLimits = {
  perUser: { max: 10, timeWindowMs: GUESS_WINDOW_MS },
  perIp: { max: 10, timeWindowMs: GUESS_WINDOW_MS },
} as const;

export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = integrationsService.integrationsContext(app);
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

  app.get(
    '/api/integrations/api-key',
    { schema: { response: { 200: apiKeyInfoSchema, ...errors } } },
    async (request) => integrationsService.getApiKeyInfo(ctx, (await requirePaidAccess(request)).id),
  );

  app.post(
    '/api/integrations/api-key',
    { schema: { response: { 200: createdApiKeySchema, ...errors } }, preHandler: limits.keyChangesPerUser },
    async (request, reply) => {
      const user = await requirePaidAccess(request);
      // The key is in this answer only: no cache may keep it.
      void reply.header('cache-control', 'no-store');
      return integrationsService.createApiKey(ctx, user.id);
    },
  );

  app.delete(
    '/api/integrations/api-key',
    { schema: { response: { 200: apiKeyInfoSchema, ...errors } }, preHandler: limits.keyChangesPerUser },
    async (request) => integrationsService.revokeApiKey(ctx, (await requirePaidAccess(request)).id),
  );

  app.get(
    '/api/integrations/wix-sites',
    { schema: { response: { 200: wixSiteListSchema, ...errors } } },
    async (request) => integrationsService.listWixSites(ctx.db, (await requirePaidAccess(request)).id),
  );

  app.delete(
    '/api/integrations/wix-sites/:wixSiteId',
    { schema: { params: wixSiteParamsSchema, response: { 200: wixSiteDeletedSchema, ...errors } } },
    async (request) => {
      const user = await requirePaidAccess(request);
      await integrationsService.unlinkWixSite(ctx.db, user.id, request.params.wixSiteId);
      return { deleted: 1 as const };
    },
  );

  app.post(
    '/api/wix/connect',
    {
      schema: { body: wixConnectInputSchema, response: { 200: wixConnectResultSchema, ...errors } },
      preHandler: [limits.wixConnectPerIp, limits.wixConnectPerUser],
    },
    async (request) => integrationsService.connectWixSite(ctx, (await requireUser(request)).id, request.body),
  );
};
