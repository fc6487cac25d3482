// The no-script fallback (GET /embed/:slug): one complete, self-contained HTML
// page for an <iframe>, with the testimonials as escaped HTML from
// renderStaticHtml. No script at all; its own CSP lets any site frame it.
import type { PublicWidget } from '../../../shared/schemas/widget.js';
import { FONT_OPTIONS, normalizeWidgetSettings } from '../../../shared/widget-data.js';
import { escapeHtml, renderStaticHtml } from '../../../shared/widget-static-html.js';

/** Framable by any site; nothing but our inline styles, fonts and images may load. */
export const EMBED_CSP = [
  "default-src 'none'",
  "img-src 'self' https: data:",
  "style-src 'unsafe-inline' https://fonts.googleapis.com",
  'font-src https://fonts.gstatic.com',
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

const FONT_PX = { sm: 14, base: 16, lg: 18 } as const;
const SYSTEM_FONTS = 'system-ui,"Segoe UI",Roboto,Arial,sans-serif';
const FALLBACK_ACCENT = '#2563EB';

/**
 * A font-family value that cannot break out of the stylesheet: only a known
 * font's name goes in (used if the visitor has it; the page downloads no font),
 * anything else is the system font, as in the widget.
 */
function fontFamilyOf(fontFamily: string): string {
  const key = fontFamily.trim().toLowerCase();
  if (!(FONT_OPTIONS as readonly string[]).includes(key)) return SYSTEM_FONTS;
  const name = key === 'pt sans' ? 'PT Sans' : key.replace(/\b\w/g, (c) => c.toUpperCase());
  const fallback = key === 'georgia' || key === 'times new roman' ? 'Georgia,serif' : SYSTEM_FONTS;
  return `"${name}",${fallback}`;
}

export type EmbedPageOptions = { productName: string; baseUrl: string };

export function renderEmbedPage(widget: PublicWidget, options: EmbedPageOptions): string {
  // Every value below is a validated colour, a fixed size or a known font name.
  const s = normalizeWidgetSettings(widget.settings);
  const accent = /^#f{6}$/i.test(s.backgroundColor) ? FALLBACK_ACCENT : s.textColor;
  const title = s.headerText || `Testimonials for ${widget.business.name}`;
  const css = [
    `html{background:${s.backgroundColor};color:${s.textColor};font:400 ${FONT_PX[s.fontSize]}px/1.5 ${fontFamilyOf(s.fontFamily)}}`,
    'body{margin:0;padding:1em}',
    '.vouchly-static{display:flex;flex-direction:column;gap:.75em;max-width:48em;margin:0 auto}',
    'h2{margin:0;font-size:1.375em;line-height:1.3}',
    '.vouchly-business{margin:0;font-weight:700;opacity:.8}',
    `figure{margin:0;padding:1.25em;border:1px solid rgba(0,0,0,.1);border-radius:.75em;background:${s.innerContainerColor}}`,
    `.vouchly-rating{margin:0 0 .5em;color:${accent};font-weight:700;font-size:.875em}`,
    'blockquote{margin:0 0 .75em}blockquote p{margin:0;white-space:pre-line;overflow-wrap:anywhere}',
    'figcaption span{opacity:.75;font-size:.875em}',
    '.vouchly-branding{margin:0;font-size:.75em;opacity:.65}.vouchly-branding a{color:inherit}',
  ].join('');
  const body = widget.testimonials.length
    ? renderStaticHtml(widget, { ...options, limit: widget.testimonials.length })
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><meta name="referrer" content="strict-origin-when-cross-origin"><title>${escapeHtml(title)}</title><style>${css}</style></head><body>${body}</body></html>`;
}

export const EMBED_NOT_FOUND_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Not found</title><style>body{margin:0;padding:1em;font:14px/1.5 system-ui,sans-serif;color:#6b7280}</style></head><body><p>These testimonials could not be found.</p></body></html>';
