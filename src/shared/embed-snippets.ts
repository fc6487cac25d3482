// The embed snippets a business copies from its Widget page (SPEC §2), used
// as they are by the e2e host pages and the bench, so what is tested is what
// owners paste.
//
// The script snippet starts the data request with the page: the preload link
// fetches GET /api/widget/{slug} while widget.js itself loads, and the
// widget's own fetch (cors, credentials same-origin: no cookie to another
// origin) takes that answer instead of asking again. The link's
// crossorigin="anonymous" is what makes the two requests match; the answer's
// `max-age=0` makes every page view revalidate it (a cheap 304).
import { escapeHtml } from './widget-markup.js';

/** GET {origin}/api/widget/{slug}: the one request behind a widget. */
export function widgetDataUrl(origin: string, slug: string): string {
  return `${origin}/api/widget/${encodeURIComponent(slug)}`;
}

/** The snippet of SPEC §2: a script tag pointing to /widget.js with data-widget, after the preload of its data. */
export function scriptSnippet(origin: string, slug: string): string {
  return [
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(widgetDataUrl(origin, slug))}">`,
    `<script src="${escapeHtml(origin)}/widget.js" data-widget="${escapeHtml(slug)}" async></script>`,
  ].join('\n');
}

/** The fallback for site builders that refuse scripts; /embed/{slug} serves the same widget as a page. */
export function iframeSnippet(origin: string, slug: string): string {
  return `<iframe src="${escapeHtml(origin)}/embed/${encodeURIComponent(slug)}" title="Customer testimonials" width="100%" height="460" style="border:0;width:100%" loading="lazy"></iframe>`;
}
