// The business's time zone (docs/product/business.md#time-zone): the browser's at sign-up, a setting after.
import { knownTimeZone } from '../../shared/schemas/fields';

/** The browser's time zone, as the server would take it; null when it names none the server knows. */
export function browserTimeZone(): string | null {
  return knownTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** `{ timeZone }` of the browser, to send with a new business; empty when it has none to send. */
export function browserTimeZoneField(): { timeZone?: string } {
  const zone = browserTimeZone();
  return zone ? { timeZone: zone } : {};
}

/** Every time zone the browser knows, in order, with UTC and `current` among them even where the list leaves them out. */
export function timeZoneChoices(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}
