// GET /api/analytics, GET /api/analytics/export.csv and GET /api/v1/analytics: the figures read from the daily
// rollups (seeded here straight into analytics_daily), zero-filled over the range, with the period before it, the
// attention lists and the form's approvals on the business's local days.
import { describe, expect, it } from 'vitest';
import { noAnalyticsTotals } from '../../../shared/schemas/analytics.js';
import { analyticsDaily } from '../../db/schema.js';
import { createSignedInUser, createTestimonial, withSession } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { metrics, TOTAL } from './metrics.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Seed = [day: string, metric: string, dimension: string, count: number];

async function owner(app: App, overrides: Parameters<typeof createSignedInUser>[1] = {}) {
  const created = await createSignedInUser(app, overrides);
  if (!created.business) throw new Error('owner without business');
  return { businessId: created.business.id, cookie: created.cookie };
}

async function seed(app: App, businessId: string, rows: Seed[]): Promise<void> {
  await app.database.db.insert(analyticsDaily).values(
    rows.map(([day, metric, dimension, count]) => ({
      businessId,
      day,
      metric,
      dimension,
      count,
    })),
  );
}

const WEEK = 'from=2026-03-01&to=2026-03-07';

function read(app: App, cookie: string, query = WEEK) {
  return app.inject({ method: 'GET', url: `/api/analytics?${query}`, ...withSession(cookie) });
}

const zeroDay = (date: string) => ({ date, ...noAnalyticsTotals(), approved: 0 });

/** A week with figures on two days, the week before with some, and rows either side that must not count. */
const weekRows: Seed[] = [
  ['2026-03-02', metrics.impressions, TOTAL, 10],
  ['2026-03-02', metrics.visitors, TOTAL, 4],
  ['2026-03-02', metrics.interactions, TOTAL, 3],
  ['2026-03-02', metrics.formViews, TOTAL, 5],
  ['2026-03-02', metrics.formStarts, TOTAL, 2],
  ['2026-03-02', metrics.submissions, TOTAL, 1],
  ['2026-03-05', metrics.impressions, TOTAL, 6],
  ['2026-03-02', metrics.impressions, 'main-widget', 10],
  ['2026-03-05', metrics.impressions, 'main-widget', 4],
  ['2026-03-05', metrics.impressions, 'second', 2],
  ['2026-03-02', metrics.widgetInteractions, 'main-widget', 3],
  ['2026-03-02', metrics.interactions, 'next', 2],
  ['2026-03-02', metrics.interactions, 'read_more', 1],
  ['2026-03-02', metrics.formViews, 'qr', 3],
  ['2026-03-02', metrics.formViews, 'link', 2],
  // The week before: in `previous`, never in the splits.
  ['2026-02-28', metrics.impressions, TOTAL, 7],
  ['2026-02-22', metrics.visitors, TOTAL, 2],
  ['2026-02-28', metrics.formViews, 'wall', 9],
  // Outside both.
  ['2026-02-21', metrics.impressions, TOTAL, 100],
  ['2026-03-08', metrics.impressions, TOTAL, 50],
  ['2026-03-08', metrics.formViews, 'email', 50],
];

