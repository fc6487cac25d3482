// The public API v1 (docs/product/integrations.md#public-api-v1; docs/security.md rules 5, 6, 7, 19):
// a bearer API key opens its owner's business and nothing else.
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { businesses, testimonials, users, type BusinessRow } from '../../db/schema.js';
import {
  API_KEY_RATE_LIMIT,
  INVALID_API_KEY_MESSAGE,
  MISSING_API_KEY_MESSAGE,
  WRONG_API_KEY_LIMIT,
} from '../../plugins/api-key-auth.js';
import {
  createSignedInUser,
  createTestimonial,
  createTestimonials,
  withSession,
} from '../../testing/factories.js';
import { createTestApp, TEST_BASE_URL } from '../../testing/test-app.js';

type App = FastifyInstance;

async function ownerWithKey(app: App, overrides: Parameters<typeof createSignedInUser>[1] = {}) {
  const owner = await createSignedInUser(app, overrides);
  const response = await app.inject({
    method: 'POST',
    url: '/api/integrations/api-key',
    ...withSession(owner.cookie),
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    ...owner,
    business: owner.business as BusinessRow,
    apiKey: response.json<{ apiKey: string }>().apiKey,
  };
}

const api = (
  app: App,
  apiKey: string | null,
  request: {
    method?: 'GET' | 'POST';
    url: string;
    payload?: Record<string, unknown>;
    ip?: string;
    headers?: Record<string, string>;
  },
) =>
  app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    ...(request.payload ? { payload: request.payload } : {}),
    remoteAddress: request.ip ?? '127.0.0.1',
    headers: { ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...request.headers },
  });

type Page = {
  data: { id: string; status: string; source: string | null; submittedAt: string }[];
  nextCursor: string | null;
};

function expectNoBrowserAccess(response: LightMyRequestResponse): void {
  expect(response.headers['set-cookie']).toBeUndefined();
  expect(response.headers['access-control-allow-origin']).toBeUndefined();
  expect(response.headers['cache-control']).toBe('no-store');
}

