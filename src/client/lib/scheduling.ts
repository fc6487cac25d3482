// Waiting for the browser: for its first paint, or for a task of our own.

/** The longest a page waits for its first paint to be reported (a page hidden before it paints has none). */
const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Resolves once the browser has shown the page's first content (the paint
 * timing entry "first-contentful-paint"), or at once on a hidden page, which
 * paints nothing. Where paint timing is missing: after the next frame. Never
 * later than FIRST_PAINT_WAIT_MS.
 */
export function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, FIRST_PAINT_WAIT_MS);
    const observer = PerformanceObserver.supportedEntryTypes.includes('paint')
      ? new PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length > 0) done();
        })
      : undefined;
    if (observer) observer.observe({ type: 'paint', buffered: true });
    else requestAnimationFrame(() => setTimeout(done, 0));
  });
}

/** Resolves in a new task, so that the browser may paint and answer input first. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
