// When an owner call answers 401 the session is gone (expired, or ended in
// another tab). docs/product/messages.md#session: say so, then go to / (500 ms after an admin
// action, 1000 ms on the dashboard) or to /auth (1000 ms on the billing
// screen) with every cached query dropped, as a logout does, so no owner
// screen shows stale data.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  BILLING_SESSION_EXPIRED_REDIRECT_DELAY_MS,
  DASHBOARD_UNAUTHORIZED_REDIRECT_DELAY_MS,
  LOGGED_OUT_REDIRECT_DELAY_MS,
} from '../../shared/constants';
import { isUnauthorizedError } from '../lib/api';
import { sessionQueries, setSigningOut } from '../lib/session';
import { UploadError } from '../lib/uploads';
import { toast } from './ui/toast';

export type SessionEndedKind = 'admin-action' | 'page' | 'billing';

const messages: Record<
  SessionEndedKind,
  { title: string; description: string; delay: number; to: '/' | '/auth' }
> = {
  'admin-action': {
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    delay: LOGGED_OUT_REDIRECT_DELAY_MS,
    to: '/',
  },
  page: {
    title: 'Unauthorized',
    description: 'Please sign in to continue',
    delay: DASHBOARD_UNAUTHORIZED_REDIRECT_DELAY_MS,
    to: '/',
  },
  billing: {
    title: 'Session expired',
    description: 'Please log in again.',
    delay: BILLING_SESSION_EXPIRED_REDIRECT_DELAY_MS,
    to: '/auth',
  },
};

/** True for a 401 from the API client or from an upload. */
export function isSessionEndedError(error: unknown): boolean {
  return isUnauthorizedError(error) || (error instanceof UploadError && error.status === 401);
}

// Several calls may fail together; one toast and one redirect are enough.
let redirecting = false;

/** Returns `end(kind)`: the toast, then the redirect after the kind's delay. */
export function useSessionEnded() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (kind: SessionEndedKind) => {
      if (redirecting) return;
      redirecting = true;
      const { title, description, delay, to } = messages[kind];
      toast({ title, description, variant: 'destructive' });
      window.setTimeout(() => {
        void (async () => {
          setSigningOut(true);
          try {
            await navigate(to, { flushSync: true });
          } finally {
            queryClient.clear();
            queryClient.setQueryData(sessionQueries.currentUser().queryKey, null);
            setSigningOut(false);
            redirecting = false;
          }
        })();
      }, delay);
    },
    [navigate, queryClient],
  );
}

/** What a page's read looks like to `useEndSessionOnUnauthorized` (any `useQuery` result). */
type PageQuery = { isError: boolean; error: unknown };

/**
 * For a page whose reads may find the session gone: true once any of
 * `queries` failed with a 401 (the page then shows its loading state, not an
 * error), and the session ends with `kind`'s toast and redirect.
 */
export function useEndSessionOnUnauthorized(
  kind: SessionEndedKind,
  ...queries: PageQuery[]
): boolean {
  const endSession = useSessionEnded();
  const ended = queries.some((query) => query.isError && isSessionEndedError(query.error));
  useEffect(() => {
    if (ended) endSession(kind);
  }, [ended, kind, endSession]);
  return ended;
}
