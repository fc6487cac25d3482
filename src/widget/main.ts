// The embeddable widget script. A host page adds
//   <script src="https://<host>/widget.js" data-widget="<collectionSlug>" async></script>
// and the widget renders right where that tag stands. The snippet owners copy
// wraps the tag in the widget's box, <vouchly-widget style="display:block;
// height:…px">, so the page keeps the widget's place before any script runs;
// the widget then fills that box (src/shared/embed-snippets.ts). Works async, deferred,
// injected by another script, and with several tags (one per widget) on a page.
// It sets no cookies, uses no storage, and its one global is window.Vouchly.
// Nothing it does may throw into the host page.
import { PRODUCT_NAME } from '../shared/constants';
import { WIDGET_BOX_ELEMENT, widgetDataUrl } from '../shared/embed-snippets';
import { widgetBoxHeight } from '../shared/widget-box';
import { WIDGET_SETTINGS_DEFAULTS } from '../shared/widget-data';
import { mountWidget, type WidgetHandle } from './mount';

declare const __VOUCHLY_WIDGET_VERSION__: string;

type VouchlyGlobal = {
  readonly version: string;
  /** Manual use: render widget `slug` into `target`'s shadow root (which hides its own children). */
  mount(target: HTMLElement, slug: string): Promise<WidgetHandle | null>;
};

const SEEN_ATTRIBUTE = 'data-vouchly-seen';
/** Reserved by a tag without the snippet's box until the data arrives: the height of the default settings. */
const RESERVED_HEIGHT = `${widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS)}px`;
const FETCH_TIMEOUT_MS = 15_000;

/** Origin of the Vouchly server, from this script's own URL; Vouchly.mount uses the first one found. */
let defaultOrigin = location.origin;

const isOurs = (script: HTMLScriptElement) => /\/widget\.js(\?|#|$)/.test(script.src);

/** This script's own tag(s): document.currentScript while running synchronously, plus every unseen data-widget tag loading the same file. */
function findOwnScripts(): HTMLScriptElement[] {
  const current = document.currentScript;
  const own =
    current instanceof HTMLScriptElement && current.hasAttribute('data-widget') ? current : null;
  // currentScript is null for module scripts, callbacks and some injectors.
  const candidates = Array.from(
    document.querySelectorAll<HTMLScriptElement>('script[data-widget]'),
  ).filter(
    (script) =>
      !script.hasAttribute(SEEN_ATTRIBUTE) && (own ? script.src === own.src : isOurs(script)),
  );
  if (own && !own.hasAttribute(SEEN_ATTRIBUTE) && !candidates.includes(own))
    candidates.unshift(own);
  return candidates;
}

/**
 * GET {origin}/api/widget/{slug}. Mode and credentials match the snippet's
 * `<link rel="preload" as="fetch" crossorigin="anonymous">`, so the answer it
 * started with the page is used, not fetched again; across origins
 * `same-origin` credentials send no cookie. The answer's `max-age=0` makes
 * the browser revalidate it on every page view, so an owner who saves their
 * settings and reloads their site sees the change.
 */
async function fetchWidget(
  slug: string,
  origin: string,
): Promise<Parameters<typeof mountWidget>[1]> {
  const response = await fetch(widgetDataUrl(origin, slug), {
    mode: 'cors',
    credentials: 'same-origin',
    // A hung request must not leave the reserved space empty for minutes.
    // Older Safari has no AbortSignal.timeout: the request then waits as long as the browser lets it.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    signal: AbortSignal.timeout?.(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as Parameters<typeof mountWidget>[1];
}

async function load(
  container: HTMLElement,
  slug: string,
  origin: string,
  data = fetchWidget(slug, origin),
): Promise<WidgetHandle | null> {
  try {
    // The answer names the product for the "Powered by" link (the server's PRODUCT_NAME).
    // Counted under the slug it was loaded with (attention.ts); a preview gives no slug and is never counted.
    const handle = mountWidget(container, await data, { baseUrl: origin, count: slug });
    container.style.minHeight = '';
    return handle;
  } catch (error) {
    console.warn(`${PRODUCT_NAME}: widget "${slug}" could not be loaded (${String(error)})`);
    return null;
  }
}

/**
 * The snippet's box around the script tag; for a tag without one, a new
 * container right after the tag (or at the end of <body> when the tag sits in
 * <head>). A custom element name, so theme rules aimed at divs (such as
 * `div:empty { display: none }`) miss it; it needs no registration to host a shadow root.
 */
function place(script: HTMLScriptElement, slug: string): HTMLElement {
  const box = script.parentElement;
  if (box?.localName === WIDGET_BOX_ELEMENT && !box.shadowRoot) {
    box.setAttribute('data-vouchly-widget', slug);
    return box;
  }
  const container = document.createElement(WIDGET_BOX_ELEMENT);
  container.setAttribute('data-vouchly-widget', slug);
  container.style.cssText = `display:block;min-height:${RESERVED_HEIGHT}`;
  if (!document.head.contains(script) && script.parentNode) script.after(container);
  // No <body> yet when the script stands in <head>, whatever the DOM types say.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  else if (document.body) document.body.append(container);
  else document.addEventListener('DOMContentLoaded', () => document.body.append(container));
  return container;
}

function init(): void {
  findOwnScripts().forEach((script, i) => {
    script.setAttribute(SEEN_ATTRIBUTE, '');
    const slug = (script.getAttribute('data-widget') ?? '').trim();
    const origin = script.src ? new URL(script.src).origin : defaultOrigin;
    if (!i) defaultOrigin = origin;
    if (!slug) return;
    // The request goes out first; the page is touched while it travels.
    const data = fetchWidget(slug, origin);
    const container = place(script, slug);
    // An error (an unknown slug, the network): nothing will ever show, and the page gets its space back.
    // With nothing approved the widget keeps its box (mount.ts).
    void load(container, slug, origin, data).then((handle) => {
      if (!handle) container.remove();
    });
  });
}

try {
  const host = window as Window & { Vouchly?: VouchlyGlobal };
  if (!host.Vouchly) {
    host.Vouchly = Object.freeze({
      version: typeof __VOUCHLY_WIDGET_VERSION__ === 'string' ? __VOUCHLY_WIDGET_VERSION__ : 'dev',
      mount: (target: HTMLElement, slug: string) =>
        load(target, slug, defaultOrigin).catch(() => null),
    });
  }
  init();
} catch (error) {
  console.warn(`${PRODUCT_NAME}: widget failed to start (${String(error)})`);
}
