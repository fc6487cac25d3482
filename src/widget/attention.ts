// What the script widget counts (docs/product/analytics.md#what-the-widget-and-the-form-send): an impression when
// at least half of the widget is on screen for a second, the same for each testimonial's card (on the carousel only
// the slide shown is on screen), once each per page view; how long each card was on screen while the page was
// visible; and the clicks on its controls. Sent in batches with navigator.sendBeacon as a string (text/plain, so no
// CORS preflight). Nothing at all with Do Not Track or Global Privacy Control, or without IntersectionObserver or
// sendBeacon; no cookie, no storage, nothing that names a device. Only the script widget (main.ts) and the no-script
// page's own small script (embed-count.ts, the same rules for its static cards) ask for it, so the Widget Settings
// preview and the dashboard's Live Widget Preview are never counted. (The landing page's demo is the script itself,
// on Vouchly's own origin, where the server counts no widget event.)
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_TIME_MAX_MS,
  IMPRESSION_DWELL_MS,
  IMPRESSION_VISIBLE_SHARE,
  type WidgetInteraction,
} from '../shared/analytics';
import type { AnalyticsBeacon, AnalyticsEvent } from '../shared/schemas/analytics';

/** Whether this visitor may be counted: no Do Not Track, no Global Privacy Control, and sendBeacon to count with. */
export function counted(): boolean {
  const n = navigator as Navigator & { globalPrivacyControl?: boolean };
  // Older browsers have no sendBeacon, whatever the DOM types say.
  return n.doNotTrack !== '1' && n.globalPrivacyControl !== true && !!n.sendBeacon;
}

/** POSTs `body` as text/plain; a beacon the browser refuses is a visit not counted, never an error. */
export function beacon(url: string, body: AnalyticsBeacon): void {
  try {
    navigator.sendBeacon(url, JSON.stringify(body));
  } catch {
    // Nothing to do: the host page must not see it.
  }
}

/** The control a click hit, by its class (widget-card.ts, carousel.ts), and what it counts as. */
const ACTIONS: Record<string, WidgetInteraction> = {
  nx: 'next',
  pv: 'previous',
  d: 'dot',
  pp: 'pause',
  pl: 'pause',
  rm: 'read_more',
  ph: 'photo',
  br: 'branding',
  vi: 'link',
  ia: 'link',
};
/** Events wait this long for others to go in the same beacon. */
const FLUSH_MS = 3000;

export type Attention = {
  /** Counts `element`: the widget, or with `id` a testimonial's card, on screen only while `shown()` too. */
  watch: (element: Element, id?: string, shown?: () => boolean) => void;
  /** Looks again at what `shown()` says (the carousel turned). */
  check: () => void;
  /** A click in the widget: the control it hit, if it is one that counts. */
  click: (event: Event) => void;
  /** Stops watching what is watched (a new render, or before stop()); what was seen stays seen. */
  clear: () => void;
  /** Sends what is left and stops listening to the page (the widget is destroyed). */
  stop: () => void;
};

/**
 * Counting for widget `slug` on `page`, sent to the Vouchly server at `origin`; null when this visitor is not counted.
 * The page is origin and path, never the query or the hash (they may carry a visitor's own data): the script
 * widget's own page, or for the no-script page (embed-count.ts) the host page it is framed in.
 */
export function attention(
  origin: string,
  slug: string,
  page = location.origin + location.pathname,
): Attention | null {
  // Older browsers have no IntersectionObserver, whatever the DOM types say.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  if (!counted() || !window.IntersectionObserver) return null;
  const url = `${origin}/api/analytics/events`;
  const queue: AnalyticsEvent[] = [];
  const seen = new Set<string>();
  /** Time on screen not yet sent, per testimonial id. */
  const time = new Map<string, number>();
  let flush: ReturnType<typeof setTimeout> | undefined;

  const send = () => {
    clearTimeout(flush);
    flush = undefined;
    while (queue.length) beacon(url, { slug, page, events: queue.splice(0, ANALYTICS_BATCH_MAX) });
  };
  const push = (event: AnalyticsEvent) => {
    queue.push(event);
    if (queue.length >= ANALYTICS_BATCH_MAX) send();
    else flush ??= setTimeout(send, FLUSH_MS);
  };

  /** Per element watched: looks whether it is on screen now (`inView`: a new report of the observer); `tally` adds its time so far. */
  const watched = new Map<Element, (inView?: boolean, tally?: boolean) => void>();
  const each = (tally?: boolean) => watched.forEach((look) => look(undefined, tally));

  /** Left (pagehide, which comes before the last visibilitychange): nothing counts until the page is shown again. */
  let gone = false;
  /** The page is hidden or left: the time on screen so far goes out with everything queued. */
  const leave = (event?: Event) => {
    gone = event?.type === 'pagehide';
    each(true);
    time.forEach((ms, testimonialId) => {
      for (; ms > 0; ms -= ANALYTICS_TIME_MAX_MS)
        push({ type: 'time', testimonialId, ms: Math.min(ms, ANALYTICS_TIME_MAX_MS) });
    });
    time.clear();
    send();
  };
  const onVisibility = () => {
    if (document.hidden) leave();
    else {
      gone = false;
      each();
    }
  };
  document.addEventListener('visibilitychange', onVisibility);
  addEventListener('pagehide', leave);

  const observer = new IntersectionObserver(
    (entries) =>
      entries.forEach((entry) =>
        watched.get(entry.target)?.(entry.intersectionRatio >= IMPRESSION_VISIBLE_SHARE),
      ),
    { threshold: IMPRESSION_VISIBLE_SHARE },
  );

  return {
    watch(element, key = '', shown = () => true) {
      let view = false;
      /** Since when it has counted as on screen (0: it does not). */
      let at = 0;
      let dwell: ReturnType<typeof setTimeout> | undefined;
      watched.set(element, (inView = view, tally) => {
        view = inView;
        const on = view && shown() && !document.hidden && !gone;
        const now = Date.now();
        if (at && (!on || tally)) {
          if (key) time.set(key, (time.get(key) ?? 0) + now - at);
          at = on ? now : 0;
          if (!on) clearTimeout(dwell);
        } else if (on && !at) {
          at = now;
          // At least half of it on screen for a second, once per page view.
          if (!seen.has(key))
            dwell = setTimeout(() => {
              seen.add(key);
              push(key ? { type: 'card', testimonialId: key } : { type: 'impression' });
            }, IMPRESSION_DWELL_MS);
        }
      });
      observer.observe(element);
    },
    check: () => each(),
    click(event) {
      const control = (event.target as Element).closest('button,a');
      const name = control && Array.from(control.classList).find((c) => ACTIONS[c]);
      // The photo view's own previous and next are not the carousel's.
      if (!name || (control.closest('dialog') && (name === 'nx' || name === 'pv'))) return;
      const id = control.closest<HTMLElement>('[data-id]')?.dataset.id;
      push({
        type: 'interaction',
        action: ACTIONS[name] as WidgetInteraction,
        ...(id && { testimonialId: id }),
      });
    },
    clear() {
      observer.disconnect();
      watched.forEach((look) => look(false));
      watched.clear();
    },
    stop() {
      leave();
      document.removeEventListener('visibilitychange', onVisibility);
      removeEventListener('pagehide', leave);
    },
  };
}
