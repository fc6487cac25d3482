// Factories of the signed-in owner's answers (GET /api/auth/user, GET /api/business)
// and the handlers that serve them, for screens behind the session.
import { getCurrentUser } from '../../shared/contracts/auth';
import { getBusiness } from '../../shared/contracts/business';
import type { CurrentUser } from '../../shared/schemas/auth';
import type { Business } from '../../shared/schemas/business';
import { mock } from './server';

export function createCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'user-1',
    email: 'owner@sunrise.example',
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    isFreeAccount: false,
    subscriptionStatus: null,
    subscriptionEndDate: null,
    createdAt: '2026-10-01T09:00:00.000Z',
    ...overrides,
  };
}

export function createBusiness(overrides: Partial<Business> = {}): Business {
  return {
    id: 'business-1',
    name: 'Sunrise Bakery',
    description: null,
    website: 'https://sunrise.example',
    logoUrl: null,
    collectionSlug: 'sunrise-bakery',
    timeZone: 'UTC',
    createdAt: '2026-10-01T09:00:00.000Z',
    updatedAt: '2026-10-01T09:00:00.000Z',
    ...overrides,
  };
}

/** `server.use(...signedInOwner())`: a signed-in user who owns `business`. */
export function signedInOwner(business: Business = createBusiness(), user = createCurrentUser()) {
  return [mock(getCurrentUser, () => user), mock(getBusiness, () => business)];
}
