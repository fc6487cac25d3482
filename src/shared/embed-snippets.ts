// The embed snippets a business copies from its Widget page (docs/product/widget.md#widget-settings-screen), used
// as they are by the landing page's demo, the e2e host pages and the bench,
// so what is tested is what owners paste.
//
// The script snippet starts the data request with the page: the preload link
// fetches GET /api/widget/{slug} while widget.js itself loads, and the
// widget's own fetch (cors, credentials same-origin: no cookie to another
// origin) takes that answer instead of asking again. The link's
// crossorigin="anonymous" is what makes the two requests match; the answer's
// `max-age=0` makes every page view revalidate it (a cheap 304).
//
// Both snippets keep the widget's place before anything loads: the script tag
// stands in the widget's box, and the iframe is as tall, at the height the
// settings need (widget-box.ts). The widget fills that box and never grows,
// so the page around it never moves (docs/decisions/0019).
import type { WidgetSettings } from './schemas/widget.js';
import { widgetBoxHeight } from './widget-box.js';
import { escapeHtml } from './widget-markup.js';

/** The element the widget lives in on a page: the snippet's box, or one the script adds. */
export const WIDGET_BOX_ELEMENT = 'vouchly-widget';

/** GET {origin}/api/widget/{slug}: the one request behind a widget. */
export function widgetDataUrl(origin: string, slug: string): string {
  return `${origin}/api/widget/${encodeURIComponent(slug)}`;
}

/** The box's inline style: a block as tall as the widget with these settings. */
export const widgetBoxStyle = (settings: WidgetSettings): string =>
  `display:block;height:${widgetBoxHeight(settings)}px`;

/**
 * The snippet of docs/product/widget.md#widget-settings-screen: a script tag pointing to /widget.js with
 * data-widget, after the preload of its data, inside the widget's box.
 */
export function scriptSnippet(origin: string, slug: string, settings: WidgetSettings): string {
  return [
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(widgetDataUrl(origin, slug))}">`,
    `<${WIDGET_BOX_ELEMENT} style="${widgetBoxStyle(settings)}"><script src="${escapeHtml(origin)}/widget.js" data-widget="${escapeHtml(slug)}" async></script></${WIDGET_BOX_ELEMENT}>`,
  ].join('\n');
}

/** The fallback for site builders that refuse scripts; /embed/{slug} serves the same widget as a page of the box's height. */
export function iframeSnippet(origin: string, slug: string, settings: WidgetSettings): string {
  return `<iframe src="${escapeHtml(origin)}/embed/${encodeURIComponent(slug)}" title="Customer testimonials" width="100%" height="${widgetBoxHeight(settings)}" style="border:0;width:100%" loading="lazy"></iframe>`;
}
