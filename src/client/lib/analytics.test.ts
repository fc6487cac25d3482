import { describe, expect, it } from 'vitest';
import {
  changeOf,
  changeSpeech,
  formatChangeAmount,
  lastDays,
  rangeLength,
  type Figure,
} from './analytics';

const count = (current: number, previous: number): Figure => ({
  key: 'impressions',
  label: 'Impressions',
  kind: 'count',
  current,
  previous,
});
const rate = (current: number | null, previous: number | null): Figure => ({
  key: 'interactionRate',
  label: 'Interaction rate',
  kind: 'rate',
  current,
  previous,
});

describe('the days of a range', () => {
  // 2026-11-29 23:30 UTC: already the 30th in Auckland, still the 29th in Los Angeles.
  const now = new Date('2026-11-29T23:30:00Z');

  it('ends the last N days on today, today included', () => {
    expect(lastDays(7, 'Pacific/Auckland', now)).toEqual({ from: '2026-11-24', to: '2026-11-30' });
    expect(lastDays(30, 'UTC', now)).toEqual({ from: '2026-10-31', to: '2026-11-29' });
    expect(rangeLength(lastDays(90, 'UTC', now))).toBe(90);
  });
});

describe('the change of a figure against the period before', () => {
  it('gives a count’s change in percent of the previous value', () => {
    expect(changeOf(count(150, 100))).toEqual({ direction: 'up', amount: 50, unit: '%' });
    expect(changeOf(count(25, 100))).toEqual({ direction: 'down', amount: 75, unit: '%' });
    expect(changeOf(count(7, 7))).toEqual({ direction: 'same' });
    expect(changeOf(count(0, 0))).toEqual({ direction: 'same' });
    expect(changeOf(count(3, 0))).toEqual({ direction: 'new' });
  });

  it('gives a rate’s change in percentage points, and none without impressions before', () => {
    const up = changeOf(rate(12.5, 10));
    expect(up).toEqual({ direction: 'up', amount: 2.5, unit: 'pts' });
    expect(changeOf(rate(5, null))).toEqual({ direction: 'new' });
    expect(changeOf(rate(null, null))).toEqual({ direction: 'same' });
  });

  it('rounds small changes up to "less than one" instead of showing 0', () => {
    expect(formatChangeAmount(0.2, '%')).toBe('<1%');
    expect(formatChangeAmount(12.4, '%')).toBe('12%');
    expect(formatChangeAmount(1234.6, '%')).toBe('1,235%');
    expect(formatChangeAmount(0.01, 'pts')).toBe('<0.1 pts');
    expect(formatChangeAmount(2.46, 'pts')).toBe('2.5 pts');
  });

  it('reads well to a screen reader', () => {
    const figure = count(1500, 1204);
    expect(changeSpeech(figure, changeOf(figure), 30)).toBe(
      'Up 25% from 1,204 in the previous 30 days',
    );
    expect(changeSpeech(count(0, 0), { direction: 'same' }, 7)).toBe(
      'No change from the previous 7 days',
    );
    expect(changeSpeech(count(4, 0), { direction: 'new' }, 1)).toBe(
      'New: none in the previous day',
    );
    const fell = rate(3, 3.04);
    expect(changeSpeech(fell, changeOf(fell), 7)).toBe(
      'Down less than 0.1 percentage points from 3.0% in the previous 7 days',
    );
  });
});
