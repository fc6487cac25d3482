// The public widget cache on its own: shared loads, invalidation racing a
// load, expiry, remembered misses, the byte budget and the compressed copies
// of each entry (If-None-Match matching: plugins/compressed-body.test.ts).
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WIDGET_SETTINGS_DEFAULTS, type PublicWidget } from '../../../shared/schemas/widget.js';
import { heldBytes } from '../../plugins/compressed-body.js';
import {
  PUBLIC_WIDGET_CACHE_TTL_MS,
  PUBLIC_WIDGET_MISS_TTL_MS,
  PublicWidgetCache,
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
            name === null
              ? null
              : { businessId: `id-${slug}`, timeZone: 'UTC', widget: widgetNamed(name, slug) },
          ),
      });
    });
  return { calls, load };
}

const cacheWith = (
  load: PublicWidgetLoader,
  extra: { now?: () => number; maxBytes?: number; maxMisses?: number } = {},
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

  it('drops only the invalidated business', async () => {
    const { calls, load } = manualLoader();
    const cache = cacheWith(load);
    const a = cache.get('a');
    const b = cache.get('b');
    calls.forEach((call) => call.resolve(call.slug.toUpperCase()));
    await Promise.all([a, b]);
    cache.invalidate('id-a');
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBeDefined();
  });

  it('lets entries expire', async () => {
    let now = 1_000;
    const { calls, load } = manualLoader();
    const cache = cacheWith(load, { now: () => now });
    const first = cache.get('acme');
    calls[0]?.resolve('Acme');
    await first;
    now += PUBLIC_WIDGET_CACHE_TTL_MS - 1_000;
    expect(cache.peek('acme')).toBeDefined();
    now += 2_000;
    expect(cache.peek('acme')).toBeUndefined();
  });

  it('remembers an unknown slug for a while (docs/security.md rule 22), then asks again', async () => {
    let now = 1_000;
    const { calls, load } = manualLoader();
    const cache = cacheWith(load, { now: () => now });
    const missing = cache.get('missing');
    calls[0]?.resolve(null);
    expect(await missing).toBeNull();
    expect(cache.peek('missing')).toBeNull();
    expect(await cache.get('missing')).toBeNull();
    expect(calls).toHaveLength(1);
    // An invalidation of some business does not make the slug known.
    cache.invalidate('id-other');
    expect(cache.peek('missing')).toBeNull();
    now += PUBLIC_WIDGET_MISS_TTL_MS + 1;
    expect(cache.peek('missing')).toBeUndefined();
    void cache.get('missing');
    expect(calls).toHaveLength(2);
  });

  it('forgets a remembered miss when a business takes the slug, even one read while it was being created', async () => {
    const { calls, load } = manualLoader();
    const cache = cacheWith(load);
    const first = cache.get('new-shop');
    calls[0]?.resolve(null);
    await first;
    cache.forgetMiss('new-shop');
    expect(cache.peek('new-shop')).toBeUndefined();

    // A load that read "unknown" just before the business committed must not be remembered.
    const racing = cache.get('new-shop');
    cache.forgetMiss('new-shop');
    calls[1]?.resolve(null);
    expect(await racing).toBeNull();
    expect(cache.peek('new-shop')).toBeUndefined();
    const found = cache.get('new-shop');
    calls[2]?.resolve('New Shop');
    expect((await found)?.widget.business.name).toBe('New Shop');
    expect(calls).toHaveLength(3);
  });

  it('remembers at most maxMisses unknown slugs, oldest out first', async () => {
    const load: PublicWidgetLoader = async () => null;
    const cache = cacheWith(load, { maxMisses: 3 });
    for (const slug of ['a', 'b', 'c', 'd', 'e']) await cache.get(slug);
    expect(cache.missCount).toBe(3);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBeUndefined();
    expect(['c', 'd', 'e'].map((slug) => cache.peek(slug))).toEqual([null, null, null]);
  });

  it('forgets everything on clear(), and does not store a load that was running', async () => {
    const { calls, load } = manualLoader();
    const cache = cacheWith(load);
    const known = cache.get('acme');
    const unknown = cache.get('missing');
    calls[0]?.resolve('Acme');
    calls[1]?.resolve(null);
    await Promise.all([known, unknown]);
    const running = cache.get('other');
    cache.clear();
    calls[2]?.resolve('Read before the clear');
    await running;
    expect(cache.peek('acme')).toBeUndefined();
    expect(cache.peek('missing')).toBeUndefined();
    expect(cache.peek('other')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.missCount).toBe(0);
  });

  it('keeps the bodies, every variant counted, under the byte budget, oldest out first', async () => {
    const load: PublicWidgetLoader = async (slug) => ({
      businessId: `id-${slug}`,
      timeZone: 'UTC',
      widget: widgetNamed(slug.repeat(50), slug),
    });
    const probe = await cacheWith(load).get('a');
    if (!probe) throw new Error('no entry');
    const oneEntry = heldBytes(probe.json);
    expect(oneEntry).toBeGreaterThan(probe.json.identity.body.length);
    const cache = cacheWith(load, { maxBytes: oneEntry * 2.5 });
    for (const slug of ['a', 'b', 'c']) await cache.get(slug);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toBeDefined();
    expect(cache.peek('c')).toBeDefined();
  });

  it('makes the page once, with its own ETag', async () => {
    const load: PublicWidgetLoader = async (slug) => ({
      businessId: 'id',
      timeZone: 'UTC',
      widget: widgetNamed('Acme', slug),
    });
    const cache = cacheWith(load);
    const entry = await cache.get('acme');
    if (!entry) throw new Error('no entry');
    const html = cache.htmlOf(entry);
    expect(html.identity.body.toString()).toBe('<p>Acme</p>');
    expect(cache.htmlOf(entry)).toBe(html);
    expect(html.identity.etag).not.toBe(entry.json.identity.etag);
  });

  it('holds each body compressed, made once per entry', async () => {
    const load: PublicWidgetLoader = async (slug) => ({
      businessId: 'id',
      timeZone: 'UTC',
      widget: widgetNamed('A bakery with a long name '.repeat(20), slug),
    });
    const entry = await cacheWith(load).get('acme');
    if (!entry) throw new Error('no entry');
    const { identity, br, gzip } = entry.json;
    expect(identity.body.toString()).toBe(JSON.stringify(entry.widget));
    expect(brotliDecompressSync(br?.body ?? Buffer.alloc(0))).toEqual(identity.body);
    expect(gzip?.body.length).toBeLessThan(identity.body.length);
  });

  it('keeps the compressed copies of an entry reloaded unchanged, and makes new ones after a change', async () => {
    let now = 1_000;
    const { calls, load } = manualLoader();
    const cache = cacheWith(load, { now: () => now });
    const first = cache.get('acme');
    calls[0]?.resolve('Acme');
    const before = await first;
    if (!before) throw new Error('no entry');
    const page = cache.htmlOf(before);

    now += PUBLIC_WIDGET_CACHE_TTL_MS + 1;
    const reloaded = cache.get('acme');
    calls[1]?.resolve('Acme');
    const same = await reloaded;
    expect(same).not.toBe(before);
    expect(same?.json).toBe(before.json);
    expect(same && cache.htmlOf(same)).toBe(page);

    now += PUBLIC_WIDGET_CACHE_TTL_MS + 1;
    const changed = cache.get('acme');
    calls[2]?.resolve('Acme & Sons');
    const after = await changed;
    expect(after?.json).not.toBe(before.json);
    expect(after?.json.identity.etag).not.toBe(before.json.identity.etag);
    expect(after?.html).toBeUndefined();
  });
});
