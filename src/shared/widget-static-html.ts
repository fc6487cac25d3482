// The widget as plain, escaped HTML: the server puts it in the no-script page
// (/embed/{slug}) so the testimonial text is in the document without
// JavaScript. It lives in shared/ because the server may not import src/widget.
import type { PublicWidget } from './schemas/widget.js';
import { formatWidgetDate, ratingLabel, safeHttpUrl } from './widget-format.js';
import { normalizePublicWidget } from './widget-data.js';

export type StaticHtmlOptions = {
  /** Shown as "Powered by {productName}" when settings.showBranding is on. */
  productName: string;
  /** The branding link; falls back to baseUrl. */
  homeUrl?: string;
  baseUrl?: string;
  /** How many testimonials to include (default 3). */
  limit?: number;
  /** Date locale (default en-US, so the server's output does not depend on its machine). */
  locale?: string;
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * The first testimonial(s) as escaped, dependency-free HTML, honouring the
 * show flags. Every value from the data is escaped; links are http(s) only.
 */
export function renderStaticHtml(data: PublicWidget, options: StaticHtmlOptions): string {
  const { business, settings: s, testimonials } = normalizePublicWidget(data);
  const e = escapeHtml;
  const label = s.headerText || 'Testimonials';
  const parts = [`<section class="vouchly-static" aria-label="${e(label)}">`];
  if (s.showBusinessName && business.name)
    parts.push(`<p class="vouchly-business">${e(business.name)}</p>`);
  if (s.headerText)
    parts.push(`<h2 style="text-align:${s.headerAlignment}">${e(s.headerText)}</h2>`);
  for (const t of testimonials.slice(0, Math.max(0, options.limit ?? 3))) {
    const meta = [
      t.authorBusinessName,
      s.showLocation ? t.authorLocation : null,
      s.showDates ? formatWidgetDate(t.date, options.locale ?? 'en-US') : null,
    ].filter(Boolean) as string[];
    parts.push(
      '<figure>',
      s.showRatings && t.rating > 0
        ? `<p class="vouchly-rating">${e(ratingLabel(t.rating))}</p>`
        : '',
      `<blockquote><p>${e(t.content)}</p></blockquote>`,
      `<figcaption><strong>${e(t.authorName)}</strong>${meta.length ? ` <span>${e(meta.join(' · '))}</span>` : ''}</figcaption>`,
      '</figure>',
    );
  }
  const home = s.showBranding ? safeHttpUrl(options.homeUrl || options.baseUrl) : null;
  if (s.showBranding) {
    const text = e(`Powered by ${options.productName}`);
    parts.push(
      `<p class="vouchly-branding">${home ? `<a href="${e(home)}" target="_blank" rel="noopener">${text}</a>` : text}</p>`,
    );
  }
  parts.push('</section>');
  return parts.join('');
}
