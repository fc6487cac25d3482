import { describe, expect, it } from 'vitest';
import type { WidgetSettings } from './schemas/widget';
import { widgetBoxHeight } from './widget-box';
import { WIDGET_SETTINGS_DEFAULTS } from './widget-data';

const base: WidgetSettings = {
  ...WIDGET_SETTINGS_DEFAULTS,
  showProductImages: false,
  showBeforeAfterPhotos: false,
};
const height = (changes: Partial<WidgetSettings>) => widgetBoxHeight({ ...base, ...changes });

describe('widgetBoxHeight', () => {
  it('fits the default card: stars, four lines, photos and the author, and the controls', () => {
    // 16px: padding 40 + card 2 + 48 + 18 + 16 + 4 × 28.05 + 44 + 16 + 16 + 45 + gap 16 + controls 36.
    expect(widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS)).toBe(410);
  });

  // The px height is rounded up once, so each difference is within 1px of the sum of its ems.
  it('grows by what each setting adds, at 16px', () => {
    const plain = height({});
    expect(Math.abs(height({ showProductImages: true }) - plain - 60)).toBeLessThanOrEqual(1);
    expect(height({ showBeforeAfterPhotos: true })).toBe(height({ showProductImages: true }));
    expect(Math.abs(height({ headerText: 'Kind words' }) - plain - 44.6)).toBeLessThanOrEqual(1);
    expect(Math.abs(height({ showBusinessName: true }) - plain - 40.5)).toBeLessThanOrEqual(1);
    expect(Math.abs(height({ showBranding: true }) - plain - 34)).toBeLessThanOrEqual(1);
    expect(Math.abs(height({ showRatings: false }) - plain - -34)).toBeLessThanOrEqual(1);
  });

  it('does not change with the source mark, which takes the line under the name the box always counts', () => {
    expect(height({ showSources: true })).toBe(height({}));
    expect(widgetBoxHeight({ ...WIDGET_SETTINGS_DEFAULTS, showSources: true })).toBe(410);
  });

  it('scales with the font size', () => {
    const at = (fontSize: 'sm' | 'base' | 'lg') => height({ fontSize }) - 2;
    expect(at('sm') / at('base')).toBeCloseTo(14 / 16, 1);
    expect(at('lg') / at('base')).toBeCloseTo(18 / 16, 1);
  });

  it('is a whole number of px', () => {
    expect(Number.isInteger(height({ headerText: 'x', fontSize: 'lg' }))).toBe(true);
  });
});
