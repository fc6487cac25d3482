// The widget's look from its settings, as CSS custom properties read by the
// one stylesheet (widget-styles.ts), for the widget script and the no-script
// page alike. Colours (docs/product/widget.md#widget-settings): outer background, card (inner container) and
// text come from the settings. The accent (stars, buttons, dots, focus ring)
// is #2563EB when the background is white; on any other background the owner
// has picked a text colour that reads well on it, so the accent is that text
// colour. Fonts (docs/product/widget.md#fonts-and-colours): the default, inter, is a system-ui
// stack with Inter first; the web-safe ones (arial, helvetica, georgia, times
// new roman) are on every system; the 11 others come from Google Fonts, one
// stylesheet per family. An unknown id renders in the system font.
import type { WidgetSettings } from './schemas/widget.js';
import { FONT_OPTIONS } from './widget-data.js';

const FALLBACK_ACCENT = '#2563EB';
const FONT_PX = { sm: 14, base: 16, lg: 18 } as const;

// system-ui covers every browser the es2020 build runs in; the rest is for odd setups.
const SYSTEM = 'system-ui,"Segoe UI",Roboto,Arial,sans-serif';
const SERIF = 'Georgia,serif';
/** Family names that are not the id in title case. Source Sans Pro was renamed upstream. */
const NAMES: Record<string, string> = { 'pt sans': 'PT Sans', 'source sans pro': 'Source Sans 3' };
/** FONT_OPTIONS[1..11] come from Google Fonts; 12-13 are web-safe sans, 14-15 web-safe serif. */
const LAST_GOOGLE = 11;
const FIRST_SERIF = 14;

const GOOGLE_FONTS_CSS = 'https://fonts.googleapis.com/css2';

const find = (id: string) => {
  const key = id
    .trim()
    .toLowerCase()
    .replace(/[-_+\s]+/g, ' ');
  return {
    index: FONT_OPTIONS.indexOf(key as (typeof FONT_OPTIONS)[number]),
    name: NAMES[key] ?? key.replace(/\b\w/g, (c) => c.toUpperCase()),
  };
};

/** The font-family value for a settings fontFamily: only a known family's name ever goes in. */
export function fontStack(id: string): string {
  const { index, name } = find(id);
  return index < 0 ? SYSTEM : `"${name}",${index < FIRST_SERIF ? SYSTEM : SERIF}`;
}

/** The stylesheet URL for a font that must be downloaded, else null. Only weights 400 and 700 are used (all 11 have both). */
export function fontStylesheetUrl(id: string): string | null {
  const { index, name } = find(id);
  return index > 0 && index <= LAST_GOOGLE
    ? `${GOOGLE_FONTS_CSS}?family=${name.replace(/ /g, '+')}:wght@400;700&display=swap`
    : null;
}

/** The widget's font size in px (sm, base, lg). */
export const widgetFontPx = (s: Pick<WidgetSettings, 'fontSize'>): number =>
  // A size this list does not know (an older row, a hand-made request) reads as base.
  (FONT_PX as Partial<Record<string, number>>)[s.fontSize] ?? 16;

const accentColor = (s: WidgetSettings): string =>
  /^#f{6}$/i.test(s.backgroundColor) ? FALLBACK_ACCENT : s.textColor;

/** #RRGGBB (already validated) at the given opacity. */
function alpha(hex: string, opacity: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${n >> 16},${(n >> 8) & 255},${n & 255},${opacity})`;
}

/** CSS custom properties of the widget root, for normalised settings (every value is a validated colour, a constant or a known font name). */
export function themeVariables(s: WidgetSettings): string {
  const accent = accentColor(s);
  const fg = s.textColor;
  return `--bg:${s.backgroundColor};--card:${s.innerContainerColor};--fg:${fg};--ac:${accent};--ac1:${alpha(accent, 0.12)};--ln:${alpha(fg, 0.12)};--ln2:${alpha(fg, 0.25)};--fs:${widgetFontPx(s)}px;--ff:${fontStack(s.fontFamily)}`;
}