describe('GET /api/analytics', () => {
  it('answers every day of the range, zero-filled, with totals, the period before and the splits', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const other = await owner(app);
    await seed(app, a.businessId, weekRows);
    // Another business's figures on the same days count for it alone.
    await seed(app, other.businessId, [['2026-03-02', metrics.impressions, TOTAL, 1000]]);

    const response = await read(app, a.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.from).toBe('2026-03-01');
    expect(report.to).toBe('2026-03-07');
    expect(report.timeZone).toBe('UTC');
    expect(report.days).toEqual([
      zeroDay('2026-03-01'),
      {
        ...zeroDay('2026-03-02'),
        impressions: 10,
        visitors: 4,
        interactions: 3,
        formViews: 5,
        formStarts: 2,
        submissions: 1,
      },
      zeroDay('2026-03-03'),
      zeroDay('2026-03-04'),
      { ...zeroDay('2026-03-05'), impressions: 6 },
      zeroDay('2026-03-06'),
      zeroDay('2026-03-07'),
    ]);
    const { date: _date, ...zero } = zeroDay('');
    expect(report.totals).toEqual({
      ...zero,
      impressions: 16,
      visitors: 4,
      interactions: 3,
      formViews: 5,
      formStarts: 2,
      submissions: 1,
    });
    expect(report.previous).toEqual({
      from: '2026-02-22',
      to: '2026-02-28',
      totals: { ...zero, impressions: 7, visitors: 2 },
    });
    expect(report.widgets).toEqual([
      { widget: 'main-widget', impressions: 14, interactions: 3 },
      { widget: 'second', impressions: 2, interactions: 0 },
    ]);
    expect(report.sources).toEqual([
      { source: 'qr', formViews: 3 },
      { source: 'link', formViews: 2 },
      { source: 'email', formViews: 0 },
      { source: 'wall', formViews: 0 },
    ]);
    expect(report.interactions.slice(0, 3)).toEqual([
      { action: 'next', count: 2 },
      { action: 'read_more', count: 1 },
      { action: 'previous', count: 0 },
    ]);
    expect(report.interactions).toHaveLength(8);
    expect(report.pages).toEqual([]);
    expect(report.testimonials).toEqual([]);

    // One day: its period before is the day before.
    const day = (await read(app, a.cookie, 'from=2026-03-01&to=2026-03-01')).json();
    expect(day.days).toEqual([zeroDay('2026-03-01')]);
    expect(day.previous).toMatchObject({ from: '2026-02-28', to: '2026-02-28' });
    expect(day.previous.totals.impressions).toBe(7);
  });

  it('lists the ten pages with the most impressions over the range, most first, ties by address', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const page = (n: number) => `https://shop.example/page-${String(n).padStart(2, '0')}`;
    const rows: Seed[] = [];
    // Page n has n impressions, split over two days; page 12 also had many the day before the range.
    for (let n = 1; n <= 12; n++) {
      rows.push(['2026-03-02', metrics.pageImpressions, page(n), Math.ceil(n / 2)]);
      rows.push(['2026-03-06', metrics.pageImpressions, page(n), Math.floor(n / 2)]);
    }
    rows.push(['2026-02-28', metrics.pageImpressions, page(1), 500]);
    rows.push(['2026-03-03', metrics.pageImpressions, 'https://shop.example/tie', 9]);
    await seed(app, a.businessId, rows);

    const { pages } = (await read(app, a.cookie)).json();
    expect(pages).toEqual([
      { page: page(12), impressions: 12 },
      { page: page(11), impressions: 11 },
      { page: page(10), impressions: 10 },
      { page: page(9), impressions: 9 },
      { page: 'https://shop.example/tie', impressions: 9 },
      { page: page(8), impressions: 8 },
      { page: page(7), impressions: 7 },
      { page: page(6), impressions: 6 },
      { page: page(5), impressions: 5 },
      { page: page(4), impressions: 4 },
    ]);
  });

  it("ranks the business's testimonials by impressions, then Read more, then time, at most 20, and ignores another's", async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const other = await owner(app);
    const { db } = app.database;
    const long = `${'Wonderful   sourdough and\nfriendly staff. '.repeat(10)}The end.`;
    const t1 = await createTestimonial(db, a.businessId, { authorName: 'Ana', content: long });
    const t2 = await createTestimonial(db, a.businessId, { authorName: 'Ben', content: 'Short.' });
    const t3 = await createTestimonial(db, a.businessId, { authorName: 'Cleo' });
    const t4 = await createTestimonial(db, a.businessId, { authorName: 'Dan' });
    const theirs = await createTestimonial(db, other.businessId, { authorName: 'Not yours' });
    await seed(app, a.businessId, [
      ['2026-03-02', metrics.cardImpressions, t1.id, 3],
      ['2026-03-04', metrics.cardImpressions, t1.id, 2],
      ['2026-03-02', metrics.cardImpressions, t2.id, 5],
      ['2026-03-03', metrics.cardImpressions, t3.id, 8],
      ['2026-03-02', metrics.readMore, t1.id, 2],
      ['2026-03-02', metrics.readMore, t2.id, 1],
      ['2026-03-02', metrics.cardMs, t2.id, 9999],
      ['2026-03-02', metrics.cardMs, t4.id, 500],
      // Sent to A's widget with another business's id: counted nowhere in A's report.
      ['2026-03-02', metrics.cardImpressions, theirs.id, 100],
      // Before the range.
      ['2026-02-28', metrics.cardImpressions, t4.id, 100],
    ]);

    const { testimonials } = (await read(app, a.cookie)).json();
    expect(testimonials.map((card: { authorName: string }) => card.authorName)).toEqual([
      'Cleo',
      'Ana',
      'Ben',
      'Dan',
    ]);
    expect(testimonials[1]).toMatchObject({
      id: t1.id,
      impressions: 5,
      readMore: 2,
      msOnScreen: 0,
    });
    expect(testimonials[2]).toEqual({
      id: t2.id,
      authorName: 'Ben',
      excerpt: 'Short.',
      impressions: 5,
      readMore: 1,
      msOnScreen: 9999,
    });
    expect(testimonials[3]).toMatchObject({ id: t4.id, impressions: 0, msOnScreen: 500 });
    const excerpt: string = testimonials[1].excerpt;
    expect(excerpt.length).toBeLessThanOrEqual(120);
    expect(excerpt).toMatch(/^Wonderful sourdough and friendly staff\. Wonderful .*…$/);
    expect(JSON.stringify(testimonials)).not.toContain(theirs.id);

    // At most 20.
    const many = [];
    for (let index = 0; index < 25; index++) many.push(await createTestimonial(db, a.businessId));
    await seed(
      app,
      a.businessId,
      many.map((row, index): Seed => ['2026-03-07', metrics.cardImpressions, row.id, index + 1]),
    );
    const limited = (await read(app, a.cookie)).json().testimonials;
    expect(limited).toHaveLength(20);
    expect(limited[0].impressions).toBe(25);
    // 25 down to 7 are 19 of the new ones, with Cleo's 8 among them.
    expect(limited[19].impressions).toBe(7);
    expect(limited.map((card: { id: string }) => card.id)).toContain(t3.id);
  });

  it("counts the form's testimonials approved and still approved on the local days of the business's time zone", async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const setZone = await app.inject({
      method: 'PATCH',
      url: '/api/business',
      payload: { name: 'Acme Bakery', website: 'acme.example', timeZone: 'Pacific/Auckland' },
      ...withSession(a.cookie),
    });
    expect(setZone.statusCode, setZone.body).toBe(200);
    const { db } = app.database;
    const approved = (at: string, more: Parameters<typeof createTestimonial>[2] = {}) =>
      createTestimonial(db, a.businessId, {
        status: 'approved',
        approvedAt: new Date(at),
        ...more,
      });
    // Auckland is UTC+13 in March: 23:30 UTC is 12:30 the next day.
    await approved('2026-03-02T23:30:00Z');
    await approved('2026-03-02T10:00:00Z');
    await approved('2026-03-02T10:30:00Z');
    // Imported, or no longer approved: not counted.
    await approved('2026-03-02T10:00:00Z', { source: 'csv' });
    await approved('2026-03-02T10:00:00Z', { status: 'rejected' });
    // 00:30 on 8 March in Auckland: after the range, though still 7 March in UTC.
    await approved('2026-03-07T11:30:00Z');
    // 28 February in Auckland: the period before.
    await approved('2026-02-27T12:00:00Z');

    const response = await read(app, a.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.timeZone).toBe('Pacific/Auckland');
    expect(
      report.days.map((day: { date: string; approved: number }) => [day.date, day.approved]),
    ).toEqual([
      ['2026-03-01', 0],
      ['2026-03-02', 2],
      ['2026-03-03', 1],
      ['2026-03-04', 0],
      ['2026-03-05', 0],
      ['2026-03-06', 0],
      ['2026-03-07', 0],
    ]);
    expect(report.totals.approved).toBe(3);
    expect(report.previous.totals.approved).toBe(1);
  });

  it.each([
    ['from=2026-03-08&to=2026-03-07', 'From must be on or before To'],
    ['from=2025-01-01&to=2026-01-02', 'A range may cover at most 366 days'],
    ['from=2026-02-30&to=2026-03-07', 'From must be a date as YYYY-MM-DD'],
    ['from=yesterday&to=2026-03-07', 'From must be a date as YYYY-MM-DD'],
    ['from=2026-03-01', 'To must be a date as YYYY-MM-DD'],
  ])('answers 400 for %s', async (query, message) => {
    const app = await createTestApp();
    const a = await owner(app);
    for (const url of [`/api/analytics?${query}`, `/api/analytics/export.csv?${query}`]) {
      const response = await app.inject({ method: 'GET', url, ...withSession(a.cookie) });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });

  it('takes a whole leap year of 366 days', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const response = await read(app, a.cookie, 'from=2024-01-01&to=2024-12-31');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().days).toHaveLength(366);
    expect(response.json().previous).toMatchObject({ from: '2022-12-31', to: '2023-12-31' });
  });

  it('answers 401 without a session and 403 without paid access', async () => {
    const app = await createTestApp();
    const unpaid = await owner(app, { access: false });
    for (const url of [`/api/analytics?${WEEK}`, `/api/analytics/export.csv?${WEEK}`]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const refused = await app.inject({ method: 'GET', url, ...withSession(unpaid.cookie) });
      expect(refused.statusCode, refused.body).toBe(403);
    }
  });
});

