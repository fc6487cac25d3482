// Who is signed in, and their business (docs/product/auth.md#session). Shared by the
// route guards, the layouts and every feature, so it lives below features/.
import { queryOptions, useQuery, type Query, type QueryFilters } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { USER_QUERY_STALE_TIME_MS } from '../../shared/constants';
import { getCurrentUser } from '../../shared/contracts/auth';
import { getBusiness, getPublicBusiness } from '../../shared/contracts/business';
import type { CurrentUser } from '../../shared/schemas/auth';
import type { Business } from '../../shared/schemas/business';
import { ApiError, call, isUnauthorizedError, keyOf } from './api';

// A query's key comes from the contract it reads (lib/api.ts keyOf).
const currentUserKey = keyOf(getCurrentUser);
const businessKey = keyOf(getBusiness);
/** The first key part of every business read: the owner's, and the public ones by slug. */
const businessReads: ReadonlySet<unknown> = new Set([businessKey[0], keyOf(getPublicBusiness)[0]]);

export const sessionQueries = {
  /** The signed-in user; null when signed out. */
  currentUser: () =>
    queryOptions({
      queryKey: currentUserKey,
      queryFn: async ({ signal }): Promise<CurrentUser | null> => {
        try {
          return await call(getCurrentUser, {}, { signal });
        } catch (error) {
          // A signed-out visitor is not an error: GET /api/auth/user answers 401 and we read null.
          if (isUnauthorizedError(error)) return null;
          throw error;
        }
      },
      staleTime: USER_QUERY_STALE_TIME_MS,
      retry: false,
      refetchOnWindowFocus: false,
    }),
};

export const businessQueries = {
  /**
   * Every business read (the owner's, and the public ones by slug): the
   * filter to invalidate or reset after a business change or a new session.
   */
  all: (): QueryFilters => ({
    predicate: (query: Query) => businessReads.has(query.queryKey[0]),
  }),
  /** The signed-in owner's business; null when they have none yet. */
  mine: () =>
    queryOptions({
      queryKey: businessKey,
      queryFn: async ({ signal, client }): Promise<Business | null> => {
        try {
          return await call(getBusiness, {}, { signal });
        } catch (error) {
          // No business yet: the owner is sent to /setup.
          if (error instanceof ApiError && error.status === 404) return null;
          // The session ended elsewhere (expired, password reset): we are signed out now.
          if (isUnauthorizedError(error)) client.setQueryData(currentUserKey, null);
          throw error;
        }
      },
    }),
};

/** The signed-in user: `data` is null when signed out, undefined while loading. */
export function useCurrentUser() {
  return useQuery(sessionQueries.currentUser());
}

/** The signed-in owner's business: null when they have none; only fetched while signed in. */
export function useBusiness() {
  const { data: user } = useCurrentUser();
  return useQuery({ ...businessQueries.mine(), enabled: Boolean(user) });
}

// While a logout finishes, the app moves to / before the cache is cleared; in
// that short window "/" must not show the signed-in home of the old session.
let signingOut = false;
const signingOutListeners = new Set<() => void>();

export function setSigningOut(value: boolean): void {
  signingOut = value;
  for (const listener of signingOutListeners) listener();
}

export function useIsSigningOut(): boolean {
  return useSyncExternalStore(
    (listener) => {
      signingOutListeners.add(listener);
      return () => signingOutListeners.delete(listener);
    },
    () => signingOut,
  );
}
