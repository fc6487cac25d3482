// The public widget reads (docs/security.md rules 8, 12): GET /api/widget/:slug and
// GET /embed/:slug. Only approved testimonials, only the fields the settings
// show, never an email; CORS-open, no cookie; ETag/304 and Cache-Control;
// the in-process cache drops a business's copy as soon as something it shows changes.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { WIDGET_SETTINGS_DEFAULTS } from '../../../shared/schemas/widget.js';
import { sessions, testimonials, type BusinessRow } from '../../db/schema.js';
import {
  createSignedInUser,
  createTestimonial,
  withSession,
  type NewTestimonial,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { EMBED_CSP } from './embed-page.js';
import { PUBLIC_WIDGET_CACHE_TTL_MS } from './public-cache.js';
import { publicWidgetRateLimit, PUBLIC_WIDGET_CACHE_CONTROL } from './public-routes.js';
import { PUBLIC_WIDGET_TESTIMONIALS_MAX } from './service.js';

type App = FastifyInstance;

const XSS = '<script>alert("xss")</script><img src=x onerror=alert(1)>';

async function owner(app: App) {
  const created = await createSignedInUser(app);
  const business = created.business as BusinessRow;
  return { ...created, business, slug: business.collectionSlug };
}

const approved = (at: string, overrides: NewTestimonial = {}): NewTestimonial => ({
  status: 'approved',
  approvedAt: new Date(at),
  submittedAt: new Date('2025-01-01T00:00:00Z'),
  ...overrides,
});

const widget = (app: App, slug: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/widget/${slug}`, headers });

const embed = (app: App, slug: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/embed/${slug}`, headers });

const saveSettings = (app: App, cookie: string, changes: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/widget-settings',
    payload: { ...WIDGET_SETTINGS_DEFAULTS, ...changes },
    ...withSession(cookie),
  });

function expectCrossOrigin(response: LightMyRequestResponse): void {
  expect(response.headers['access-control-allow-origin']).toBe('*');
  expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  expect(response.headers['set-cookie']).toBeUndefined();
}

