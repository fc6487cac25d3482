import { describe, expect, it } from 'vitest';
import { addDays, datesFromTo, daysFromTo, localDay } from './calendar-days.js';

describe('localDay', () => {
  it("is the business's calendar day", () => {
    const lateUtc = new Date('2026-03-02T23:30:00Z');
    expect(localDay(lateUtc, 'UTC')).toBe('2026-03-02');
    expect(localDay(lateUtc, 'Pacific/Auckland')).toBe('2026-03-03');
    expect(localDay(new Date('2026-03-02T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-01');
  });

  it('counts in UTC for a zone the runtime does not know', () => {
    expect(localDay(new Date('2026-03-02T23:30:00Z'), 'Mars/Olympus_Mons')).toBe('2026-03-02');
  });
});

describe('the days of a range', () => {
  // 2026-11-29 23:30 UTC: already the 30th in Auckland, still the 29th in Los Angeles.
  const now = new Date('2026-11-29T23:30:00Z');

  it('takes today in the business’s time zone, not the browser’s', () => {
    expect(localDay(now, 'Pacific/Auckland')).toBe('2026-11-30');
    expect(localDay(now, 'America/Los_Angeles')).toBe('2026-11-29');
    expect(localDay(now, 'Not/AZone')).toBe('2026-11-29');
  });

  it('moves across months, years and a daylight-saving change by calendar days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('counts and lists the days from one date to another, both included', () => {
    expect(daysFromTo('2026-02-27', '2026-03-01')).toBe(3);
    expect(datesFromTo('2026-12-31', '2027-01-01')).toEqual(['2026-12-31', '2027-01-01']);
    expect(daysFromTo('2026-03-28', '2026-03-30')).toBe(3);
  });
});
