// Calendar days as YYYY-MM-DD strings, and the day an instant falls on in a time zone: what analytics counts in
// (docs/product/analytics.md). One copy for the server's write path and reports, the range schema and the screen.
import { DAY_MS } from './time.js';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormatOf(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      // A zone this runtime does not know counts in UTC rather than failing.
      format = dayFormatOf('UTC');
    }
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day of `instant` in `timeZone` (UTC for a zone this runtime does not know). */
export function localDay(instant: Date, timeZone: string): string {
  const parts = dayFormatOf(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The date `days` calendar days after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date(dayStart(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both included. */
export const daysFromTo = (from: string, to: string): number =>
  Math.round((dayStart(to) - dayStart(from)) / DAY_MS) + 1;

/** Every date from `from` to `to`, in order. */
export function datesFromTo(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}
