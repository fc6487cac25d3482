// Font family ids (SPEC §3 FONT_OPTIONS) to CSS stacks. The default, inter,
// is a system-ui stack with Inter first: nothing is downloaded. The web-safe
// ones (arial, helvetica, georgia, times new roman) are on every system and
// not on Google Fonts either, so they load nothing. The 11 others are fetched
// with ONE stylesheet link per family, added once to document.head. An unknown
// id renders in the system font and loads nothing.
import { FONT_OPTIONS } from '../shared/widget-data';

// system-ui covers every browser the es2020 build runs in; the rest is for odd setups.
const SYSTEM = 'system-ui,"Segoe UI",Roboto,Arial,sans-serif';
const SERIF = 'Georgia,serif';
/** Family names that are not the id in title case. Source Sans Pro was renamed upstream. */
const NAMES: Record<string, string> = { 'pt sans': 'PT Sans', 'source sans pro': 'Source Sans 3' };
/** FONT_OPTIONS[1..11] come from Google Fonts; 12-13 are web-safe sans, 14-15 web-safe serif. */
const LAST_GOOGLE = 11;
const FIRST_SERIF = 14;

export const GOOGLE_FONTS_CSS = 'https://fonts.googleapis.com/css2';

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

/** The font-family value for a settings fontFamily. */
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

/** Adds the font's stylesheet link to document.head unless it is there already. */
export function loadFont(id: string): void {
  const href = fontStylesheetUrl(id);
  if (!href || document.head.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}
