// Small pure formatters shared by the widget renderer, its no-script HTML and
// the dashboard (docs/product/testimonials.md#testimonials-screen: initials of up to 2 words; docs/product/limits.md: 5 rating stars).
import { INITIALS_MAX_LETTERS, RATING_MAX } from './constants.js';

/** First letters of up to 2 words, uppercase ("ada lovelace king" -> "AL"); "?" for an empty name. */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, INITIALS_MAX_LETTERS)
    // Array.from keeps a letter outside the BMP (emoji, CJK extensions) whole.
    .map((word) => Array.from(word)[0] ?? '')
    .join('');
  return letters.toUpperCase() || '?';
}

export const ratingLabel = (rating: number): string => `Rated ${rating} out of ${RATING_MAX}`;

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/**
 * The date as "Mar 3, 2025" (en-US, like the rest of the widget's words), in
 * the reader's time zone, or '' when the value is not a date. Written out by
 * hand, not with Intl: the first Intl call of a page loads ICU's data, about
 * 15-20 ms in Chromium, which was most of the widget's time from its data to
 * the first card on screen.
 */
export function formatWidgetDate(iso: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** `url` resolved against `base`, only when it is http(s); anything else (javascript:, data:, garbage) is null. */
export function safeHttpUrl(url: string | null | undefined, base?: string): string | null {
  if (!url) return null;
  try {
    const resolved = new URL(url, base);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : null;
  } catch {
    return null;
  }
}
