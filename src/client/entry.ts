// The single-page app's entry (index.html). A page the server rendered
// (/auth, /forgot-password, /submit/{slug}) is painted from its HTML first,
// and only then is the app fetched and run: the first paint neither shares
// the line with the app's scripts nor waits for them to run (Lighthouse
// mobile: first paint 1.7–2.0 s → 1.0–1.2 s). The app shell of the owner's
// screens has nothing to paint and starts at once; its index.html announces
// every module of the app (vite.config.ts, preloadTheApp).
//
// React runs first, in a task of its own, then the app (main.tsx): run
// together, the two held a phone's main thread for one long task. Until the
// app has hydrated, a click on the header's theme toggle is remembered.
import './styles.css';
import { THEME_TOGGLE_ISLAND_ID } from './components/theme-toggle-island';
import { rememberClickBeforeHydration } from './lib/clicks-before-hydration';
import { isServerRendered } from './lib/page-data';
import { afterFirstPaint, nextTask } from './lib/scheduling';

rememberClickBeforeHydration(THEME_TOGGLE_ISLAND_ID);
if (isServerRendered(document.getElementById('root'))) await afterFirstPaint();
await import('react-dom/client');
await nextTask();
await import('./main');
