// The single-page app, started by entry.ts. A page the server rendered (it
// carries page data) is hydrated; any other page (the owner's screens) is
// rendered here.
import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { seedQueriesFromPage } from './app/page-data-seed';
import { createAppRouter, loadRoutesFor } from './app/router';
import { isServerRendered, pageData } from './lib/page-data';
import { queryClient } from './lib/query-client';
import { nextTask } from './lib/scheduling';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

if (pageData && isServerRendered(container)) {
  seedQueriesFromPage(queryClient, pageData);
  await loadRoutesFor(window.location);
  await nextTask();
  // The router reads the history and session storage and ranks every route: a task of its own.
  const router = createAppRouter();
  await nextTask();
  // In a transition, hydration yields to the browser every few milliseconds
  // instead of holding the main thread for the whole page.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
} else {
  createRoot(container).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}
