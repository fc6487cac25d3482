// Factories for the widget's unit tests (not bundled: only tests import this).
import type {
  PublicWidget,
  PublicWidgetTestimonial,
  WidgetSettings,
} from '../shared/schemas/widget';
import { WIDGET_SETTINGS_DEFAULTS } from '../shared/widget-data';

export const BASE_URL = 'https://vouchly.test';

export function createTestimonial(
  overrides: Partial<PublicWidgetTestimonial> = {},
): PublicWidgetTestimonial {
  return {
    id: 't1',
    authorName: 'Ada Lovelace',
    authorBusinessName: null,
    authorLocation: 'London, UK',
    content: 'The analytical engine weaves algebraic patterns.',
    rating: 4,
    authorImageUrl: null,
    productImageUrls: [],
    beforeImageUrl: null,
    afterImageUrl: null,
    date: '2025-03-03T12:00:00.000Z',
    ...overrides,
  };
}

export function createWidgetData(
  settings: Partial<WidgetSettings> = {},
  testimonials: PublicWidgetTestimonial[] = [
    createTestimonial({ id: 'a' }),
    createTestimonial({
      id: 'b',
      authorName: 'Grace Hopper',
      content: 'It is easier to ask forgiveness than permission.',
    }),
    createTestimonial({
      id: 'c',
      authorName: 'Alan Turing',
      content: 'We can only see a short distance ahead.',
    }),
  ],
): PublicWidget {
  return {
    business: { name: 'Acme Plumbing', logoUrl: null, collectionSlug: 'acme' },
    settings: { ...WIDGET_SETTINGS_DEFAULTS, ...settings },
    testimonials,
  };
}