/** An owner with the week's figures and one form testimonial approved at `approvedAt`. */
async function ownerOfTheWeek(app: App, approvedAt: string) {
  const a = await owner(app);
  await seed(app, a.businessId, weekRows);
  await createTestimonial(app.database.db, a.businessId, {
    status: 'approved',
    approvedAt: new Date(approvedAt),
  });
  return a;
}

describe('GET /api/analytics/export.csv', () => {
  it('downloads every day of the range as CSV with a byte order mark, named after the range', async () => {
    const app = await createTestApp();
    const a = await ownerOfTheWeek(app, '2026-03-05T12:00:00Z');

    const response = await app.inject({
      method: 'GET',
      url: '/api/analytics/export.csv?from=2026-03-01&to=2026-03-05',
      ...withSession(a.cookie),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="analytics-2026-03-01-to-2026-03-05.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe(
      '\uFEFF"date","impressions","visitors","interactions","formViews","formStarts","submissions","approved"\r\n' +
        '"2026-03-01",0,0,0,0,0,0,0\r\n' +
        '"2026-03-02",10,4,3,5,2,1,0\r\n' +
        '"2026-03-03",0,0,0,0,0,0,0\r\n' +
        '"2026-03-04",0,0,0,0,0,0,0\r\n' +
        '"2026-03-05",6,0,0,0,0,0,1\r\n',
    );
  });
});

describe('GET /api/v1/analytics', () => {
  it('answers the daily figures and totals to the business API key, and 401 without one', async () => {
    const app = await createTestApp();
    const a = await ownerOfTheWeek(app, '2026-03-02T12:00:00Z');
    const other = await owner(app);
    await seed(app, other.businessId, [['2026-03-02', metrics.impressions, TOTAL, 1000]]);
    const key = await app.inject({
      method: 'POST',
      url: '/api/integrations/api-key',
      ...withSession(a.cookie),
    });
    const authorization = `Bearer ${key.json<{ apiKey: string }>().apiKey}`;

    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/analytics?from=2026-03-01&to=2026-03-03',
      headers: { authorization },
    });
    expect(response.statusCode, response.body).toBe(200);
    const none = {
      impressions: 0,
      visitors: 0,
      interactions: 0,
      formViews: 0,
      formStarts: 0,
      submissions: 0,
    };
    const second = {
      impressions: 10,
      visitors: 4,
      interactions: 3,
      formViews: 5,
      formStarts: 2,
      submissions: 1,
    };
    expect(response.json()).toEqual({
      days: [
        { date: '2026-03-01', ...none },
        { date: '2026-03-02', ...second },
        { date: '2026-03-03', ...none },
      ],
      totals: second,
    });
    expect(response.headers['cache-control']).toContain('no-store');

    const bad = await app.inject({
      method: 'GET',
      url: '/api/v1/analytics?from=2026-03-04&to=2026-03-03',
      headers: { authorization },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('From must be on or before To');

    const anonymous = await app.inject({
      method: 'GET',
      url: '/api/v1/analytics?from=2026-03-01&to=2026-03-03',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
