import { describe, expect, it } from 'vitest';
import { formatMinorUnits, formatUnixDate } from './billing-format.js';

describe('billing formats', () => {
  it('shows minor units as amount/100 in the currency', () => {
    expect(formatMinorUnits(4900, 'usd')).toBe('$49.00');
    expect(formatMinorUnits(1999, 'EUR')).toBe('€19.99');
    expect(formatMinorUnits(4900, 'zzz1')).toBe('49.00 ZZZ1');
  });

  it('shows unix seconds as a long date in the given time zone', () => {
    expect(formatUnixDate(1_795_478_400, 'UTC')).toBe('November 24, 2026');
    expect(formatUnixDate(1_795_478_400 - 1, 'UTC')).toBe('November 23, 2026');
  });
});
