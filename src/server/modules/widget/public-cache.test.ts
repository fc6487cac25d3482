// The public widget cache on its own: shared loads, invalidation racing a
// load, expiry, the byte budget and If-None-Match matching.
import { describe, expect, it } from 'vitest';
import { WIDGET_SETTINGS_DEFAULTS, type PublicWidget } from '../../../shared/schemas/widget.js';
import {
  etagMatches,
  PublicWidgetCache,
  strongEtag,
  type PublicWidgetLoader,
} from './public-cache.js';

const widgetNamed = (name: string, slug = 'acme'): PublicWidget => ({
  business: { name, logoUrl: null, collectionSlug: slug },
  settings: { ...WIDGET_SETTINGS_DEFAULTS },
  testimonials: [],
});

/** A loader whose answers the test releases by hand. */
function manualLoader() {
  const calls: { slug: string; resolve: (name: string | null) => void }[] = [];
  const load: PublicWidgetLoader = (slug) =>
    new Promise((resolve) => {
      calls.push({
        slug,
        resolve: (name) =>
          resolve(
            name === null ? null : { businessId: `id-${slug}`, widget: widgetNamed(name, slug) },
          ),
      });
    });
  return { calls, load };
}

const cacheWith = (
  load: PublicWidgetLoader,
  extra: { now?: () => number; maxBytes?: number } = {},
) =>
  new PublicWidgetCache({
    load,
    renderHtml: (widget) => `<p>${widget.business.name}</p>`,
    ...extra,
  });

describe('PublicWidgetCache', () => {
  it('shares one load between concurrent misses, then answers from memory', async () => {
    const { calls, load } = manualLoader();
    const cache = cacheWith(load);
    const first = cache.get('acme');
    const second = cache.get('acme');
    expect(calls).toHaveLength(1);
    calls[0]?.resolve('Acme');
    expect((await first)?.widget.business.name).toBe('Acme');
    expect(await second).toBe(await first);
    expect(cache.peek('acme')).toBe(await first);
    await cache.get('acme');
    expect(calls).toHaveLength(1);
  });

  it('does not store a load that an invalidation overtook, and starts a new one for later requests', async () => {
    const { calls, load } = manualLoader();
    const cache = cacheWith(load);
    const early = cache.get('acme');
    cache.invalidate('id-acme');
    const late = cache.get('acme');
    expect(calls).toHaveLength(2);
    calls[0]?.resolve('Read before the change');
    calls[1]?.resolve('Read after the change');
    expect((await early)?.widget.business.name).toBe('Read before the change');
    expect((await late)?.widget.business.name).toBe('Read after the change');
    expect(cache.peek('acme')?.widget.business.name).toBe('Read after the change');
  });

  it('drops only the invalidated business, and does not cache an unknown slug', async () => {
    const { calls, load } = manualLoader();
    const cache = cacheWith(load);
    const a = cache.get('a');
    const b = cache.get('b');
    const missing = cache.get('missing');
    calls.forEach((call) => call.resolve(call.slug === 'missing' ? null : call.slug.toUpperCase()));
    await Promise.all([a, b]);
    expect(await missing).toBeNull();
    cache.invalidate('id-a');
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBeDefined();
    void cache.get('missing');
    expect(calls.filter((call) => call.slug === 'missing')).toHaveLength(2);
  });

  it('lets entries expire', async () => {
    let now = 1_000;
    const { calls, load } = manualLoader();
    const cache = cacheWith(load, { now: () => now });
    const first = cache.get('acme');
    calls[0]?.resolve('Acme');
    await first;
    now += 59_000;
    expect(cache.peek('acme')).toBeDefined();
    now += 2_000;
    expect(cache.peek('acme')).toBeUndefined();
  });

  it('keeps the bodies under the byte budget, oldest out first', async () => {
    const load: PublicWidgetLoader = async (slug) => ({
      businessId: `id-${slug}`,
      widget: widgetNamed(slug.repeat(50), slug),
    });
    const oneEntry = Buffer.byteLength(JSON.stringify(widgetNamed('a'.repeat(50), 'a')));
    const cache = cacheWith(load, { maxBytes: oneEntry * 2.5 });
    for (const slug of ['a', 'b', 'c']) await cache.get(slug);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBeDefined();
    expect(cache.peek('c')).toBeDefined();
  });

  it('makes the page once, with its own ETag', async () => {
    const load: PublicWidgetLoader = async (slug) => ({
      businessId: 'id',
      widget: widgetNamed('Acme', slug),
    });
    const cache = cacheWith(load);
    const entry = await cache.get('acme');
    if (!entry) throw new Error('no entry');
    const html = cache.htmlOf(entry);
    expect(html.body.toString()).toBe('<p>Acme</p>');
    expect(cache.htmlOf(entry)).toBe(html);
    expect(html.etag).not.toBe(entry.json.etag);
  });
});

describe('etagMatches', () => {
  const etag = strongEtag(Buffer.from('body'));
  it.each([
    [etag, true],
    [`W/${etag}`, true],
    [`"other", ${etag}`, true],
    ['*', true],
    ['"other"', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
});
