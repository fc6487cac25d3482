// TanStack Query set-up (docs/product/README.md#how-the-app-talks-to-the-server, docs/product/messages.md#how-errors-read, docs/product/limits.md): nothing refetches or retries on its own.
// There is no default fetcher: every query takes its key and its GET from the
// query options of its resource (lib/session.ts, lib/testimonials.ts,
// lib/widget-settings.ts, lib/access.ts, features/<area>/api.ts), all made with `contractQuery`.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isAccessRequiredError, refreshAccessStatus } from './access';

export function createQueryClient(): QueryClient {
  // Any call refused with ACCESS_REQUIRED means access ended (a subscription ran
  // out, a code was revoked) since it was last checked: ask again, so the gate
  // shows the upgrade screen instead of a page that can only fail.
  const onError = (error: unknown) => {
    if (isAccessRequiredError(error)) void refreshAccessStatus(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
  return client;
}

export const queryClient = createQueryClient();
