// Paid access for the owner API behind the five gated pages (docs/product/billing.md#upgrade-screen, docs/product/README.md#who-may-do-what):
// dashboard, testimonials, widget, collection link and integrations. Without
// access: 403 `{ error: { code: 'ACCESS_REQUIRED', ... } }`. Billing, account
// settings and the subscribe pages use requireUser / requireOwnBusiness
// instead, and the public form and widget never ask.
import type { FastifyRequest } from 'fastify';
import { ACCESS_REQUIRED_CODE } from '../../shared/schemas/billing.js';
import type { BusinessRow, UserRow } from '../db/schema.js';
import { depsOf } from '../deps.js';
import { AppError } from '../errors.js';
import * as billingService from '../modules/billing/service.js';
import * as businessService from '../modules/business/service.js';
import { requireApiCaller } from './api-key-auth.js';
import { requireUser } from './auth-guard.js';
import { requireOwnBusiness } from './business-guard.js';

const ACCESS_REQUIRED_MESSAGE = 'An active subscription or access code is required.';

async function assertPaidAccess(request: FastifyRequest, user: UserRow): Promise<void> {
  const status = await billingService.getAccessStatus(depsOf(request.server), user);
  if (!status.hasAccess) throw new AppError(403, ACCESS_REQUIRED_CODE, ACCESS_REQUIRED_MESSAGE);
}

/** The signed-in user, when they have paid access; 401 signed out, 403 without access. */
export async function requirePaidAccess(request: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(request);
  await assertPaidAccess(request, user);
  return user;
}

/**
 * The business of the API key's owner (the id from the key, docs/security.md rule 7),
 * when the owner has paid access: the public API v1 is part of Integrations.
 */
export async function requireApiCallerBusiness(request: FastifyRequest): Promise<BusinessRow> {
  const { user } = requireApiCaller(request);
  await assertPaidAccess(request, user);
  return businessService.requireOwnBusiness(depsOf(request.server), user.id);
}

/** The paying owner's business (the id from the session, docs/security.md rule 7). */
async function requirePaidBusiness(request: FastifyRequest): Promise<BusinessRow> {
  // The user is read once per request (auth-guard.ts), so the two guards share it.
  await requirePaidAccess(request);
  return requireOwnBusiness(request);
}

export async function requirePaidBusinessId(request: FastifyRequest): Promise<string> {
  return (await requirePaidBusiness(request)).id;
}
