// GET /api/testimonials?source= (docs/product/testimonials.md#sources): `form` is the public form's testimonials
// (source null), any other value one source, letter case aside; `sources` lists every source the business has,
// whatever the filters. Another business's rows and sources never show, whichever source is asked for.
import { describe, expect, it } from 'vitest';
import type { TestimonialList } from '../../../shared/schemas/testimonials.js';
import { TESTIMONIAL_SOURCE_MAX } from '../../../shared/constants.js';
import { createSignedInUser, createTestimonial, withSession } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

async function owner(app: App) {
  const created = await createSignedInUser(app);
  if (!created.business) throw new Error('owner without business');
  return { businessId: created.business.id, session: withSession(created.cookie) };
}

async function seed() {
  const app = await createTestApp();
  const a = await owner(app);
  const b = await owner(app);
  const { db } = app.database;
  const make = (
    businessId: string,
    authorName: string,
    source: string | null,
    status = 'pending',
  ) =>
    createTestimonial(db, businessId, {
      authorName,
      source,
      status: status as 'pending' | 'approved',
    });
  await make(a.businessId, 'Fern Form', null);
  await make(a.businessId, 'Flo Form', null, 'approved');
  await make(a.businessId, 'Tess Trust', 'trustpilot');
  await make(a.businessId, 'Gail Google', 'google', 'approved');
  await make(a.businessId, 'Gus Google', 'Google');
  await make(a.businessId, 'Cass Csv', 'csv');
  // The other business: a source of its own, and ones `a` has too.
  await make(b.businessId, 'Foreign Senja', 'senja');
  await make(b.businessId, 'Foreign Google', 'google', 'approved');
  await make(b.businessId, 'Foreign Form', null);
  const list = (session: typeof a.session, query: string) =>
    app.inject({ method: 'GET', url: `/api/testimonials?${query}`, ...session });
  const names = async (query: string, session = a.session) => {
    const response = await list(session, query);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TestimonialList>();
    return { names: body.items.map((item) => item.authorName).sort(), body };
  };
  return { app, a, b, list, names };
}

describe('GET /api/testimonials?source=', () => {
  it('lists only that source, letter case aside, with counts and total following it', async () => {
    const { names } = await seed();
    expect((await names('source=trustpilot')).names).toEqual(['Tess Trust']);
    const google = await names('source=GOOGLE');
    expect(google.names).toEqual(['Gail Google', 'Gus Google']);
    expect(google.body.total).toBe(2);
    expect(google.body.counts).toEqual({ all: 2, pending: 1, approved: 1, rejected: 0 });
    expect((await names('source=google&status=approved')).names).toEqual(['Gail Google']);
    expect((await names('source=csv')).names).toEqual(['Cass Csv']);
    // A source the business does not have: an empty list, not an error.
    const none = await names('source=yelp');
    expect(none.names).toEqual([]);
    expect(none.body.total).toBe(0);
  });

  it('form: the public form’s testimonials, whose source is null', async () => {
    const { names } = await seed();
    const form = await names('source=form');
    expect(form.names).toEqual(['Fern Form', 'Flo Form']);
    expect(form.body.counts).toEqual({ all: 2, pending: 1, approved: 1, rejected: 0 });
    // Combined with the other filters.
    expect((await names('source=form&q=flo')).names).toEqual(['Flo Form']);
  });

  it('answers every source the business has, the form first, whatever the filters', async () => {
    const { names } = await seed();
    for (const query of ['', 'source=trustpilot', 'status=rejected', 'q=nobody']) {
      const { body } = await names(query);
      // One spelling of Google (which one depends on the database's collation), no source of the other business.
      expect(body.sources[0], query).toBeNull();
      expect(body.sources.map((source) => source?.toLowerCase()).sort(), query).toEqual([
        'csv',
        'google',
        'trustpilot',
        undefined,
      ]);
    }
  });

  it('never shows another business’s rows or sources (tenant isolation)', async () => {
    const { names, b } = await seed();
    // A source only the other business has, and ones both have.
    expect((await names('source=senja')).names).toEqual([]);
    expect((await names('source=google')).names).not.toContain('Foreign Google');
    expect((await names('source=form')).names).not.toContain('Foreign Form');
    const other = await names('source=google', b.session);
    expect(other.names).toEqual(['Foreign Google']);
    expect(other.body.sources).toEqual([null, 'google', 'senja']);
  });

  it('has only sources of the form, or none, for a business without imports', async () => {
    const app = await createTestApp();
    const c = await owner(app);
    const empty = await app.inject({ method: 'GET', url: '/api/testimonials', ...c.session });
    expect(empty.json<TestimonialList>().sources).toEqual([]);
    await createTestimonial(app.database.db, c.businessId, { source: null });
    const form = await app.inject({ method: 'GET', url: '/api/testimonials', ...c.session });
    expect(form.json<TestimonialList>().sources).toEqual([null]);
  });

  it('answers 400 for a source too long or with a NUL, and reads an empty one as none', async () => {
    const { list, a, names } = await seed();
    const long = await list(a.session, `source=${'a'.repeat(TESTIMONIAL_SOURCE_MAX + 1)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details).toEqual([
      { path: 'source', message: `Source must be at most ${TESTIMONIAL_SOURCE_MAX} characters` },
    ]);
    const nul = await list(a.session, 'source=goo%00gle');
    expect(nul.statusCode).toBe(400);
    expect((await names('source=')).names).toHaveLength(6);
  });
});
