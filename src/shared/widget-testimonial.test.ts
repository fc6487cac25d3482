import { describe, expect, it } from 'vitest';
import { WIDGET_SETTINGS_DEFAULTS } from './widget-data';
import { toWidgetTestimonial, type WidgetTestimonialSource } from './widget-testimonial';

const source: WidgetTestimonialSource = {
  id: 't1',
  authorName: 'Dana',
  authorBusinessName: 'Dana & Co',
  authorLocation: 'Austin, TX',
  content: 'Great service from start to finish.',
  rating: 4,
  authorImageUrl: '/objects/uploads/a.webp',
  productImageUrls: ['/objects/uploads/p.webp'],
  beforeImageUrl: '/objects/uploads/b.webp',
  afterImageUrl: '/objects/uploads/c.webp',
  approvedAt: null,
  submittedAt: '2025-06-12T15:30:00.000Z',
};

describe('toWidgetTestimonial', () => {
  it('keeps every field without settings (a preview), dated by approval, else submission', () => {
    const { approvedAt: _a, submittedAt: _s, ...fields } = source;
    expect(toWidgetTestimonial(source)).toEqual({ ...fields, date: '2025-06-12T15:30:00.000Z' });
    expect(
      toWidgetTestimonial({ ...source, approvedAt: new Date('2025-07-01T00:00:00Z') }).date,
    ).toBe('2025-07-01T00:00:00.000Z');
  });

  it('with the settings, leaves out what they hide and keeps the rating within 0-5', () => {
    const hidden = {
      ...WIDGET_SETTINGS_DEFAULTS,
      showLocation: false,
      showRatings: false,
      showPersonalPhotos: false,
      showProductImages: false,
      showBeforeAfterPhotos: false,
    };
    expect(toWidgetTestimonial(source, hidden)).toMatchObject({
      authorLocation: null,
      rating: 0,
      authorImageUrl: null,
      productImageUrls: [],
      beforeImageUrl: null,
      afterImageUrl: null,
    });
    expect(toWidgetTestimonial({ ...source, rating: 9 }, WIDGET_SETTINGS_DEFAULTS).rating).toBe(5);
  });
});
