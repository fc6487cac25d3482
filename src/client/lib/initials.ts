import { INITIALS_MAX_LETTERS } from '../../shared/constants';

/**
 * The initials shown instead of a missing or broken photo (docs/product/testimonials.md#testimonials-screen): the first
 * letter of each of the first two words, uppercase. "" when there are none.
 */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, INITIALS_MAX_LETTERS)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}
