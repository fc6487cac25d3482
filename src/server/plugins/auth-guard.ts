// Who is calling: `getUser` returns the signed-in user or null, `requireUser`
// throws 401 `Unauthorized`. The user is loaded once per request, through the
// auth service. For routes of the session scope (app.ts): elsewhere there is
// no session, so nobody is signed in.
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { depsOf } from '../deps.js';
import { unauthorized } from '../errors.js';
import { findUserById } from '../modules/auth/service.js';
import { getSessionUserId } from './sessions.js';

const loaded = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

export function getUser(request: FastifyRequest): Promise<UserRow | null> {
  let user = loaded.get(request);
  if (!user) {
    const userId = getSessionUserId(request);
    user = userId ? findUserById(depsOf(request.server), userId) : Promise.resolve(null);
    loaded.set(request, user);
  }
  return user;
}

export async function requireUser(request: FastifyRequest): Promise<UserRow> {
  const user = await getUser(request);
  if (!user) throw unauthorized();
  return user;
}
