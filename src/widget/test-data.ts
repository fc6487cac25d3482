// Factories and the page of the widget's unit tests (not bundled: only tests import this).
import { afterEach, beforeEach, vi } from 'vitest';
import type {
  PublicWidget,
  PublicWidgetTestimonial,
  WidgetSettings,
} from '../shared/schemas/widget';
import { WIDGET_SETTINGS_DEFAULTS } from '../shared/widget-data';
import { useFakeLayout } from './fake-layout';
import { mountWidget, type MountOptions, type WidgetHandle } from './mount';

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

let handles: WidgetHandle[] = [];

/**
 * Mounts `data` in a new element of the page, as a site would; `$` and `$$`
 * query the widget's shadow root, `active()` is the index of the slide shown.
 */
export function mountInPage(data: PublicWidget, options: Partial<MountOptions> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  const handle = mountWidget(host, data, { baseUrl: BASE_URL, productName: 'Vouchly', ...options });
  handles.push(handle);
  const root = host.shadowRoot as ShadowRoot;
  // The caller names the element it expects, as with querySelector itself.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  const $ = <E extends Element = HTMLElement>(selector: string) => root.querySelector<E>(selector);
  const $$ = <E extends Element = HTMLElement>(selector: string) =>
    Array.from(root.querySelectorAll<E>(selector));
  const widget = $('.w') as HTMLElement;
  const active = () => $$('.sl').findIndex((slide) => slide.classList.contains('on'));
  return { host, root, handle, widget, $, $$, active };
}

/**
 * The hooks of a widget test file: fake timers (and with `layout`, the fake
 * layout of fake-layout.ts) before each test; after it, every widget
 * mountInPage made destroyed and the page emptied.
 */
export function useWidgetTestPage({ layout = false } = {}): void {
  beforeEach(() => {
    vi.useFakeTimers();
    if (layout) useFakeLayout();
  });
  afterEach(() => {
    for (const handle of handles) handle.destroy();
    handles = [];
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.replaceChildren();
    document.head.replaceChildren();
  });
}
