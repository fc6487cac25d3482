// The "Schedule" time: a date-time input gives the owner's local wall time
// ("2026-12-01T09:00"); the API takes an instant with its offset.

const pad = (value: number) => String(Math.trunc(Math.abs(value))).padStart(2, '0');

/** `date` as the owner's local time with its UTC offset: 2026-12-01T09:00:00+01:00. */
export function toOffsetIso(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

/** A date-time input's value for `date` (local, to the minute). */
export function toLocalInputValue(date: Date): string {
  return toOffsetIso(date).slice(0, 16);
}

/** The instant a date-time input's value names, or null when it names none. */
export function fromLocalInputValue(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
