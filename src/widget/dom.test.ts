// @vitest-environment happy-dom
// The widget and the no-script page write the same markup tree: the widget's
// DOM writer must produce exactly what the server's HTML writer does, and
// must never parse data as HTML.
import { describe, expect, it } from 'vitest';
import { cardMarkup } from '../shared/widget-card';
import { el, toHtml } from '../shared/widget-markup';
import { toDom, type Refs } from './dom';
import { BASE_URL, createTestimonial, createWidgetData } from './test-data';

describe('toDom', () => {
  it('builds the same elements as toHtml writes, for every kind of card', () => {
    const { settings } = createWidgetData();
    const t = createTestimonial({
      rating: 3,
      authorImageUrl: '/a.png',
      beforeImageUrl: '/b.png',
      afterImageUrl: '/c.png',
      productImageUrls: ['/1.png', '/2.png', '/3.png'],
      authorBusinessName: 'Engines & Co',
    });
    for (const mode of ['slide', 'whole', 'static'] as const) {
      const tree = cardMarkup(t, settings, { baseUrl: BASE_URL, mode });
      expect(toDom(tree).outerHTML).toBe(toHtml(tree));
    }
  });

  it('puts text in as text, boolean attributes bare, and collects refs in order', () => {
    const refs: Refs = {};
    const node = toDom(
      el('div', { hidden: true, 'aria-hidden': false, title: '"<b>"' }, [
        el('b', {}, ['<img src=x onerror=alert(1)>'], 'one'),
        el('i', {}, [], 'one'),
      ]),
      refs,
    );
    expect(node.hasAttribute('hidden')).toBe(true);
    expect(node.hasAttribute('aria-hidden')).toBe(false);
    expect(node.title).toBe('"<b>"');
    expect(node.querySelector('img')).toBeNull();
    expect(node.querySelector('b')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(refs.one?.map((element) => element.tagName)).toEqual(['B', 'I']);
  });
});
