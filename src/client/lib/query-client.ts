// TanStack Query set-up (SPEC §7-§9): nothing refetches or retries on its own.
// There is no default fetcher: every query takes its key and its GET from the
// query options of its resource (lib/session.ts, lib/testimonials.ts,
// lib/widget-settings.ts, features/<area>/api.ts), all made with `api.get`.
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
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
