// Colours (SPEC §3): outer background, card (inner container) and text come
// from the settings. The accent (stars, buttons, dots, focus ring) is #2563EB
// when the background is white; on any other background the owner has picked a
// text colour that reads well on it, so the accent is that text colour.
import type { WidgetSettings } from '../shared/schemas/widget';

export const FALLBACK_ACCENT = '#2563EB';
const FONT_PX = { sm: 14, base: 16, lg: 18 } as const;

export const accentColor = (s: WidgetSettings): string =>
  /^#f{6}$/i.test(s.backgroundColor) ? FALLBACK_ACCENT : s.textColor;

/** #RRGGBB (already validated) at the given opacity. */
function alpha(hex: string, opacity: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${n >> 16},${(n >> 8) & 255},${n & 255},${opacity})`;
}

/** CSS custom properties of the widget root, read by styles.ts (every value is a validated colour or a constant). */
export function themeVariables(s: WidgetSettings, fontFamily: string): string {
  const accent = accentColor(s);
  const fg = s.textColor;
  return `--bg:${s.backgroundColor};--card:${s.innerContainerColor};--fg:${fg};--ac:${accent};--ac1:${alpha(accent, 0.12)};--ln:${alpha(fg, 0.12)};--ln2:${alpha(fg, 0.25)};--fs:${FONT_PX[s.fontSize] ?? 16}px;--ff:${fontFamily}`;
}
