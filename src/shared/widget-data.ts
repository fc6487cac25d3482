// Widget settings defaults, font options and the tolerant readers of the public
// widget payload (docs/product/widget.md#widget-settings). Pure values without Zod, so the
// embeddable widget can bundle them; src/shared/schemas/widget.ts is the strict
// contract and re-exports these.
import type { PublicWidget, PublicWidgetTestimonial, WidgetSettings } from './schemas/widget.js';

/** docs/product/widget.md#widget-settings, in the picker's order; the first is the default (no download). */
export const FONT_OPTIONS = [
  'inter',
  'roboto',
  'open sans',
  'lato',
  'montserrat',
  'poppins',
  'nunito',
  'source sans pro',
  'pt sans',
  'raleway',
  'rubik',
  'ubuntu',
  'arial',
  'helvetica',
  'georgia',
  'times new roman',
] as const;

export const WIDGET_FONT_SIZES = ['sm', 'base', 'lg'] as const;
export const WIDGET_HEADER_ALIGNMENTS = ['left', 'center', 'right'] as const;
export const WIDGET_HEADER_TEXT_MAX = 120;
export const WIDGET_FONT_FAMILY_MAX = 100;

/** Hex colour as stored: #RRGGBB, any case. */
export const HEX_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

export const WIDGET_SETTINGS_DEFAULTS = {
  layout: 'carousel',
  backgroundColor: '#FFFFFF',
  innerContainerColor: '#FFFFFF',
  textColor: '#1F2937',
  fontFamily: 'inter',
  fontSize: 'base',
  showRatings: true,
  showDates: true,
  showLocation: true,
  showBranding: false,
  autoRotate: true,
  showPersonalPhotos: true,
  showBeforeAfterPhotos: true,
  showProductImages: true,
  showBusinessName: false,
  showInvite: true,
  showSources: false,
  headerText: '',
  headerAlignment: 'left',
} as const satisfies WidgetSettings;

type Loose = Record<string, unknown>;

const record = (value: unknown): Loose =>
  value && typeof value === 'object' ? (value as Loose) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value ? value : null;
const oneOf = <T extends string>(value: unknown, options: readonly T[], fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/**
 * Any stored or received settings object to complete, valid settings: missing,
 * null or malformed fields take their default (so unset show flags read as
 * true, showBusinessName as false), 'md' reads as 'base'.
 */
export function normalizeWidgetSettings(input: unknown): WidgetSettings {
  const raw = record(input);
  const d = WIDGET_SETTINGS_DEFAULTS;
  const settings: Record<string, unknown> = { ...d };
  // Booleans: every show flag and autoRotate, each defaulting as docs/product/widget.md#widget-settings says.
  for (const key in d) {
    if (typeof d[key as keyof typeof d] === 'boolean' && typeof raw[key] === 'boolean')
      settings[key] = raw[key];
  }
  for (const key of ['backgroundColor', 'innerContainerColor', 'textColor'] as const) {
    const value = text(raw[key]).trim();
    if (HEX_COLOR_PATTERN.test(value)) settings[key] = value;
  }
  return {
    ...(settings as WidgetSettings),
    fontFamily: text(raw.fontFamily).trim().slice(0, WIDGET_FONT_FAMILY_MAX) || d.fontFamily,
    fontSize: oneOf(raw.fontSize === 'md' ? 'base' : raw.fontSize, WIDGET_FONT_SIZES, d.fontSize),
    headerText: text(raw.headerText).trim().slice(0, WIDGET_HEADER_TEXT_MAX),
    headerAlignment: oneOf(raw.headerAlignment, WIDGET_HEADER_ALIGNMENTS, d.headerAlignment),
  };
}

const TEXT_FIELDS = ['id', 'authorName', 'content', 'date'] as const;
const NULLABLE_FIELDS = [
  'authorBusinessName',
  'authorLocation',
  'authorImageUrl',
  'beforeImageUrl',
  'afterImageUrl',
] as const;

function normalizeTestimonial(input: unknown): PublicWidgetTestimonial {
  const raw = record(input);
  const testimonial: Record<string, unknown> = {};
  for (const key of TEXT_FIELDS) testimonial[key] = text(raw[key]).trim();
  for (const key of NULLABLE_FIELDS) testimonial[key] = textOrNull(raw[key]);
  const urls = raw.productImageUrls;
  testimonial.productImageUrls = Array.isArray(urls)
    ? urls.filter((url): url is string => !!text(url))
    : [];
  // Whole stars from 0 to 5: anything else (a string, NaN, 7, -1) would break the star row.
  testimonial.rating = Math.max(0, Math.min(5, Math.round(Number(raw.rating)) || 0));
  const source = record(raw.source);
  const name = text(source.name).trim();
  if (name) testimonial.source = { name, url: textOrNull(source.url) };
  return testimonial as PublicWidgetTestimonial;
}

/**
 * The payload of GET /api/widget/{slug} (or a preview's data) made safe to
 * render whatever arrived: wrong types become empty values, and testimonials
 * without any text are dropped. The widget never trusts the network.
 */
export function normalizePublicWidget(input: unknown): PublicWidget {
  const raw = record(input);
  const business = record(raw.business);
  const testimonials = Array.isArray(raw.testimonials) ? raw.testimonials : [];
  const productName = text(raw.productName).trim();
  return {
    ...(productName ? { productName } : {}),
    business: {
      name: text(business.name),
      logoUrl: textOrNull(business.logoUrl),
      collectionSlug: text(business.collectionSlug),
    },
    settings: normalizeWidgetSettings(raw.settings),
    testimonials: testimonials.map(normalizeTestimonial).filter((t) => t.content || t.authorName),
  };
}
