import { describe, expect, it } from 'vitest';
import { fromLocalInputValue, toLocalInputValue, toOffsetIso } from './send-at';

describe('the schedule time', () => {
  it('says the local time with its offset, the same instant', () => {
    const date = new Date(2026, 11, 1, 9, 30);
    const iso = toOffsetIso(date);
    expect(iso).toMatch(/^2026-12-01T09:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso).getTime()).toBe(date.getTime());
  });

  it('reads a date-time input value as local time, and nothing else', () => {
    const date = fromLocalInputValue('2026-12-01T09:30');
    expect(date?.getHours()).toBe(9);
    expect(date && toLocalInputValue(date)).toBe('2026-12-01T09:30');
    expect(fromLocalInputValue('')).toBeNull();
    expect(fromLocalInputValue('tomorrow')).toBeNull();
  });
});
