// Layout shift as Google's CLS counts it, for the browser checks that the
// widget never moves its host page: the e2e journeys
// (e2e/widget-layout-shift.spec.ts) and the bench (bench/widget.ts).

/** How long a page is watched: the data, photos and fonts arriving, and two turns of the carousel (every 4000 ms). */
export const LAYOUT_SHIFT_WATCH_MS = 9_500;

/** The viewports the widget is checked at. */
export const LAYOUT_SHIFT_VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

export type LayoutShift = { value: number; at: number; nodes: string[] };

/**
 * An init script (Playwright's addInitScript) that records, in the top
 * document from its very start, every `layout-shift` entry without recent
 * input in `window.__vouchlyShifts`. A string, because functions handed to the
 * page from tsx-compiled code may carry helpers that do not exist there.
 */
export const LAYOUT_SHIFT_PROBE = `(() => {
  if (window !== window.top) return;
  window.__vouchlyShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (!entry.hadRecentInput)
        window.__vouchlyShifts.push({ value: entry.value, at: Math.round(entry.startTime), nodes: entry.sources.map((s) => s.node ? s.node.nodeName + '.' + (s.node.className || '') : '?') });
  }).observe({ type: 'layout-shift', buffered: true });
})()`;

/** The expression that reads the shifts recorded so far (page.evaluate of a string: allowed under any host CSP). */
export const READ_LAYOUT_SHIFTS = 'window.__vouchlyShifts';

/** The sum of the shifts' values: the page's layout shift score. */
export const totalShift = (shifts: LayoutShift[]): number =>
  shifts.reduce((sum, shift) => sum + shift.value, 0);
