// Moderation API (docs/product/testimonials.md#testimonial-fields, docs/product/testimonials.md#statuses, docs/product/testimonials.md#edit-rules, docs/product/testimonials.md#calls): list, stats, edit, delete and bulk actions,
// always scoped to the signed-in owner's business.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testimonials } from '../../db/schema.js';
import {
  createSignedInUser,
  createTestimonial,
  createTestimonials,
  withSession,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

async function owner(app: App) {
  const created = await createSignedInUser(app);
  if (!created.business) throw new Error('owner without business');
  return { ...created, businessId: created.business.id, session: withSession(created.cookie) };
}

async function rowOf(app: App, id: string) {
  const [row] = await app.database.db.select().from(testimonials).where(eq(testimonials.id, id));
  return row;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('authentication and business', () => {
  it('answers 401 Unauthorized to every testimonial route without a session', async () => {
    const app = await createTestApp();
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      { method: 'GET', url: '/api/testimonials' },
      { method: 'GET', url: '/api/testimonials/stats' },
      { method: 'GET', url: '/api/testimonials/export.csv' },
      { method: 'GET', url: '/api/testimonials/export.json' },
      { method: 'PATCH', url: `/api/testimonials/${id}`, payload: { status: 'approved' } },
      { method: 'DELETE', url: `/api/testimonials/${id}` },
      { method: 'POST', url: '/api/testimonials/bulk', payload: { action: 'approve', ids: [id] } },
      { method: 'GET', url: '/api/widget-settings' },
      { method: 'PUT', url: '/api/widget-settings', payload: { showBusinessName: true } },
    ] as const;
    for (const call of calls) {
      const response = await app.inject(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Unauthorized' } });
    }
  });

  it('answers 404 Business not found before the business is set up', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app, { businessName: null });
    for (const url of ['/api/testimonials', '/api/testimonials/stats', '/api/widget-settings']) {
      const response = await app.inject({ method: 'GET', url, ...withSession(cookie) });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Business not found');
    }
  });
});

