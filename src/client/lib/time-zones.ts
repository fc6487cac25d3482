// The business's time zone (docs/product/business.md#time-zone): the browser's at sign-up, a setting after.
import { knownTimeZone } from '../../shared/schemas/fields';

/** `{ timeZone }` of the browser, to send with a new business; empty when it names none the server would take. */
export function browserTimeZone(): { timeZone?: string } {
  const zone = knownTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return zone ? { timeZone: zone } : {};
}

/** Every time zone the browser knows, in order, with UTC and `current` among them even where the list leaves them out. */
export function timeZoneChoices(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}