describe('API v1 authentication', () => {
  it('a missing, malformed, unknown or query-string key gets 401 in the one error shape', async () => {
    const app = await createTestApp();
    const { apiKey } = await ownerWithKey(app);
    const missing = await api(app, null, { url: '/api/v1/testimonials' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: MISSING_API_KEY_MESSAGE },
    });
    expect(missing.headers['www-authenticate']).toBe('Bearer');

    const inQuery = await api(app, null, { url: `/api/v1/testimonials?api_key=${apiKey}` });
    expect(inQuery.statusCode).toBe(401);
    const asBasic = await api(app, null, {
      url: '/api/v1/testimonials',
      headers: { authorization: `Basic ${apiKey}` },
    });
    expect(asBasic.statusCode).toBe(401);

    for (const wrong of ['vly_nope', `vly_${'f'.repeat(64)}`, apiKey.toUpperCase()]) {
      const response = await api(app, wrong, { url: '/api/v1/testimonials' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'UNAUTHORIZED', message: INVALID_API_KEY_MESSAGE },
      });
      expectNoBrowserAccess(response);
    }
    const ok = await api(app, apiKey, { url: '/api/v1/testimonials' });
    expect(ok.statusCode).toBe(200);
    expectNoBrowserAccess(ok);
  });

  it('the 11th wrong key from one address in 15 minutes gets 429, even if it is right', async () => {
    const app = await createTestApp();
    const { apiKey } = await ownerWithKey(app);
    for (let guess = 0; guess < WRONG_API_KEY_LIMIT.max; guess++) {
      expect(
        (
          await api(app, `vly_${String(guess).padStart(64, '0')}`, {
            url: '/api/v1/widget',
            ip: '10.3.0.1',
          })
        ).statusCode,
      ).toBe(401);
    }
    const limited = await api(app, apiKey, { url: '/api/v1/widget', ip: '10.3.0.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await api(app, apiKey, { url: '/api/v1/widget', ip: '10.3.0.2' })).statusCode).toBe(
      200,
    );
  });

  it('allows 60 requests a minute per key, with RateLimit headers; the 61st gets 429 with Retry-After', async () => {
    const app = await createTestApp();
    const { apiKey } = await ownerWithKey(app);
    const first = await api(app, apiKey, { url: '/api/v1/widget' });
    expect(first.headers['ratelimit-limit']).toBe(String(API_KEY_RATE_LIMIT.max));
    expect(first.headers['ratelimit-remaining']).toBe(String(API_KEY_RATE_LIMIT.max - 1));
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    for (let request = 1; request < API_KEY_RATE_LIMIT.max; request++) {
      // From many addresses: the count is the key's.
      expect(
        (await api(app, apiKey, { url: '/api/v1/testimonials', ip: `10.4.0.${request}` }))
          .statusCode,
      ).toBe(200);
    }
    const limited = await api(app, apiKey, { url: '/api/v1/testimonials', ip: '10.4.1.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');

    const other = await ownerWithKey(app);
    expect((await api(app, other.apiKey, { url: '/api/v1/testimonials' })).statusCode).toBe(200);
  });

  it('an owner whose paid access ended gets 403 ACCESS_REQUIRED', async () => {
    const app = await createTestApp();
    const owner = await ownerWithKey(app);
    await app.database.db
      .update(users)
      .set({ isFreeAccount: false })
      .where(eq(users.id, owner.user.id));
    const response = await api(app, owner.apiKey, { url: '/api/v1/testimonials' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ACCESS_REQUIRED');
  });

  it('the key is never written to the log, even at trace level', async () => {
    let logged = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const app = await createTestApp({}, { logger: { level: 'trace', stream: sink } });
    const { apiKey } = await ownerWithKey(app);
    await api(app, apiKey, { url: '/api/v1/testimonials' });
    await api(app, apiKey, {
      method: 'POST',
      url: '/api/v1/testimonials',
      payload: { content: 'x' },
    });
    await api(app, apiKey.replace(/.$/, '0'), { url: '/api/v1/widget' });
    expect(logged.length).toBeGreaterThan(0);
    expect(logged).not.toContain(apiKey.slice(4, 40));
  });
});

describe('API v1 testimonials', () => {
  it('lists approved ones by default, newest first, and pages with a cursor through every row once', async () => {
    const app = await createTestApp();
    const owner = await ownerWithKey(app);
    const base = Date.parse('2026-06-01T00:00:00Z');
    await createTestimonials(app.database.db, owner.business.id, 45, (index) => ({
      status: index % 3 === 0 ? 'pending' : 'approved',
      approvedAt: index % 3 === 0 ? null : new Date(base),
      // Two rows share each time: the id breaks the tie.
      submittedAt: new Date(base + Math.floor(index / 2) * 1000),
    }));

    const seen: Page['data'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=7&cursor=${encodeURIComponent(cursor)}` : '?limit=7';
      const response = await api(app, owner.apiKey, { url: `/api/v1/testimonials${query}` });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<Page>();
      seen.push(...page.data);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);

    expect(seen).toHaveLength(30);
    expect(pages).toBe(5);
    expect(new Set(seen.map((row) => row.id)).size).toBe(30);
    expect(seen.every((row) => row.status === 'approved')).toBe(true);
    const times = seen.map((row) => Date.parse(row.submittedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const pending = await api(app, owner.apiKey, {
      url: '/api/v1/testimonials?status=pending&limit=100',
    });
    expect(pending.json<Page>().data).toHaveLength(15);
    expect(pending.json<Page>().nextCursor).toBeNull();
    const all = await api(app, owner.apiKey, { url: '/api/v1/testimonials?status=all&limit=100' });
    expect(all.json<Page>().data).toHaveLength(45);
  });

  it('bad list parameters get 400 VALIDATION_ERROR', async () => {
    const app = await createTestApp();
    const owner = await ownerWithKey(app);
    for (const query of [
      'status=published',
      'limit=0',
      'limit=101',
      'limit=abc',
      'cursor=not-a-cursor',
      `cursor=${Buffer.from('{"id":1}').toString('base64url')}`,
    ]) {
      const response = await api(app, owner.apiKey, { url: `/api/v1/testimonials?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it("reads one of its own testimonials; another tenant's id is a 404 and its key never reaches this business", async () => {
    const app = await createTestApp();
    const owner = await ownerWithKey(app);
    const other = await ownerWithKey(app);
    const mine = await createTestimonial(app.database.db, owner.business.id, { status: 'pending' });
    const theirs = await createTestimonial(app.database.db, other.business.id, {
      status: 'approved',
      approvedAt: new Date(),
    });

    const read = await api(app, owner.apiKey, { url: `/api/v1/testimonials/${mine.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: mine.id, status: 'pending', source: null });

    expect(
      (await api(app, owner.apiKey, { url: `/api/v1/testimonials/${theirs.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await api(app, other.apiKey, { url: `/api/v1/testimonials/${mine.id}` })).statusCode,
    ).toBe(404);
    const theirList = await api(app, other.apiKey, { url: '/api/v1/testimonials?status=all' });
    expect(theirList.json<Page>().data.map((row) => row.id)).toEqual([theirs.id]);
    expect(
      (await api(app, owner.apiKey, { url: '/api/v1/testimonials/not-a-uuid' })).statusCode,
    ).toBe(400);
  });

  it('creates an imported testimonial: pending by default, with its source; approved on request, and then in the widget', async () => {
    const app = await createTestApp();
    const owner = await ownerWithKey(app);
    const pending = await api(app, owner.apiKey, {
      method: 'POST',
      url: '/api/v1/testimonials',
      payload: {
        authorName: ' Dana ',
        content: 'Great service from start to finish.',
        rating: 4,
        source: 'google',
        authorEmail: 'dana@example.com',
      },
    });
    expect(pending.statusCode, pending.body).toBe(201);
    expect(pending.json()).toMatchObject({
      authorName: 'Dana',
      status: 'pending',
      approvedAt: null,
      source: 'google',
      rating: 4,
    });

    const widgetBefore = await app.inject({
      method: 'GET',
      url: `/api/widget/${owner.business.collectionSlug}`,
    });
    expect(widgetBefore.json().testimonials).toEqual([]);

    const approved = await api(app, owner.apiKey, {
      method: 'POST',
      url: '/api/v1/testimonials',
      payload: {
        authorName: 'Lee',
        content: 'Imported from our old review page, still true.',
        status: 'approved',
        source: 'csv-import',
        submittedAt: '2024-05-01T10:00:00Z',
      },
    });
    expect(approved.statusCode, approved.body).toBe(201);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      submittedAt: '2024-05-01T10:00:00.000Z',
      rating: 0,
    });
    expect(approved.json().approvedAt).not.toBeNull();

    const widgetAfter = await app.inject({
      method: 'GET',
      url: `/api/widget/${owner.business.collectionSlug}`,
    });
    expect(
      widgetAfter.json().testimonials.map((row: { authorName: string }) => row.authorName),
    ).toEqual(['Lee']);

    const dashboard = await app.inject({
      method: 'GET',
      url: '/api/testimonials?status=all',
      ...withSession(owner.cookie),
    });
    expect(
      dashboard
        .json()
        .items.map((row: { source: string | null }) => row.source)
        .sort(),
    ).toEqual(['csv-import', 'google']);
  });

  it("gives a testimonial whose call names no source the source 'api'", async () => {
    const app = await createTestApp();
    const owner = await ownerWithKey(app);
    const created = await api(app, owner.apiKey, {
      method: 'POST',
      url: '/api/v1/testimonials',
      payload: { authorName: 'Ola', content: 'Sent straight from our shop system.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ source: 'api', sourceUrl: null });
  });

  it('bad input gets a clear message and stores nothing', async () => {
    const app = await createTestApp();
    const owner = await ownerWithKey(app);
    const valid = { authorName: 'Sam', content: 'Ten characters at least.', source: 'google' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, content: 'short' }, 'Testimonial must be at least 10 characters'],
      [{ ...valid, authorName: '  ' }, 'Name is required'],
      [{ ...valid, source: ' ' }, 'Source is required'],
      [{ ...valid, source: 'x'.repeat(61) }, 'Source must be at most 60 characters'],
      [{ ...valid, rating: 6 }, 'Rating cannot be more than 5'],
      [{ ...valid, status: 'rejected' }, 'Status must be pending or approved'],
      [{ ...valid, authorEmail: 'nope' }, 'Invalid email format'],
      [{ ...valid, submittedAt: 'yesterday' }, 'submittedAt must be an ISO 8601 date-time'],
      [
        { ...valid, submittedAt: new Date(Date.now() + 86_400_000).toISOString() },
        'submittedAt cannot be in the future',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await api(app, owner.apiKey, {
        method: 'POST',
        url: '/api/v1/testimonials',
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect(
      await app.database.db
        .select()
        .from(testimonials)
        .where(eq(testimonials.businessId, owner.business.id)),
    ).toEqual([]);
  });

  it('an owner without a business yet gets 404 Business not found', async () => {
    const app = await createTestApp();
    const owner = await ownerWithKey(app, { businessName: null });
    const response = await api(app, owner.apiKey, { url: '/api/v1/widget' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Business not found');
  });
});

describe('API v1 widget', () => {
  it('answers the same JSON as GET /api/widget/{slug}', async () => {
    const app = await createTestApp();
    const owner = await ownerWithKey(app);
    await createTestimonial(app.database.db, owner.business.id, {
      status: 'approved',
      approvedAt: new Date(),
      authorEmail: 'private@example.com',
    });
    const viaKey = await api(app, owner.apiKey, { url: '/api/v1/widget' });
    const viaSlug = await app.inject({
      method: 'GET',
      url: `/api/widget/${owner.business.collectionSlug}`,
    });
    expect(viaKey.statusCode).toBe(200);
    expect(viaKey.json()).toEqual(viaSlug.json());
    expect(viaKey.json().testimonials).toHaveLength(1);
    expect(viaKey.body).not.toContain('private@example.com');
  });
});

describe('API v1 image addresses', () => {
  // BASE_URL may carry a path: the addresses start with all of it.
  const baseUrl = `${TEST_BASE_URL}/vouchly`;
  const images = {
    authorImageUrl: '/objects/uploads/author.webp',
    productImageUrls: ['/objects/uploads/product-1.webp', '/objects/uploads/product-2.webp'],
    beforeImageUrl: '/objects/uploads/before.webp',
    afterImageUrl: '/objects/uploads/after.webp',
  };
  const absoluteImages = {
    authorImageUrl: `${baseUrl}/objects/uploads/author.webp`,
    productImageUrls: [
      `${baseUrl}/objects/uploads/product-1.webp`,
      `${baseUrl}/objects/uploads/product-2.webp`,
    ],
    beforeImageUrl: `${baseUrl}/objects/uploads/before.webp`,
    afterImageUrl: `${baseUrl}/objects/uploads/after.webp`,
  };

  it("every image of a testimonial and the business logo is an absolute URL on the server's base URL", async () => {
    const app = await createTestApp({ baseUrl });
    const owner = await ownerWithKey(app);
    await app.database.db
      .update(businesses)
      .set({ logoUrl: '/objects/uploads/logo.webp' })
      .where(eq(businesses.id, owner.business.id));
    const row = await createTestimonial(app.database.db, owner.business.id, {
      status: 'approved',
      approvedAt: new Date(),
      ...images,
    });

    const list = await api(app, owner.apiKey, { url: '/api/v1/testimonials' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining(absoluteImages)]);

    const one = await api(app, owner.apiKey, { url: `/api/v1/testimonials/${row.id}` });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject(absoluteImages);

    const widget = await api(app, owner.apiKey, { url: '/api/v1/widget' });
    expect(widget.statusCode, widget.body).toBe(200);
    expect(widget.json().business.logoUrl).toBe(`${baseUrl}/objects/uploads/logo.webp`);
    expect(widget.json().testimonials).toEqual([expect.objectContaining(absoluteImages)]);

    // The app's own answers and the widget script's JSON keep their paths.
    const viaSlug = await app.inject({
      method: 'GET',
      url: `/api/widget/${owner.business.collectionSlug}`,
    });
    expect(viaSlug.json().business.logoUrl).toBe('/objects/uploads/logo.webp');
    expect(viaSlug.json().testimonials).toEqual([expect.objectContaining(images)]);
    const dashboard = await app.inject({
      method: 'GET',
      url: '/api/testimonials',
      ...withSession(owner.cookie),
    });
    expect(dashboard.json().items).toEqual([expect.objectContaining(images)]);
  });

  it('an address that is already absolute is left as it is; no image stays null', async () => {
    const app = await createTestApp({ baseUrl });
    const owner = await ownerWithKey(app);
    await app.database.db
      .update(businesses)
      .set({ logoUrl: 'https://cdn.example.com/logo.png' })
      .where(eq(businesses.id, owner.business.id));
    await createTestimonial(app.database.db, owner.business.id, {
      status: 'approved',
      approvedAt: new Date(),
    });

    const widget = await api(app, owner.apiKey, { url: '/api/v1/widget' });
    expect(widget.json().business.logoUrl).toBe('https://cdn.example.com/logo.png');
    expect(widget.json().testimonials[0]).toMatchObject({
      authorImageUrl: null,
      productImageUrls: [],
      beforeImageUrl: null,
      afterImageUrl: null,
    });

    const created = await api(app, owner.apiKey, {
      method: 'POST',
      url: '/api/v1/testimonials',
      payload: { authorName: 'Ana', content: 'Imported with no photo at all.', source: 'google' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      authorImageUrl: null,
      productImageUrls: [],
      beforeImageUrl: null,
      afterImageUrl: null,
    });
  });
});