describe('GET /api/testimonials', () => {
  it('lists the business testimonials newest first with counts, ignoring other businesses', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const b = await owner(app);
    const { db } = app.database;
    const old = await createTestimonial(db, a.businessId, {
      authorName: 'Old',
      submittedAt: minutesAgo(30),
    });
    const newest = await createTestimonial(db, a.businessId, {
      authorName: 'Newest',
      submittedAt: minutesAgo(1),
      status: 'approved',
    });
    const middle = await createTestimonial(db, a.businessId, {
      authorName: 'Middle',
      submittedAt: minutesAgo(10),
      status: 'rejected',
    });
    await createTestimonial(db, b.businessId, { authorName: 'Foreign' });

    const response = await app.inject({ method: 'GET', url: '/api/testimonials', ...a.session });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.items.map((item: { id: string }) => item.id)).toEqual([
      newest.id,
      middle.id,
      old.id,
    ]);
    expect(body).toMatchObject({
      page: 1,
      pageSize: 20,
      total: 3,
      counts: { all: 3, pending: 1, approved: 1, rejected: 1 },
    });
    expect(Object.keys(body.items[0]).sort()).toEqual(
      [
        'afterImageUrl',
        'approvedAt',
        'authorBusinessName',
        'authorEmail',
        'authorImageUrl',
        'authorLocation',
        'authorName',
        'beforeImageUrl',
        'content',
        'id',
        'productImageUrls',
        'rating',
        'source',
        'sourceUrl',
        'goneFromSourceAt',
        'status',
        'submittedAt',
        'tags',
      ].sort(),
    );

    const approved = await app.inject({
      method: 'GET',
      url: '/api/testimonials?status=approved',
      ...a.session,
    });
    expect(approved.json().items.map((item: { id: string }) => item.id)).toEqual([newest.id]);
    expect(approved.json().total).toBe(1);
    expect(approved.json().counts.all).toBe(3);
  });

  it('pages with a stable order, even for equal submission times', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const sameTime = new Date('2025-03-01T10:00:00Z');
    await createTestimonials(app.database.db, a.businessId, 45, (index) => ({
      submittedAt: index < 20 ? sameTime : new Date(sameTime.getTime() + index * 1000),
    }));
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/testimonials?page=${page}&pageSize=10`,
        ...a.session,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.total).toBe(45);
      seen.push(...body.items.map((item: { id: string }) => item.id));
      expect(body.items.length).toBe(page === 5 ? 5 : 10);
    }
    expect(new Set(seen).size).toBe(45);
    const beyond = await app.inject({
      method: 'GET',
      url: '/api/testimonials?page=9&pageSize=10',
      ...a.session,
    });
    expect(beyond.json()).toMatchObject({ items: [], total: 45, page: 9 });
  });

  it('searches author name, content and tags case-insensitively, wildcards taken literally', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const { db } = app.database;
    const byName = await createTestimonial(db, a.businessId, {
      authorName: 'Jane SMITH',
      content: 'Great cakes all round.',
    });
    const byContent = await createTestimonial(db, a.businessId, {
      content: 'Best sourdough in Smithfield.',
      status: 'approved',
    });
    const byTag = await createTestimonial(db, a.businessId, { tags: ['wedding', 'Smithy'] });
    const percent = await createTestimonial(db, a.businessId, {
      content: 'We saved 100% on our order',
    });
    const underscore = await createTestimonial(db, a.businessId, {
      content: 'file_name was weird',
      tags: ['a\\b'],
    });
    await createTestimonial(db, a.businessId, {
      authorName: 'Bob',
      content: 'Nothing to see here at all.',
      tags: ['cake'],
    });

    const search = async (q: string, extra = '') => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/testimonials?q=${encodeURIComponent(q)}${extra}`,
        ...a.session,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const ids = (body: { items: Array<{ id: string }> }) =>
      body.items.map((item) => item.id).sort();

    expect(ids(await search('smith'))).toEqual([byName.id, byContent.id, byTag.id].sort());
    expect(ids(await search('WEDDING'))).toEqual([byTag.id]);
    const filtered = await search('smith', '&status=approved');
    expect(ids(filtered)).toEqual([byContent.id]);
    expect(filtered.counts).toEqual({ all: 3, pending: 2, approved: 1, rejected: 0 });
    expect(ids(await search('%'))).toEqual([percent.id]);
    expect(ids(await search('0%'))).toEqual([percent.id]);
    expect(ids(await search('_'))).toEqual([underscore.id]);
    expect(ids(await search('a\\b'))).toEqual([underscore.id]);
    expect(ids(await search('no such words'))).toEqual([]);
    // Author "Jane SMITH" and content "Great cakes…": a match never spans two fields.
    expect(ids(await search('smith great'))).toEqual([]);
    expect(ids(await search('  great \t cakes '))).toEqual([byName.id]);
    // A blank search is no search.
    expect((await search('   ')).total).toBe(6);
  });

  it('validates the query', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    for (const query of [
      'pageSize=101',
      'pageSize=0',
      'page=0',
      'page=abc',
      'status=hidden',
      `q=${'x'.repeat(201)}`,
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/testimonials?${query}`,
        ...a.session,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    const all = await app.inject({
      method: 'GET',
      url: '/api/testimonials?status=all&q=&page=&pageSize=100',
      ...a.session,
    });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, pageSize: 100 });
  });
});

describe('GET /api/testimonials/stats', () => {
  it('is all zeros for an empty business', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/testimonials/stats',
      ...a.session,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ total: 0, pending: 0, thisMonth: 0, avgRating: 0 });
  });

  it('counts totals, pending and this month, and averages ratings above 0 to one decimal', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const b = await owner(app);
    const { db } = app.database;
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    await createTestimonial(db, a.businessId, { rating: 5, status: 'pending' });
    await createTestimonial(db, a.businessId, { rating: 4, status: 'approved' });
    await createTestimonial(db, a.businessId, {
      rating: 4,
      status: 'rejected',
      submittedAt: monthStart,
    });
    await createTestimonial(db, a.businessId, {
      rating: 0,
      status: 'pending',
      submittedAt: new Date(monthStart.getTime() - 1),
    });
    await createTestimonial(db, b.businessId, { rating: 1 });

    const response = await app.inject({
      method: 'GET',
      url: '/api/testimonials/stats',
      ...a.session,
    });
    // (5 + 4 + 4) / 3 = 4.333…; the 0 (no rating given) is left out.
    expect(response.json()).toEqual({ total: 4, pending: 2, thisMonth: 3, avgRating: 4.3 });
  });
});

describe('PATCH /api/testimonials/:id', () => {
  it('sets approvedAt when {status} approves, keeps it while approved, clears it when it leaves', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const row = await createTestimonial(app.database.db, a.businessId);
    const patch = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: `/api/testimonials/${row.id}`, payload, ...a.session });

    const before = Date.now();
    const approved = await patch({ status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    const approvedAt = approved.json().approvedAt as string;
    expect(approved.json().status).toBe('approved');
    expect(new Date(approvedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const again = await patch({ status: 'approved' });
    expect(again.json().approvedAt).toBe(approvedAt);

    const rejected = await patch({ status: 'rejected' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', approvedAt: null });
    expect((await rowOf(app, row.id))?.approvedAt).toBeNull();

    const pending = await patch({ status: 'pending' });
    expect(pending.json()).toMatchObject({ status: 'pending', approvedAt: null });
  });

  it('applies the same rule to the edit form, ignoring a client-sent approvedAt', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const row = await createTestimonial(app.database.db, a.businessId, { tags: ['old'] });
    const form = {
      authorName: '  Jane Doe ',
      authorEmail: 'jane@example.com',
      authorLocation: '',
      content: ' Wonderful service. ',
      rating: 4,
      status: 'approved',
      tags: [' vegan ', 'Vegan', 'gluten free', 'vegan'],
      approvedAt: '2001-01-01T00:00:00.000Z',
      authorImageUrl: null,
    };
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/testimonials/${row.id}`,
      payload: form,
      ...a.session,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      authorName: 'Jane Doe',
      authorEmail: 'jane@example.com',
      authorLocation: null,
      content: 'Wonderful service.',
      rating: 4,
      status: 'approved',
      tags: ['vegan', 'gluten free'],
    });
    expect(Date.now() - new Date(body.approvedAt).getTime()).toBeLessThan(60_000);

    const unapproved = await app.inject({
      method: 'PATCH',
      url: `/api/testimonials/${row.id}`,
      payload: { ...form, status: 'pending', approvedAt: new Date().toISOString() },
      ...a.session,
    });
    expect(unapproved.json()).toMatchObject({ status: 'pending', approvedAt: null });

    // Without a status change, a sent approvedAt changes nothing.
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/testimonials/${row.id}`,
      payload: { content: 'Changed text', approvedAt: new Date().toISOString() },
      ...a.session,
    });
    expect(edited.json()).toMatchObject({
      content: 'Changed text',
      status: 'pending',
      approvedAt: null,
    });
  });

  it('refuses invalid edits with the form messages and stores nothing', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const row = await createTestimonial(app.database.db, a.businessId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ authorName: '   ' }, 'Author name is required'],
      [{ content: '' }, 'Content is required'],
      [{ rating: 0 }, 'Please select a rating'],
      [{ rating: 6 }, 'Rating cannot be more than 5'],
      [{ rating: 2.5 }, 'Please select a rating'],
      [{ status: 'hidden' }, 'Invalid status'],
      [{ tags: ['ok', '  '] }, 'Tag cannot be empty'],
      [{ tags: ['x'.repeat(41)] }, 'Tag must be at most 40 characters'],
      [{ tags: Array.from({ length: 21 }, (_, index) => `tag ${index}`) }, 'At most 20 tags'],
      [{ authorEmail: 'not-an-email' }, 'Invalid email format'],
    ];
    for (const [payload, message] of cases) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/testimonials/${row.id}`,
        payload,
        ...a.session,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect(await rowOf(app, row.id)).toEqual(row);
  });

  it('removes the author photo with null, but sets a new one only through the upload call', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const row = await createTestimonial(app.database.db, a.businessId, {
      authorImageUrl: '/objects/uploads/face.jpg',
    });
    const same = await app.inject({
      method: 'PATCH',
      url: `/api/testimonials/${row.id}`,
      payload: { authorImageUrl: '/objects/uploads/face.jpg', authorName: 'Same Photo' },
      ...a.session,
    });
    expect(same.json()).toMatchObject({
      authorName: 'Same Photo',
      authorImageUrl: '/objects/uploads/face.jpg',
    });

    const other = await app.inject({
      method: 'PATCH',
      url: `/api/testimonials/${row.id}`,
      payload: { authorImageUrl: 'https://evil.example/tracker.png' },
      ...a.session,
    });
    expect(other.statusCode).toBe(400);
    expect((await rowOf(app, row.id))?.authorImageUrl).toBe('/objects/uploads/face.jpg');

    const removed = await app.inject({
      method: 'PATCH',
      url: `/api/testimonials/${row.id}`,
      payload: { authorImageUrl: null },
      ...a.session,
    });
    expect(removed.json().authorImageUrl).toBeNull();
  });

  it("answers 404 for another business's testimonial, an unknown id, and 400 for a malformed one", async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const b = await owner(app);
    const foreign = await createTestimonial(app.database.db, a.businessId);
    const asB = await app.inject({
      method: 'PATCH',
      url: `/api/testimonials/${foreign.id}`,
      payload: { status: 'approved' },
      ...b.session,
    });
    expect(asB.statusCode).toBe(404);
    expect(asB.json().error.message).toBe('Testimonial not found');
    expect(await rowOf(app, foreign.id)).toEqual(foreign);
    const malformed = await app.inject({
      method: 'PATCH',
      url: '/api/testimonials/not-a-uuid',
      payload: { status: 'approved' },
      ...a.session,
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('DELETE /api/testimonials/:id', () => {
  it('deletes the row; another owner gets 404 and deletes nothing', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const b = await owner(app);
    const row = await createTestimonial(app.database.db, a.businessId);
    const asB = await app.inject({
      method: 'DELETE',
      url: `/api/testimonials/${row.id}`,
      ...b.session,
    });
    expect(asB.statusCode).toBe(404);
    expect(await rowOf(app, row.id)).toBeDefined();
    const asA = await app.inject({
      method: 'DELETE',
      url: `/api/testimonials/${row.id}`,
      ...a.session,
    });
    expect(asA.statusCode).toBe(200);
    expect(asA.json()).toEqual({ deleted: 1 });
    expect(await rowOf(app, row.id)).toBeUndefined();
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/testimonials/${row.id}`,
      ...a.session,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('POST /api/testimonials/bulk', () => {
  it('approves, rejects and deletes many in one call, keeping earlier approval times', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const { db } = app.database;
    const earlier = new Date('2024-05-05T05:05:05.000Z');
    const alreadyApproved = await createTestimonial(db, a.businessId, {
      status: 'approved',
      approvedAt: earlier,
    });
    const pending = await createTestimonial(db, a.businessId);
    const rejected = await createTestimonial(db, a.businessId, { status: 'rejected' });
    const ids = [alreadyApproved.id, pending.id, rejected.id];

    const approve = await app.inject({
      method: 'POST',
      url: '/api/testimonials/bulk',
      payload: { action: 'approve', ids },
      ...a.session,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toEqual({ updated: 3 });
    expect(await rowOf(app, alreadyApproved.id)).toMatchObject({
      status: 'approved',
      approvedAt: earlier,
    });
    for (const id of [pending.id, rejected.id]) {
      const row = await rowOf(app, id);
      expect(row?.status).toBe('approved');
      expect(Date.now() - (row?.approvedAt?.getTime() ?? 0)).toBeLessThan(60_000);
    }

    const reject = await app.inject({
      method: 'POST',
      url: '/api/testimonials/bulk',
      payload: { action: 'reject', ids: [pending.id, pending.id.toUpperCase()] },
      ...a.session,
    });
    expect(reject.json()).toEqual({ updated: 1 });
    expect(await rowOf(app, pending.id)).toMatchObject({ status: 'rejected', approvedAt: null });

    const remove = await app.inject({
      method: 'POST',
      url: '/api/testimonials/bulk',
      payload: { action: 'delete', ids: [pending.id, rejected.id] },
      ...a.session,
    });
    expect(remove.json()).toEqual({ deleted: 2 });
    expect(await rowOf(app, pending.id)).toBeUndefined();
    expect(await rowOf(app, rejected.id)).toBeUndefined();
    expect(await rowOf(app, alreadyApproved.id)).toBeDefined();
  });

  it('changes nothing when one id is foreign or unknown (404, one transaction)', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const b = await owner(app);
    const { db } = app.database;
    const mine = [
      await createTestimonial(db, b.businessId),
      await createTestimonial(db, b.businessId),
    ];
    const foreign = await createTestimonial(db, a.businessId);
    for (const action of ['approve', 'reject', 'delete'] as const) {
      for (const stranger of [foreign.id, '00000000-0000-4000-8000-000000000001']) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/testimonials/bulk',
          payload: { action, ids: [mine[0]?.id, stranger, mine[1]?.id] },
          ...b.session,
        });
        expect(response.statusCode, `${action} ${stranger}`).toBe(404);
        expect(response.json().error.message).toBe('Testimonial not found');
      }
    }
    for (const row of [...mine, foreign]) expect(await rowOf(app, row.id)).toEqual(row);
  });

  it('validates the action and the id list', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const id = '00000000-0000-4000-8000-000000000001';
    const cases: Array<[unknown, string]> = [
      [{ action: 'hide', ids: [id] }, 'Invalid action'],
      [{ action: 'approve', ids: [] }, 'Select at least one testimonial'],
      [
        { action: 'approve', ids: Array.from({ length: 501 }, () => id) },
        'At most 500 testimonials at a time',
      ],
      [{ action: 'approve', ids: ['nope'] }, 'Invalid testimonial id'],
    ];
    for (const [payload, message] of cases) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/testimonials/bulk',
        payload: payload as object,
        ...a.session,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });
});
