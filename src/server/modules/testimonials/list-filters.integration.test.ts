// GET /api/testimonials sort and filters (docs/product/testimonials.md#calls):
// newest, oldest, highest and lowest rating; an exact rating or a minimum;
// a date range in whole UTC days. Counts and pages follow the filters, and
// another owner's rows never show.
import { describe, expect, it } from 'vitest';
import { createSignedInUser, createTestimonial, withSession } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

async function owner(app: App) {
  const created = await createSignedInUser(app);
  if (!created.business) throw new Error('owner without business');
  return { businessId: created.business.id, session: withSession(created.cookie) };
}

/** Five testimonials of `a` over five days of March 2025, and one of `b` matching everything. */
async function seed() {
  const app = await createTestApp();
  const a = await owner(app);
  const b = await owner(app);
  const { db } = app.database;
  const make = (name: string, rating: number, day: string, status = 'pending' as const) =>
    createTestimonial(db, a.businessId, {
      authorName: name,
      rating,
      status,
      submittedAt: new Date(`2025-03-${day}T12:00:00Z`),
    });
  const rows = {
    first: await make('First', 3, '01'),
    second: await make('Second', 5, '02'),
    third: await createTestimonial(db, a.businessId, {
      authorName: 'Third',
      rating: 1,
      status: 'approved',
      submittedAt: new Date('2025-03-03T23:59:59Z'),
    }),
    fourth: await make('Fourth', 4, '04'),
    fifth: await make('Fifth', 5, '05'),
  };
  for (const day of ['01', '03', '05']) {
    await createTestimonial(db, b.businessId, {
      authorName: 'Foreign',
      rating: 5,
      submittedAt: new Date(`2025-03-${day}T12:00:00Z`),
    });
  }
  const list = async (query: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/testimonials?${query}`,
      ...a.session,
    });
    return response;
  };
  const names = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().items as Array<{ authorName: string }>).map((item) => item.authorName);
  };
  return { app, rows, list, names };
}

describe('GET /api/testimonials: sort', () => {
  it('sorts newest (default), oldest, highest and lowest rating (ties newest first)', async () => {
    const { names } = await seed();
    expect(await names('')).toEqual(['Fifth', 'Fourth', 'Third', 'Second', 'First']);
    expect(await names('sort=newest')).toEqual(['Fifth', 'Fourth', 'Third', 'Second', 'First']);
    expect(await names('sort=oldest')).toEqual(['First', 'Second', 'Third', 'Fourth', 'Fifth']);
    expect(await names('sort=rating-high')).toEqual([
      'Fifth',
      'Second',
      'Fourth',
      'First',
      'Third',
    ]);
    expect(await names('sort=rating-low')).toEqual(['Third', 'First', 'Fourth', 'Fifth', 'Second']);
  });
});

describe('GET /api/testimonials: filters', () => {
  it('filters by an exact rating or a minimum, counts following the filter', async () => {
    const { list, names } = await seed();
    expect(await names('rating=5')).toEqual(['Fifth', 'Second']);
    expect(await names('rating=2')).toEqual([]);
    expect(await names('minRating=4')).toEqual(['Fifth', 'Fourth', 'Second']);
    const body = (await list('minRating=3&status=pending')).json();
    expect(body.total).toBe(4);
    expect(body.counts).toEqual({ all: 4, pending: 4, approved: 0, rejected: 0 });
    const ones = (await list('rating=1')).json();
    expect(ones.counts).toEqual({ all: 1, pending: 0, approved: 1, rejected: 0 });
  });

  it('filters by a date range of whole UTC days, both ends included', async () => {
    const { names, list } = await seed();
    expect(await names('from=2025-03-02&to=2025-03-03')).toEqual(['Third', 'Second']);
    expect(await names('from=2025-03-04')).toEqual(['Fifth', 'Fourth']);
    expect(await names('to=2025-03-01')).toEqual(['First']);
    expect(await names('from=2025-03-03&to=2025-03-03')).toEqual(['Third']);
    const combined = (await list('from=2025-03-02&minRating=4&sort=oldest&q=fi')).json();
    expect(combined.items.map((item: { authorName: string }) => item.authorName)).toEqual([
      'Fifth',
    ]);
    expect(combined.total).toBe(1);
  });

  it('pages the filtered list with totals of the filtered rows', async () => {
    const { list } = await seed();
    const pages = [];
    for (const page of [1, 2]) {
      const body = (await list(`minRating=3&sort=oldest&pageSize=2&page=${page}`)).json();
      expect(body.total).toBe(4);
      pages.push(...body.items.map((item: { authorName: string }) => item.authorName));
    }
    expect(pages).toEqual(['First', 'Second', 'Fourth', 'Fifth']);
  });

  it('answers 400 with a clear message for a bad sort, rating or date, and from after to', async () => {
    const { list } = await seed();
    const cases: Array<[string, string]> = [
      ['sort=best', 'Invalid sort'],
      ['rating=6', 'Rating must be from 1 to 5'],
      ['rating=0', 'Rating must be from 1 to 5'],
      ['minRating=abc', 'Rating must be from 1 to 5'],
      ['from=2025-13-01', 'Invalid date (use YYYY-MM-DD)'],
      ['to=yesterday', 'Invalid date (use YYYY-MM-DD)'],
      ['from=2025-02-30', 'Invalid date (use YYYY-MM-DD)'],
      ['from=2025-03-05&to=2025-03-01', 'The start date must be on or before the end date'],
    ];
    for (const [query, message] of cases) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe('VALIDATION_ERROR');
      expect(response.body, query).toContain(message);
    }
    const blank = await list('sort=&rating=&minRating=&from=&to=');
    expect(blank.statusCode).toBe(200);
    expect(blank.json().total).toBe(5);
  });
});