describe('GET /api/widget/:slug', () => {
  it('answers the business, its settings and its approved testimonials, newest approval first', async () => {
    const app = await createTestApp();
    const { business, slug } = await owner(app);
    const db = app.database.db;
    const older = await createTestimonial(
      db,
      business.id,
      approved('2025-03-01T00:00:00Z', { content: 'Older approval, still here.' }),
    );
    const newer = await createTestimonial(
      db,
      business.id,
      approved('2025-04-01T00:00:00Z', { content: 'Newest approval of all.' }),
    );
    // Same approval time: the later submission comes first.
    const tieLate = await createTestimonial(
      db,
      business.id,
      approved('2025-02-01T00:00:00Z', { submittedAt: new Date('2025-01-20T00:00:00Z') }),
    );
    const tieEarly = await createTestimonial(
      db,
      business.id,
      approved('2025-02-01T00:00:00Z', { submittedAt: new Date('2025-01-10T00:00:00Z') }),
    );
    await createTestimonial(db, business.id, {
      status: 'pending',
      content: 'PENDING-SECRET waiting for review',
    });
    await createTestimonial(db, business.id, {
      status: 'rejected',
      content: 'REJECTED-SECRET not for the public',
    });

    const response = await widget(app, slug);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(body.productName).toBe('Vouchly');
    expect(body.business).toEqual({ name: 'Acme Bakery', logoUrl: null, collectionSlug: slug });
    expect(body.settings).toEqual(WIDGET_SETTINGS_DEFAULTS);
    expect(body.testimonials.map((t: { id: string }) => t.id)).toEqual([
      newer.id,
      older.id,
      tieLate.id,
      tieEarly.id,
    ]);
    expect(body.testimonials[0]).toEqual({
      id: newer.id,
      authorName: newer.authorName,
      authorBusinessName: null,
      authorLocation: null,
      content: 'Newest approval of all.',
      rating: 5,
      authorImageUrl: null,
      productImageUrls: [],
      beforeImageUrl: null,
      afterImageUrl: null,
      date: '2025-04-01T00:00:00.000Z',
    });
    expect(response.body).not.toContain('PENDING-SECRET');
    expect(response.body).not.toContain('REJECTED-SECRET');
  });

  it(`shows at most ${PUBLIC_WIDGET_TESTIMONIALS_MAX} testimonials`, async () => {
    const app = await createTestApp();
    const { business, slug } = await owner(app);
    const values = Array.from({ length: PUBLIC_WIDGET_TESTIMONIALS_MAX + 5 }, (_, i) => ({
      businessId: business.id,
      authorName: `Customer ${i}`,
      content: `Testimonial number ${i}, lovely.`,
      rating: 5,
      status: 'approved' as const,
      approvedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
    }));
    await app.database.db.insert(testimonials).values(values);
    const body = (await widget(app, slug)).json();
    expect(body.testimonials).toHaveLength(PUBLIC_WIDGET_TESTIMONIALS_MAX);
    expect(body.testimonials[0].authorName).toBe(`Customer ${PUBLIC_WIDGET_TESTIMONIALS_MAX + 4}`);
  });

  it('never shows an email, and only the fields the settings show', async () => {
    const app = await createTestApp();
    const { business, slug, cookie } = await owner(app);
    const full = {
      authorEmail: 'customer-private@example.com',
      authorBusinessName: 'Corner Cafe',
      authorLocation: 'Austin, TX',
      rating: 4,
      tags: ['internal-tag'],
      authorImageUrl: '/objects/uploads/author.jpg',
      productImageUrls: ['/objects/uploads/product-1.jpg', '/objects/uploads/product-2.jpg'],
      beforeImageUrl: '/objects/uploads/before.jpg',
      afterImageUrl: '/objects/uploads/after.jpg',
    };
    await createTestimonial(app.database.db, business.id, approved('2025-05-05T10:00:00Z', full));

    const shown = await widget(app, slug);
    expect(shown.body).not.toContain('customer-private@example.com');
    expect(shown.body).not.toContain('authorEmail');
    expect(shown.body).not.toContain('internal-tag');
    expect(shown.json().testimonials[0]).toMatchObject({
      authorBusinessName: 'Corner Cafe',
      authorLocation: 'Austin, TX',
      rating: 4,
      authorImageUrl: full.authorImageUrl,
      productImageUrls: full.productImageUrls,
      beforeImageUrl: full.beforeImageUrl,
      afterImageUrl: full.afterImageUrl,
      date: '2025-05-05T10:00:00.000Z',
    });

    const saved = await saveSettings(app, cookie, {
      showLocation: false,
      showPersonalPhotos: false,
      showProductImages: false,
      showBeforeAfterPhotos: false,
      showRatings: false,
      showDates: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const hidden = await widget(app, slug);
    const testimonial = hidden.json().testimonials[0];
    expect(testimonial).toMatchObject({
      authorBusinessName: 'Corner Cafe',
      authorLocation: null,
      rating: 0,
      authorImageUrl: null,
      productImageUrls: [],
      beforeImageUrl: null,
      afterImageUrl: null,
    });
    // The schema requires a date; the renderer leaves it out with showDates off.
    expect(testimonial.date).toBe('2025-05-05T10:00:00.000Z');
    expect(hidden.json().settings).toMatchObject({ showDates: false, showLocation: false });
    for (const secret of ['Austin', '/objects/uploads/', 'customer-private']) {
      expect(hidden.body).not.toContain(secret);
    }
  });

  it('is CORS-open without credentials, cacheable, and answers 304 to a matching If-None-Match', async () => {
    const app = await createTestApp();
    const { business, slug } = await owner(app);
    await createTestimonial(app.database.db, business.id, approved('2025-05-05T10:00:00Z'));
    const first = await widget(app, slug, { origin: 'https://customer-site.example' });
    expect(first.statusCode).toBe(200);
    expectCrossOrigin(first);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=20');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    // The same bytes give the same strong ETag.
    expect((await widget(app, slug)).headers.etag).toBe(etag);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`, '*']) {
      const revalidated = await widget(app, slug, { 'if-none-match': ifNoneMatch });
      expect(revalidated.statusCode, ifNoneMatch).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers['cache-control']).toBe(PUBLIC_WIDGET_CACHE_CONTROL);
      expectCrossOrigin(revalidated);
    }
    const stale = await widget(app, slug, { 'if-none-match': '"an-old-version"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('keeps CDN caching plus the server copy within one minute, and browsers revalidating every view (README)', async () => {
    const app = await createTestApp();
    const { slug } = await owner(app);
    const seconds = (header: string, directive: string) =>
      Number(new RegExp(`(?:^|,)\\s*${directive}=(\\d+)`).exec(header)?.[1] ?? Number.NaN);
    for (const response of [await widget(app, slug), await embed(app, slug)]) {
      const header = String(response.headers['cache-control']);
      expect(header).toBe(PUBLIC_WIDGET_CACHE_CONTROL);
      expect(header).not.toMatch(/immutable|stale-while-revalidate|stale-if-error/);
      // An owner who saves and reloads their site sees the change: the preloaded answer is revalidated.
      expect(seconds(header, 'max-age')).toBe(0);
      // The server's copy is fresh at once after a change; it can be this old only if a notification was lost.
      const serverCopy = PUBLIC_WIDGET_CACHE_TTL_MS / 1000;
      expect(seconds(header, 's-maxage') + serverCopy).toBeLessThanOrEqual(60);
    }
  });

  it('answers HEAD like GET, without the body', async () => {
    const app = await createTestApp();
    const { slug } = await owner(app);
    const get = await widget(app, slug);
    const head = await app.inject({ method: 'HEAD', url: `/api/widget/${slug}` });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(get.headers.etag);
    expectCrossOrigin(head);
  });

  it('answers a CORS preflight for GET', async () => {
    const app = await createTestApp();
    const { slug } = await owner(app);
    const response = await app.inject({
      method: 'OPTIONS',
      url: `/api/widget/${slug}`,
      headers: {
        origin: 'https://customer-site.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-requested-with',
      },
    });
    expect(response.statusCode).toBe(204);
    expectCrossOrigin(response);
    expect(response.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(response.headers['access-control-allow-headers']).toBe('x-requested-with');
    expect(Number(response.headers['access-control-max-age'])).toBeGreaterThan(0);
  });

  it('sets no cookie and leaves the session alone, even for a signed-in owner', async () => {
    const app = await createTestApp();
    const { slug, cookie } = await owner(app);
    const [before] = await app.database.db.select().from(sessions);
    // Older than anything a rolled session would get.
    await app.database.db.update(sessions).set({ expire: new Date(Date.now() + 60_000) });
    for (const url of [
      `/api/widget/${slug}`,
      `/embed/${slug}`,
      '/api/widget/no-such-business',
      '/widget.js',
      '/embed-count.js',
    ]) {
      const response = await app.inject({ method: 'GET', url, ...withSession(cookie) });
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    const anonymous = await widget(app, slug);
    expect(anonymous.headers['set-cookie']).toBeUndefined();
    const [after] = await app.database.db.select().from(sessions);
    expect(after?.sid).toBe(before?.sid);
    expect(after?.expire.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(await app.database.db.select().from(sessions)).toHaveLength(1);
  });

  it('answers an unknown slug with 404 in the error shape, still CORS-open', async () => {
    const app = await createTestApp();
    const response = await widget(app, 'no-such-business');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Widget not found' } });
    expectCrossOrigin(response);
  });

  it(`is rate limited per IP at ${publicWidgetRateLimit.max} a minute, answered cross-origin`, async () => {
    const app = await createTestApp();
    const { slug } = await owner(app);
    for (let i = 0; i < publicWidgetRateLimit.max; i++) {
      const response = await widget(app, slug);
      if (response.statusCode !== 200) expect.fail(`request ${i + 1}: ${response.statusCode}`);
    }
    const limited = await widget(app, slug);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectCrossOrigin(limited);
    // Another address is not affected.
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/widget/${slug}`,
          remoteAddress: '203.0.113.9',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('the public widget cache', () => {
  it('serves a copy from memory until something it shows changes', async () => {
    const app = await createTestApp();
    const { business, slug } = await owner(app);
    const row = await createTestimonial(
      app.database.db,
      business.id,
      approved('2025-05-05T10:00:00Z', { content: 'The original words.' }),
    );
    expect((await widget(app, slug)).json().testimonials[0].content).toBe('The original words.');
    // A change that bypasses the services is not seen: the answer comes from the cache.
    await app.database.db
      .update(testimonials)
      .set({ content: 'Changed behind the back.' })
      .where(eq(testimonials.id, row.id));
    expect((await widget(app, slug)).json().testimonials[0].content).toBe('The original words.');
  });

  it('shows a testimonial right after its approval, and hides it right after a rejection or delete', async () => {
    const app = await createTestApp();
    const { business, slug, cookie } = await owner(app);
    const pending = await createTestimonial(app.database.db, business.id, {
      content: 'Just approved, visible now.',
    });
    const before = await widget(app, slug);
    expect(before.json().testimonials).toEqual([]);
    const beforeEmbed = await embed(app, slug);
    expect(beforeEmbed.body).not.toContain('Just approved');

    const approve = await app.inject({
      method: 'PATCH',
      url: `/api/testimonials/${pending.id}`,
      payload: { status: 'approved' },
      ...withSession(cookie),
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const after = await widget(app, slug, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().testimonials.map((t: { id: string }) => t.id)).toEqual([pending.id]);
    expect(
      (await embed(app, slug, { 'if-none-match': String(beforeEmbed.headers.etag) })).body,
    ).toContain('Just approved, visible now.');

    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/testimonials/${pending.id}`,
      payload: { content: 'Edited by the owner, shown at once.' },
      ...withSession(cookie),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await widget(app, slug)).json().testimonials[0].content).toBe(
      'Edited by the owner, shown at once.',
    );

    const reject = await app.inject({
      method: 'POST',
      url: '/api/testimonials/bulk',
      payload: { action: 'reject', ids: [pending.id] },
      ...withSession(cookie),
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect((await widget(app, slug)).json().testimonials).toEqual([]);

    await app.inject({
      method: 'POST',
      url: '/api/testimonials/bulk',
      payload: { action: 'approve', ids: [pending.id] },
      ...withSession(cookie),
    });
    expect((await widget(app, slug)).json().testimonials).toHaveLength(1);
    const remove = await app.inject({
      method: 'DELETE',
      url: `/api/testimonials/${pending.id}`,
      ...withSession(cookie),
    });
    expect(remove.statusCode, remove.body).toBe(200);
    expect((await widget(app, slug)).json().testimonials).toEqual([]);
  });

  it('shows settings changes and a business rename at once', async () => {
    const app = await createTestApp();
    const { business, slug, cookie } = await owner(app);
    await createTestimonial(app.database.db, business.id, approved('2025-05-05T10:00:00Z'));
    const first = await widget(app, slug);
    expect(first.json().settings.headerText).toBe('');
    expect((await embed(app, slug)).body).not.toContain('Acme Patisserie');

    await saveSettings(app, cookie, { headerText: 'What our customers say', textColor: '#112233' });
    expect((await widget(app, slug)).json().settings).toMatchObject({
      headerText: 'What our customers say',
      textColor: '#112233',
    });

    const toggle = await app.inject({
      method: 'PUT',
      url: '/api/widget-settings',
      payload: { showBusinessName: true },
      ...withSession(cookie),
    });
    expect(toggle.statusCode).toBe(200);
    expect((await widget(app, slug)).json().settings.showBusinessName).toBe(true);

    const rename = await app.inject({
      method: 'PATCH',
      url: '/api/business',
      payload: { name: 'Acme Patisserie', website: 'acme.example' },
      ...withSession(cookie),
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect((await widget(app, slug)).json().business.name).toBe('Acme Patisserie');
    expect((await embed(app, slug)).body).toContain('Acme Patisserie');
  });

  it("keeps each business's copy apart", async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const b = await owner(app);
    await createTestimonial(
      app.database.db,
      a.business.id,
      approved('2025-05-05T10:00:00Z', { content: 'Only for business A.' }),
    );
    await createTestimonial(
      app.database.db,
      b.business.id,
      approved('2025-05-05T10:00:00Z', { content: 'Only for business B.' }),
    );
    const answerA = await widget(app, a.slug);
    const answerB = await widget(app, b.slug);
    expect(answerA.body).toContain('Only for business A.');
    expect(answerA.body).not.toContain('Only for business B.');
    expect(answerB.body).toContain('Only for business B.');
    expect(answerB.body).not.toContain('Only for business A.');
  });
});

describe('GET /embed/:slug', () => {
  it('is a complete HTML page with the testimonials as escaped text, framable by any site', async () => {
    const app = await createTestApp();
    const { business, slug } = await owner(app);
    await createTestimonial(
      app.database.db,
      business.id,
      approved('2025-05-05T10:00:00Z', {
        authorName: `Mallory ${XSS}`,
        content: `Loved it ${XSS} truly`,
        authorEmail: 'mallory@example.com',
      }),
    );
    const response = await embed(app, slug);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toMatch(/^<!doctype html><html lang="en">.*<\/html>$/s);
    expect(response.body).toContain(
      'Loved it &lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; truly',
    );
    expect(response.body).toContain('Mallory &lt;script&gt;');
    const tags = new Set(
      [...response.body.matchAll(/<\/?([a-z0-9!]+)/gi)].map((match) => match[1]?.toLowerCase()),
    );
    expect(
      [...tags].filter(
        (tag) =>
          ![
            '!doctype',
            'html',
            'head',
            'meta',
            'title',
            'style',
            'body',
            'section',
            'div',
            'figure',
            'blockquote',
            'figcaption',
            'span',
            'i',
            'time',
            // The height messenger, allowed by its hash, and the counting script of our own origin
            // (embed-page.integration.test.ts).
            'script',
          ].includes(tag ?? ''),
      ),
    ).toEqual([]);
    expect(response.body).not.toContain('mallory@example.com');

    expect(response.headers['content-security-policy']).toBe(EMBED_CSP);
    expect(EMBED_CSP).toContain('frame-ancestors *');
    expect(EMBED_CSP).toContain("default-src 'none'");
    expect(EMBED_CSP).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(response.headers['x-frame-options']).toBeUndefined();
    expectCrossOrigin(response);
    expect(response.headers['cache-control']).toBe(PUBLIC_WIDGET_CACHE_CONTROL);

    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(etag).not.toBe((await widget(app, slug)).headers.etag);
    const revalidated = await embed(app, slug, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('uses the settings: header, colours, branding', async () => {
    const app = await createTestApp();
    const { business, slug, cookie } = await owner(app);
    await createTestimonial(app.database.db, business.id, approved('2025-05-05T10:00:00Z'));
    await saveSettings(app, cookie, {
      headerText: 'Kind words',
      backgroundColor: '#000000',
      textColor: '#FAFAFA',
      showBranding: true,
      fontFamily: '}</style><script>alert(1)</script>',
    });
    const html = (await embed(app, slug)).body;
    expect(html).toContain('<title>Kind words</title>');
    expect(html).toContain('>Kind words</h2>');
    expect(html).toContain('--bg:#000000;');
    expect(html).toContain('Powered by Vouchly');
    // The counting script and the height messenger, nothing from the settings.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('alert(1)');
  });

  it('names the configured product (PRODUCT_NAME) in the widget answer and the embed page', async () => {
    const app = await createTestApp({ productName: 'Kudos Box' });
    const { business, slug, cookie } = await owner(app);
    await createTestimonial(app.database.db, business.id, approved('2025-05-05T10:00:00Z'));
    expect((await saveSettings(app, cookie, { showBranding: true })).statusCode).toBe(200);
    expect((await widget(app, slug)).json().productName).toBe('Kudos Box');
    const html = (await embed(app, slug)).body;
    expect(html).toContain('Powered by Kudos Box');
    expect(html).not.toContain('Vouchly');
  });

  it('answers an unknown slug with a small 404 page', async () => {
    const app = await createTestApp();
    const response = await embed(app, 'no-such-business');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('could not be found');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
