// Factories of API answers for the component tests, valid by the shared schemas.
import type { Testimonial, TestimonialList } from '../../shared/schemas/testimonials';
import type { OwnerWidgetSettings } from '../../shared/schemas/widget-settings';
import { WIDGET_SETTINGS_DEFAULTS } from '../../shared/widget-data';

let sequence = 0;

export function createTestimonial(overrides: Partial<Testimonial> = {}): Testimonial {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    authorName: `Customer ${sequence}`,
    authorEmail: null,
    authorBusinessName: null,
    authorLocation: null,
    content: `Testimonial number ${sequence}: lovely service.`,
    rating: 5,
    status: 'pending',
    tags: [],
    authorImageUrl: null,
    productImageUrls: [],
    beforeImageUrl: null,
    afterImageUrl: null,
    submittedAt: '2026-11-01T10:00:00.000Z',
    approvedAt: null,
    source: null,
    sourceUrl: null,
    goneFromSourceAt: null,
    ...overrides,
  };
}

/** One page of a list, with counts worked out from `all` (the whole collection). */
export function listPage(
  all: Testimonial[],
  {
    page = 1,
    pageSize = 10,
    status,
  }: { page?: number; pageSize?: number; status?: Testimonial['status'] } = {},
): TestimonialList {
  const matching = status ? all.filter((item) => item.status === status) : all;
  const count = (wanted: Testimonial['status']) =>
    all.filter((item) => item.status === wanted).length;
  return {
    items: matching.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageSize,
    total: matching.length,
    counts: {
      all: all.length,
      pending: count('pending'),
      approved: count('approved'),
      rejected: count('rejected'),
    },
    // As the server lists them: the form (null) first, then each other source once.
    sources: [...new Set(all.map((item) => item.source))].sort((a, b) =>
      a === null ? -1 : b === null ? 1 : a.localeCompare(b),
    ),
  };
}

/** The owner's widget settings (GET /api/widget-settings): the defaults, never saved. */
export function createWidgetSettings(
  overrides: Partial<OwnerWidgetSettings> = {},
): OwnerWidgetSettings {
  return { ...WIDGET_SETTINGS_DEFAULTS, updatedAt: null, ...overrides };
}

/** A small file as a file picker hands it over; an image (PNG) unless `type` says otherwise. */
export function createImageFile(name = 'photo.png', { type = 'image/png', size = 64 } = {}): File {
  return new File([new Uint8Array(size)], name, { type });
}
