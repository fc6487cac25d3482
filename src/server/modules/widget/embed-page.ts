// The no-script fallback (GET /embed/:slug): one complete, self-contained HTML
// page for an <iframe>. The same cards as the widget script: the markup from
// renderStaticHtml (the widget's shared renderer) styled by the widget's own
// stylesheet and theme. The page is exactly as tall as the script widget with
// the same settings (widget-box.ts), the height the iframe snippet gives the
// frame: the cards stand side by side in a row that scrolls sideways (swipe,
// scroll or Tab through them), and a long text scrolls inside its card, so
// nothing ever makes the frame grow and move the host page. One tiny inline
// script, allowed by its hash, tells the parent page that height, so a frame
// pasted with another height gets it through the resize snippet of README.md
// ("Embedding the widget"). One small script of our own origin,
// /embed-count.js (src/widget/embed-count.ts), loaded with `defer`, counts the
// cards' impressions, time on screen and clicks for the host page, as the
// script widget does (docs/product/analytics.md), and sends its beacon to our
// own origin. Its own CSP lets any site frame it, and allows nothing else.
import { createHash } from 'node:crypto';
import { getEmbedCountScript } from '../../../shared/contracts/widget.js';
import type { PublicWidget } from '../../../shared/schemas/widget.js';
import { widgetBoxHeight } from '../../../shared/widget-box.js';
import { normalizeWidgetSettings } from '../../../shared/widget-data.js';
import { escapeHtml, renderStaticHtml } from '../../../shared/widget-static-html.js';
import { WIDGET_CSS } from '../../../shared/widget-styles.js';
import { fontStylesheetUrl, themeVariables } from '../../../shared/widget-theme.js';

/**
 * Posts `{ vouchlyHeight }` (the content's height in px) to the parent page
 * once and whenever it changes (text reflowing at another width, a web font
 * arriving). A height is no secret, so any parent may read it ('*'); the host
 * page checks that the message comes from the Vouchly origin.
 */
export const EMBED_RESIZE_SCRIPT =
  '(function(){var b=document.body,h=0;if(parent===window||!window.ResizeObserver)return;new ResizeObserver(function(){var n=Math.ceil(b.getBoundingClientRect().height);if(n!==h){h=n;parent.postMessage({vouchlyHeight:n},"*")}}).observe(b)})()';

const RESIZE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(EMBED_RESIZE_SCRIPT).digest('base64')}'`;

/**
 * Framable by any site; nothing but our inline styles, fonts, images, the one resize script and our own origin's
 * scripts (the counting script) may load or run, and the counting's beacon goes to our own origin only.
 */
export const EMBED_CSP = [
  "default-src 'none'",
  `script-src 'self' ${RESIZE_SCRIPT_HASH}`,
  "connect-src 'self'",
  "img-src 'self' https: data:",
  "style-src 'unsafe-inline' https://fonts.googleapis.com",
  'font-src https://fonts.gstatic.com',
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/** The page around the widget: transparent, like the widget on a host page, and without a margin; the cards in a row that scrolls sideways, each filling the height, the next one peeking in so visitors see there is more. */
const PAGE_CSS =
  'body{margin:0}.w>.ls{flex:1;min-height:0;display:grid;grid-auto-flow:column;grid-auto-columns:calc(100% - 2.5em);gap:1em;overflow-x:auto;overscroll-behavior-x:contain;scroll-snap-type:x mandatory}.ls:has(>.cd:only-child){grid-auto-columns:100%}.ls>.cd{min-height:0;overflow:hidden;scroll-snap-align:start}.ls .qa{overflow-y:auto}';

/** The counting script's tag (src/widget/embed-count.ts): from our own origin, run once the page is parsed, counted under the business's slug as the script widget under its tag's. */
export const embedCountingTag = (slug: string): string =>
  `<script defer src="${getEmbedCountScript.path}" data-slug="${escapeHtml(slug)}"></script>`;

export type EmbedPageOptions = { productName: string; baseUrl: string };

export function renderEmbedPage(widget: PublicWidget, options: EmbedPageOptions): string {
  // Every value in the CSS is a validated colour, a fixed size or a known font name.
  const s = normalizeWidgetSettings(widget.settings);
  const title = s.headerText || `Testimonials for ${widget.business.name}`;
  const font = fontStylesheetUrl(s.fontFamily);
  // With nothing approved: the invitation to leave the first testimonial, or a blank page of the same height.
  const body = renderStaticHtml(widget, { ...options, limit: widget.testimonials.length });
  // A blank page has nothing to count.
  const counting = body ? embedCountingTag(widget.business.collectionSlug) : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><meta name="referrer" content="strict-origin-when-cross-origin"><title>${escapeHtml(title)}</title>${counting}${font ? `<link rel="stylesheet" href="${escapeHtml(font)}">` : ''}<style>${PAGE_CSS}${WIDGET_CSS}.w{${themeVariables(s)};height:${widgetBoxHeight(s)}px}</style></head><body>${body}<script>${EMBED_RESIZE_SCRIPT}</script></body></html>`;
}

export const EMBED_NOT_FOUND_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Not found</title><style>body{margin:0;padding:1em;font:14px/1.5 system-ui,sans-serif;color:#6b7280}</style></head><body><p>These testimonials could not be found.</p></body></html>';
