import { describe, expect, it } from 'vitest';
import { formatWidgetDate } from './widget-format.js';

describe('formatWidgetDate', () => {
  it('writes the date as en-US "medium" does, in the local time zone, without Intl', () => {
    for (const iso of [
      '2025-03-03T12:00:00.000Z',
      '2024-12-31T10:00:00Z',
      '2026-07-09T23:59:00+02:00',
    ]) {
      const expected = new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
      expect(formatWidgetDate(iso)).toBe(expected);
    }
  });

  it('is empty for a missing or malformed date', () => {
    expect(formatWidgetDate('')).toBe('');
    expect(formatWidgetDate('not a date')).toBe('');
  });
});
