// Account calls of the auth screens (docs/product/auth.md#calls) as TanStack Query hooks, with the
// toasts and redirects of docs/product/auth.md#session and docs/product/messages.md#auth.
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AUTH_REDIRECT_DELAY_MS } from '../../../shared/constants';
import {
  forgotPassword,
  login,
  logout,
  register,
  resetPassword,
} from '../../../shared/contracts/auth';
import { detectLogo } from '../../../shared/contracts/business';
import type {
  CurrentUser,
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
} from '../../../shared/schemas/auth';
import { toast } from '../../components/ui/toast';
import { call, getErrorMessage, keyOf } from '../../lib/api';
import { businessQueries, sessionQueries, setSigningOut } from '../../lib/session';
import { clearSignupProgress } from '../../lib/signup-storage';

const authQueries = {
  /**
   * The logo found on `website` (POST, but a pure read: cached per address).
   * Not under the business prefix: business changes do not redo it.
   */
  detectedLogo: (website: string | null) =>
    queryOptions({
      queryKey: [keyOf(detectLogo)[0], website] as const,
      queryFn: async () =>
        website === null ? null : (await call(detectLogo, { body: { website } })).logoUrl,
      enabled: website !== null,
      staleTime: Infinity,
    }),
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stores the new current user and refetches the business from scratch (no stale data from an earlier session). */
function startSession(queryClient: QueryClient, user: CurrentUser): void {
  queryClient.setQueryData(sessionQueries.currentUser().queryKey, user);
  void queryClient.resetQueries(businessQueries.all());
}

/**
 * After a login, registration or logout the app goes to / after 100 ms (docs/product/auth.md#auth-screen); a Wix connect login goes to /wix/auth instead (`to`).
 */
export function useRedirectAfterAuth() {
  const navigate = useNavigate();
  return (to = '/') => {
    setTimeout(() => void navigate(to), AUTH_REDIRECT_DELAY_MS);
  };
}

/** Logs in, then goes to `redirectTo` (default /; /wix/auth?… for a Wix connect login). */
export function useLogin(redirectTo = '/') {
  const queryClient = useQueryClient();
  const redirectAfterAuth = useRedirectAfterAuth();
  return useMutation({
    mutationFn: (input: LoginInput) => call(login, { body: input }),
    onSuccess: (user) => {
      startSession(queryClient, user);
      toast({
        title: 'Welcome back!',
        description: 'You have been logged in successfully.',
        variant: 'success',
      });
      redirectAfterAuth(redirectTo);
    },
    onError: (error) => {
      toast({
        title: 'Login failed',
        description: getErrorMessage(error, 'Invalid email or password'),
        variant: 'destructive',
      });
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => call(register, { body: input }),
    onSuccess: (user) => {
      startSession(queryClient, user);
      toast({
        title: 'Welcome!',
        description: 'Your account has been created successfully.',
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: 'Registration failed',
        description: getErrorMessage(error, 'Failed to create account'),
        variant: 'destructive',
      });
    },
  });
}

/**
 * Logs out. A failed request is treated like success (the session is gone for
 * this browser either way). The app moves to / first and then drops every
 * cached query, so no signed-in screen ever renders without its data.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const finish = async (description: string) => {
    clearSignupProgress();
    toast({ title: 'Logged out', description, variant: 'success' });
    await wait(AUTH_REDIRECT_DELAY_MS);
    setSigningOut(true);
    try {
      await navigate('/', { flushSync: true });
    } finally {
      queryClient.clear();
      queryClient.setQueryData(sessionQueries.currentUser().queryKey, null);
      setSigningOut(false);
    }
  };

  return useMutation({
    mutationFn: () => call(logout, {}),
    onSuccess: () => finish('You have been logged out successfully.'),
    onError: () => finish('You have been logged out.'),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) => call(forgotPassword, { body: input }),
    onError: (error) => {
      toast({
        title: 'Error',
        description: getErrorMessage(error, 'Something went wrong'),
        variant: 'destructive',
      });
    },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => call(resetPassword, { body: input }),
    onError: (error) => {
      toast({
        title: 'Error',
        description: getErrorMessage(error, 'Something went wrong'),
        variant: 'destructive',
      });
    },
  });
}

/**
 * The logo found on `website` (a valid address), or null. Purely decorative:
 * a failure shows nothing, so errors are not reported.
 */
export function useDetectedLogo(website: string | null) {
  return useQuery(authQueries.detectedLogo(website));
}
