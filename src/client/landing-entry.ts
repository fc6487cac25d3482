// The landing page's entry (landing.html: the landing page, and /terms for a
// signed-out visitor). Like entry.ts, it lets the page paint from its HTML
// before any script is fetched or run, then starts landing.tsx. Meanwhile a
// click on the header's theme toggle is remembered, not lost.
import './styles.css';
import { THEME_TOGGLE_ISLAND_ID } from './components/theme-toggle-island';
import { rememberClickBeforeHydration } from './lib/clicks-before-hydration';
import { afterFirstPaint } from './lib/scheduling';

rememberClickBeforeHydration(THEME_TOGGLE_ISLAND_ID);
await afterFirstPaint();
await import('./landing');
