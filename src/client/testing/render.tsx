// Renders a screen as the app would: a fresh query client (the app's
// defaults), theme, tooltips, toasts and a memory router at `path`.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
// RouterProvider from the main entry: react-router/dom resolves to a second copy under Node.
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';
import { ThemeProvider } from '../lib/theme';

export type RenderOptions = {
  /** The address to start at; default `/`. */
  path?: string;
  /** The route pattern the element is mounted at; default: the path without its query. */
  routePath?: string;
  /** Other routes, to see where the screen navigates to. */
  routes?: RouteObject[];
};

export function renderScreen(
  element: ReactElement,
  { path = '/', routePath, routes = [] }: RenderOptions = {},
) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [{ path: routePath ?? (path.split('?')[0] || '/'), element }, ...routes],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <RouterProvider router={router} />
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient };
}
