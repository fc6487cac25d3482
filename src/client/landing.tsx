// The landing page's script, started by landing-entry.ts once the page has
// painted. The server rendered the whole page, which works without script
// (links, the skip link, the live widget's own script tag); only the header's
// theme toggle needs React, so only it is hydrated, and the page loads the
// React runtime and little else.
import { hydrateRoot } from 'react-dom/client';
import { DeferredThemeToggle } from './components/deferred-theme-toggle';
import { THEME_TOGGLE_ISLAND_ID } from './components/theme-toggle-island';
import { ThemeProvider } from './lib/theme';

const island = document.getElementById(THEME_TOGGLE_ISLAND_ID);
if (island) {
  hydrateRoot(
    island,
    <ThemeProvider>
      <DeferredThemeToggle />
    </ThemeProvider>,
  );
}
