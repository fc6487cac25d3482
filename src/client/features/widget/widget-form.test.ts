import { describe, expect, it } from 'vitest';
import { SAMPLE_TESTIMONIALS, WIDGET_SETTINGS_DEFAULTS } from '../../../shared/schemas/widget';
import type { Testimonial } from '../../../shared/schemas/testimonials';
import { contrastRatio, previewSettings, previewWidgetData, toFormValues } from './widget-form';

const saved = { ...WIDGET_SETTINGS_DEFAULTS, backgroundColor: '#112233' };
const business = { name: 'Harbour Coffee', logoUrl: null, collectionSlug: 'harbour-coffee' };

function testimonial(overrides: Partial<Testimonial> = {}): Testimonial {
  return {
    id: 't1',
    authorName: 'Ada',
    authorEmail: 'ada@example.com',
    authorBusinessName: null,
    authorLocation: 'Leeds',
    content: 'Lovely coffee and kind people.',
    rating: 5,
    status: 'approved',
    tags: ['coffee'],
    authorImageUrl: null,
    productImageUrls: [],
    beforeImageUrl: null,
    afterImageUrl: null,
    submittedAt: '2025-01-01T10:00:00.000Z',
    approvedAt: '2025-01-02T10:00:00.000Z',
    source: null,
    sourceUrl: null,
    goneFromSourceAt: null,
    ...overrides,
  };
}

describe('toFormValues', () => {
  it('drops updatedAt and keeps every setting', () => {
    const values = toFormValues({ ...saved, updatedAt: '2025-01-01T00:00:00.000Z' });
    expect(values).toEqual(saved);
    expect('updatedAt' in values).toBe(false);
  });

  it('reads a known font in another spelling as the option, and keeps an unknown one', () => {
    expect(toFormValues({ ...saved, fontFamily: 'Open-Sans' }).fontFamily).toBe('open sans');
    expect(toFormValues({ ...saved, fontFamily: ' Comic Neue ' }).fontFamily).toBe('Comic Neue');
  });
});

describe('previewSettings', () => {
  it('shows what is being typed', () => {
    const next = previewSettings({ headerText: 'Kind words', showDates: false }, saved);
    expect(next.headerText).toBe('Kind words');
    expect(next.showDates).toBe(false);
  });

  it('keeps the saved colour while a colour is half typed', () => {
    expect(previewSettings({ backgroundColor: '#12' }, saved).backgroundColor).toBe('#112233');
    expect(previewSettings({ backgroundColor: ' #abcdef ' }, saved).backgroundColor).toBe(
      '#abcdef',
    );
  });

  it('renders an empty font as the default font', () => {
    expect(previewSettings({ fontFamily: '' }, saved).fontFamily).toBe('inter');
  });
});

describe('previewWidgetData', () => {
  it('uses the 4 samples when nothing is approved', () => {
    const { data, usesSamples } = previewWidgetData(business, saved, []);
    expect(usesSamples).toBe(true);
    expect(data.testimonials).toEqual(SAMPLE_TESTIMONIALS);
    expect(data.testimonials).toHaveLength(4);
  });

  it('uses approved testimonials, dated by approval, without emails or tags', () => {
    const { data, usesSamples } = previewWidgetData(business, saved, [testimonial()]);
    expect(usesSamples).toBe(false);
    expect(data.testimonials).toHaveLength(1);
    expect(data.testimonials[0]?.date).toBe('2025-01-02T10:00:00.000Z');
    expect(data.testimonials[0]).not.toHaveProperty('authorEmail');
    expect(data.testimonials[0]).not.toHaveProperty('tags');
  });

  it('falls back to the submission date', () => {
    const { data } = previewWidgetData(business, saved, [testimonial({ approvedAt: null })]);
    expect(data.testimonials[0]?.date).toBe('2025-01-01T10:00:00.000Z');
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for equal colours', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('is null for anything but #RRGGBB', () => {
    expect(contrastRatio('#fff', '#000000')).toBeNull();
  });
});
