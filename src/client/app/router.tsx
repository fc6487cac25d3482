// The single-page app's router. A page the server rendered is hydrated, so the
// router must start with the page's screen already loaded: its lazy routes are
// resolved first, and the first render is that screen, not the HydrateFallback.
import { createBrowserRouter, matchRoutes, type DataRouter } from 'react-router';
import { routes } from './routes';

export function createAppRouter(): DataRouter {
  return createBrowserRouter(routes);
}

/** Loads the code of every lazy route matching `location`, as the server did before rendering it. */
export async function loadRoutesFor(location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
