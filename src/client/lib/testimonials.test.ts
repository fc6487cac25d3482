import { hashKey, partialMatchKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { WIDGET_PREVIEW_MAX_ITEMS } from '../../shared/constants';
import type { Testimonial } from '../../shared/schemas/testimonials';
import { createTestimonial, listPage } from '../testing/factories';
import { urlOf } from '../../shared/contract';
import { listTestimonials } from '../../shared/contracts/testimonials';
import { testimonialListQuery, testimonialQueries, withStatus, without } from './testimonials';

const testimonial = createTestimonial;
const list = (items: Testimonial[]) => listPage(items);

describe('withStatus', () => {
  const a = testimonial({ id: 'a' });
  const b = testimonial({ id: 'b', status: 'approved', approvedAt: '2025-02-01T00:00:00.000Z' });
  const now = new Date('2025-03-01T00:00:00.000Z');

  it('changes the status in an unfiltered list and moves the counts', () => {
    const next = withStatus(list([a, b]), 'all', new Set(['a']), 'approved', now);
    expect(next.items.map((item) => [item.id, item.status, item.approvedAt])).toEqual([
      ['a', 'approved', now.toISOString()],
      ['b', 'approved', '2025-02-01T00:00:00.000Z'],
    ]);
    expect(next.counts).toEqual({ all: 2, pending: 0, approved: 2, rejected: 0 });
    expect(next.total).toBe(2);
  });

  it('drops items that leave a filtered list', () => {
    const pending = list([a, testimonial({ id: 'c' })]);
    const next = withStatus(pending, 'pending', new Set(['a']), 'rejected', now);
    expect(next.items.map((item) => item.id)).toEqual(['c']);
    expect(next.total).toBe(1);
    expect(next.counts).toMatchObject({ pending: 1, rejected: 1 });
  });

  it('clears approvedAt when an item leaves approved, and leaves the rest alone', () => {
    const next = withStatus(list([a, b]), 'all', new Set(['b', 'zzz']), 'rejected', now);
    expect(next.items[0]).toBe(a);
    expect(next.items[1]).toMatchObject({ status: 'rejected', approvedAt: null });
  });
});

describe('without', () => {
  it('removes items and adjusts counts and total', () => {
    const next = without(
      list([testimonial({ id: 'a' }), testimonial({ id: 'b' })]),
      new Set(['a']),
    );
    expect(next.items.map((item) => item.id)).toEqual(['b']);
    expect(next.counts).toEqual({ all: 1, pending: 1, approved: 0, rejected: 0 });
    expect(next.total).toBe(1);
  });
});

describe('testimonialListQuery', () => {
  const testimonialListUrl = (params: Parameters<typeof testimonialListQuery>[0]) =>
    urlOf(listTestimonials, { query: testimonialListQuery(params) });

  it('sends only the parameters that narrow the list', () => {
    expect(testimonialListUrl({})).toBe('/api/testimonials');
    expect(testimonialListUrl({ status: 'all', page: 1 })).toBe('/api/testimonials');
    expect(testimonialListUrl({ status: 'pending', q: 'great & co', page: 2, pageSize: 10 })).toBe(
      '/api/testimonials?status=pending&q=great+%26+co&page=2&pageSize=10',
    );
  });
});

describe('testimonialQueries', () => {
  it('keys every list under the one prefix that moderation invalidates', () => {
    for (const params of [{}, { status: 'pending' as const, q: 'x', page: 3 }]) {
      expect(
        partialMatchKey(testimonialQueries.list(params).queryKey, testimonialQueries.lists()),
      ).toBe(true);
    }
    expect(
      partialMatchKey(testimonialQueries.widgetPreview().queryKey, testimonialQueries.lists()),
    ).toBe(true);
    // The stats have their own key; refreshTestimonials invalidates both.
    expect(partialMatchKey(testimonialQueries.stats().queryKey, testimonialQueries.lists())).toBe(
      false,
    );
  });

  it('gives the widget preview one cache entry: up to 6 approved', () => {
    const preview = testimonialQueries.widgetPreview().queryKey;
    expect(hashKey(preview)).toBe(hashKey(testimonialQueries.widgetPreview().queryKey));
    expect(hashKey(preview)).toBe(
      hashKey(
        testimonialQueries.list({ status: 'approved', pageSize: WIDGET_PREVIEW_MAX_ITEMS })
          .queryKey,
      ),
    );
    expect(preview[1]).toEqual({ status: 'approved', pageSize: 6 });
  });
});
