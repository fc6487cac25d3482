// The widget as plain, escaped HTML: the server puts it in the no-script page
// (/embed/{slug}) so the testimonials are in the document without JavaScript.
// The same cards as the widget script, from the same renderer
// (widget-card.ts) and for the same stylesheet (widget-styles.ts), in a list
// instead of a carousel (the embed page lays it out as a row). It lives in shared/ because the
// server may not import src/widget.
import type { PublicWidget } from './schemas/widget.js';
import { brandingMarkup, cardMarkup, headerMarkup, inviteMarkup } from './widget-card.js';
import { normalizePublicWidget } from './widget-data.js';
import { el, escapeHtml, toHtml } from './widget-markup.js';

export { escapeHtml };

export type StaticHtmlOptions = {
  /** Shown as "Powered by {productName}" when settings.showBranding is on. */
  productName: string;
  /** The branding link; falls back to baseUrl. */
  homeUrl?: string;
  /** Origin of the Vouchly server: relative image URLs resolve against it. */
  baseUrl?: string;
  /** How many testimonials to include (default 3). */
  limit?: number;
};

/**
 * The first testimonial(s) as escaped, dependency-free HTML, honouring the
 * show flags: a `section.w` with the header, a `.ls` list of `figure.cd`
 * cards (each with its testimonial's `data-id`) and the branding. With none, the invitation to leave the first one
 * instead of the list (as the widget shows it), or nothing when that is
 * turned off. Every value from the data is escaped; links and images are
 * http(s) only.
 */
export function renderStaticHtml(data: PublicWidget, options: StaticHtmlOptions): string {
  const widget = normalizePublicWidget(data);
  const { settings: s, testimonials } = widget;
  const baseUrl = options.baseUrl ?? '';
  if (!testimonials.length && !s.showInvite) return '';
  const cards = testimonials.slice(0, Math.max(0, options.limit ?? 3)).map((t) => {
    const card = cardMarkup(t, s, { baseUrl, mode: 'static' });
    // Which testimonial the card's impression, time and clicks count for (src/widget/attention.ts, run on the
    // no-script page by src/widget/embed-count.ts), as the widget's cards have it (src/widget/card.ts).
    return { ...card, attrs: { ...card.attrs, 'data-id': t.id } };
  });
  return toHtml(
    el('section', { class: 'w', 'aria-label': s.headerText || 'Testimonials' }, [
      headerMarkup(widget, s, baseUrl),
      testimonials.length ? el('div', { class: 'ls' }, cards) : inviteMarkup(widget, baseUrl),
      s.showBranding && brandingMarkup(options.productName, options.homeUrl || options.baseUrl),
    ]),
  );
}
