// The signed-in owner's business, for every owner route (docs/security.md rule 7): the
// business id always comes from the session, never from the request.
// Both throw 401 `Unauthorized` without a session and 404 `Business not found`
// before the business is set up (the rule lives in the business service).
import type { FastifyRequest } from 'fastify';
import type { BusinessRow } from '../db/schema.js';
import { depsOf } from '../deps.js';
import * as businessService from '../modules/business/service.js';
import { requireUser } from './auth-guard.js';

export async function requireOwnBusiness(request: FastifyRequest): Promise<BusinessRow> {
  const user = await requireUser(request);
  return businessService.requireOwnBusiness(depsOf(request.server), user.id);
}
