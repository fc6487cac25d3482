// TanStack Query set-up (SPEC §7-§9): the default fetcher GETs the path made by
// joining the query key with "/", and nothing refetches or retries on its own.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet, throwIfResponseNotOk } from './api';

export type UnauthorizedBehavior = 'throw' | 'returnNull';

/** True for errors from a 401 response whose body says Unauthorized. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

export function getQueryFn<T>({
  on401 = 'throw',
}: { on401?: UnauthorizedBehavior } = {}): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await apiGet(queryKey.join('/'), signal);
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfResponseNotOk(response);
    return (await response.json()) as T;
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
