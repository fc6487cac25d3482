// The signed-in owner's business, for every owner route (SECURITY.md §7): the
// business id always comes from the session, never from the request.
// `requireOwnBusinessId` throws 401 `Unauthorized` without a session and 404
// `Business not found` before the business is set up.
import type { FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';
import { findByOwnerId } from '../modules/business/repository.js';
import { requireUser } from './auth-guard.js';

export async function requireOwnBusinessId(request: FastifyRequest): Promise<string> {
  const user = await requireUser(request);
  const business = await findByOwnerId(request.server.database.db, user.id);
  if (!business) throw notFound('Business not found');
  return business.id;
}
