// Server rendering of the public pages, built by `vite build --ssr` into
// dist/render/server-entry.js and loaded once by the server
// (src/server/plugins/public-pages.ts). The landing page and /terms render
// their own small app (landing.tsx hydrates it); every other page renders the single-page
// app's routes (main.tsx hydrates them) with a query client of its own,
// seeded with the page data, exactly as the browser will seed it.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PageData } from '../../shared/page-data';
import { seedQueriesFromPage } from '../app/page-data-seed';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import { LandingApp, TermsApp } from '../app/landing-app';
import { createQueryClient } from '../lib/query-client';

export function renderLandingPage(data: PageData): string {
  return renderToString(<LandingApp demoWidgetSlug={data.demoWidgetSlug} />);
}

/** /terms for a signed-out visitor: like the landing page, hydrated by landing.tsx. */
export function renderTermsPage(): string {
  return renderToString(<TermsApp />);
}

/** The app's page at `url` (absolute), or null when its route does not render on the server. */
export async function renderAppPage(url: string, data: PageData): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} answered a redirect while rendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = createQueryClient();
  seedQueriesFromPage(client, data);
  return renderToString(
    <StrictMode>
      <AppProviders client={client}>
        {/* hydrate={false}: no inline script (our CSP forbids them); main.tsx reads the page data instead. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
