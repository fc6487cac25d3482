// App-wide providers: data fetching, theme, toasts, and the router's
// links for components shared with the landing page (components/page-link.tsx).
// The server renders public pages with its own query client per page.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RouterLinkProvider, type PageLinkProps } from '../components/page-link';
import { Toaster } from '../components/ui/toaster';
import { useHydrated } from '../lib/hydration';
import { queryClient } from '../lib/query-client';
import { ThemeProvider } from '../lib/theme';

const renderRouterLink = (props: PageLinkProps) => <Link {...props} />;

export function AppProviders({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  // The toaster follows the theme the browser resolved; it is not part of a server-rendered page.
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <RouterLinkProvider value={renderRouterLink}>
          {children}
          {hydrated ? <Toaster /> : null}
        </RouterLinkProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
