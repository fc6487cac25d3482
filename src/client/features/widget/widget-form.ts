// Pure helpers of the widget settings screen: the form's values, what the live
// preview renders while the owner types, and the contrast hint.
import {
  SAMPLE_TESTIMONIALS,
  type PublicWidget,
  type WidgetSettings,
  type WidgetSettingsInput,
} from '../../../shared/schemas/widget';
import type { OwnerWidgetSettings } from '../../../shared/schemas/widget-settings';
import type { Testimonial } from '../../../shared/schemas/testimonials';
import { toWidgetTestimonial } from '../../../shared/widget-testimonial';
import {
  FONT_OPTIONS,
  HEX_COLOR_PATTERN,
  normalizeWidgetSettings,
} from '../../../shared/widget-data';

export type WidgetFormValues = WidgetSettingsInput;

export const COLOR_FIELDS = ['backgroundColor', 'innerContainerColor', 'textColor'] as const;
export type ColorField = (typeof COLOR_FIELDS)[number];

/**
 * A stored font as the picker's option when it is one in another spelling
 * ("Open-Sans" is "open sans", as the widget reads it); an unknown font as it is.
 */
function canonicalFont(fontFamily: string): string {
  const key = fontFamily
    .trim()
    .toLowerCase()
    .replace(/[-_+\s]+/g, ' ');
  return (FONT_OPTIONS as readonly string[]).includes(key) ? key : fontFamily.trim();
}

export const isKnownFont = (fontFamily: string): boolean =>
  (FONT_OPTIONS as readonly string[]).includes(fontFamily);

/** The stored settings as form values (everything but updatedAt). */
export function toFormValues(settings: OwnerWidgetSettings | WidgetSettings): WidgetFormValues {
  const { updatedAt: _updatedAt, ...values } = { updatedAt: null, ...settings };
  return { ...values, fontFamily: canonicalFont(values.fontFamily) };
}

/**
 * What the preview shows for the form as it is right now. A colour half typed
 * ("#1F2") keeps the last saved colour instead of flashing to the default.
 */
export function previewSettings(
  values: Partial<WidgetFormValues>,
  saved: WidgetSettings,
): WidgetSettings {
  const next: Record<string, unknown> = { ...saved, ...values };
  for (const key of COLOR_FIELDS) {
    const value = (values[key] ?? '').trim();
    next[key] = HEX_COLOR_PATTERN.test(value) ? value : saved[key];
  }
  return normalizeWidgetSettings(next);
}

/** The preview's data: the approved testimonials, else the 4 samples (docs/product/widget.md#widget-settings-screen). */
export function previewWidgetData(
  business: PublicWidget['business'],
  settings: WidgetSettings,
  approved: readonly Testimonial[],
): { data: PublicWidget; usesSamples: boolean } {
  const usesSamples = approved.length === 0;
  return {
    usesSamples,
    data: {
      business,
      settings,
      testimonials: usesSamples
        ? [...SAMPLE_TESTIMONIALS]
        : approved.map((t) => toWidgetTestimonial(t)),
    },
  };
}

/** WCAG 2 relative luminance of #RRGGBB. */
function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio (1 to 21) of two #RRGGBB colours; null when either is not one. */
export function contrastRatio(a: string, b: string): number | null {
  if (!HEX_COLOR_PATTERN.test(a) || !HEX_COLOR_PATTERN.test(b)) return null;
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for body text. */
export const MIN_TEXT_CONTRAST = 4.5;
