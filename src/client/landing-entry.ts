// The landing page's entry (landing.html: the landing page, and /terms for a
// signed-out visitor). Like entry.ts, it lets the page paint from its HTML
// before any script is fetched or run, then starts landing.tsx.
import './styles.css';
import { afterFirstPaint } from './lib/scheduling';

await afterFirstPaint();
await import('./landing');
