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
  source: null,
  sourceUrl: null,
};

describe('toWidgetTestimonial', () => {
  it('keeps every field without settings (a preview), dated by approval, else submission', () => {
    const { approvedAt: _a, submittedAt: _s, source: _f, sourceUrl: _u, ...fields } = source;
    expect(toWidgetTestimonial(source)).toEqual({ ...fields, date: '2025-06-12T15:30:00.000Z' });
    expect(
      toWidgetTestimonial({ ...source, approvedAt: new Date('2025-07-01T00:00:00Z') }).date,
    ).toBe('2025-07-01T00:00:00.000Z');
  });

  it('dates an imported testimonial by when it was written at its source, not when it was imported', () => {
    const imported = {
      ...source,
      source: 'senja',
      submittedAt: '2024-03-14T09:12:00.000Z',
      approvedAt: new Date('2026-11-29T10:00:00Z'),
    };
    expect(toWidgetTestimonial(imported).date).toBe('2024-03-14T09:12:00.000Z');
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

  it('sends the source mark only while the settings show it, and only a source that reads as a name', () => {
    const google = { ...source, source: 'google', sourceUrl: 'https://g.page/r/abc' };
    const shown = { ...WIDGET_SETTINGS_DEFAULTS, showSources: true };
    expect(toWidgetTestimonial(google, shown).source).toEqual({
      name: 'Google',
      url: 'https://g.page/r/abc',
    });
    // Off (the default): no trace of it, not even an empty key.
    expect(toWidgetTestimonial(google, WIDGET_SETTINGS_DEFAULTS)).not.toHaveProperty('source');
    // The form, a CSV file and a code are no platform: no mark.
    for (const none of [null, 'csv', 'csv-import', 'import_2024'])
      expect(toWidgetTestimonial({ ...google, source: none }, shown)).not.toHaveProperty('source');
    // Only an http(s) address becomes a link.
    const bad = { ...google, sourceUrl: 'javascript:alert(1)' };
    expect(toWidgetTestimonial(bad, shown).source).toEqual({ name: 'Google', url: null });
    // A preview (no settings) keeps it; the renderer decides with the settings it has.
    expect(toWidgetTestimonial(google).source?.name).toBe('Google');
  });
});
