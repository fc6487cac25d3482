// GET /api/testimonials/export.csv and .json: every testimonial of the owner's
// business, as an attachment; CSV quoted per RFC 4180 and formula-protected.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exportColumns } from '../../../shared/schemas/testimonials.js';
import { testimonials } from '../../db/schema.js';
import {
  createSignedInUser,
  createTestimonial,
  createTestimonials,
  withSession,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { csvCell, exportedTestimonials } from './export.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

async function owner(app: App) {
  const created = await createSignedInUser(app);
  if (!created.business) throw new Error('owner without business');
  return { businessId: created.business.id, session: withSession(created.cookie) };
}

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += char;
    }
  }
  if (field || row.length) throw new Error('CSV does not end with CRLF');
  return rows;
}

const today = () => new Date().toISOString().slice(0, 10);

describe('CSV cells', () => {
  it('quotes every text cell, doubles quotes and defuses formulas', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    for (const start of ['+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}x`)).toBe(`"'${start}x"`);
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell(5)).toBe('5');
    expect(csvCell(null)).toBe('""');
  });
});

describe('GET /api/testimonials/export.csv', () => {
  it('exports every column, newest first, quoted and formula-protected, as an attachment', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const b = await owner(app);
    const { db } = app.database;
    const older = await createTestimonial(db, a.businessId, {
      authorName: '=HYPERLINK("http://evil.example","click")',
      authorEmail: 'jane@example.com',
      authorBusinessName: '@SUM(A1:A9)',
      authorLocation: 'Paris, "France"',
      content: 'Line one,\r\nline two\nand "quotes"',
      rating: 4,
      tags: ['-2+3', 'good; great'],
      productImageUrls: ['/objects/uploads/a.jpg', '/objects/uploads/b.jpg'],
      submittedAt: new Date('2025-01-02T03:04:05.678Z'),
      source: '+import',
      sourceUrl: 'https://www.trustpilot.com/reviews/abc',
    });
    const newer = await createTestimonial(db, a.businessId, {
      authorName: 'Café Müller',
      status: 'approved',
      approvedAt: new Date('2025-02-01T00:00:00.000Z'),
      submittedAt: new Date('2025-01-31T00:00:00.000Z'),
      rating: 0,
    });
    await createTestimonial(db, b.businessId, { authorName: 'Somebody else' });

    const response = await app.inject({
      method: 'GET',
      url: '/api/testimonials/export.csv',
      ...a.session,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="testimonials-${today()}.csv"`,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);

    const rows = parseCsv(response.body.slice(1));
    expect(rows[0]).toEqual([...exportColumns]);
    expect(rows).toHaveLength(3);
    const record = (row: string[] | undefined) =>
      Object.fromEntries(exportColumns.map((column, index) => [column, row?.[index]]));
    expect(record(rows[1])).toMatchObject({
      id: newer.id,
      authorName: 'Café Müller',
      status: 'approved',
      rating: '0',
      approvedAt: '2025-02-01T00:00:00.000Z',
    });
    expect(record(rows[2])).toEqual({
      id: older.id,
      status: 'pending',
      authorName: `'=HYPERLINK("http://evil.example","click")`,
      authorEmail: 'jane@example.com',
      authorBusinessName: "'@SUM(A1:A9)",
      authorLocation: 'Paris, "France"',
      rating: '4',
      content: 'Line one,\r\nline two\nand "quotes"',
      tags: "'-2+3; good; great",
      authorImageUrl: '',
      productImageUrls: '/objects/uploads/a.jpg; /objects/uploads/b.jpg',
      beforeImageUrl: '',
      afterImageUrl: '',
      submittedAt: '2025-01-02T03:04:05.678Z',
      approvedAt: '',
      source: "'+import",
      sourceUrl: 'https://www.trustpilot.com/reviews/abc',
      goneFromSourceAt: '',
    });
    // The raw text keeps the formula cell quoted as one field.
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  it('exports only a header for an empty business', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/testimonials/export.csv',
      ...a.session,
    });
    expect(parseCsv(response.body.slice(1))).toEqual([[...exportColumns]]);
  });
});

describe('GET /api/testimonials/export.json', () => {
  it('exports the testimonials of the business as a JSON array attachment', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const b = await owner(app);
    const { db } = app.database;
    await createTestimonials(db, a.businessId, 1203, (index) => ({ tags: [`tag-${index}`] }));
    await createTestimonial(db, b.businessId);

    const response = await app.inject({
      method: 'GET',
      url: '/api/testimonials/export.json',
      ...a.session,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="testimonials-${today()}.json"`,
    );
    const items = response.json<Array<Record<string, unknown>>>();
    expect(items).toHaveLength(1203);
    expect(new Set(items.map((item) => item.id)).size).toBe(1203);
    expect(Object.keys(items[0] ?? {}).sort()).toEqual([...exportColumns].sort());
  });

  it('is a valid empty array for an empty business', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/testimonials/export.json',
      ...a.session,
    });
    expect(response.json()).toEqual([]);
  });
});

describe('export paging', () => {
  it('misses and repeats no row across pages, with equal and microsecond-apart timestamps', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const { db } = app.database;
    await createTestimonials(db, a.businessId, 30, () => ({
      submittedAt: new Date('2025-01-01T00:00:00.000Z'),
    }));
    // Same millisecond, different microseconds: a JS Date cursor would lose rows here.
    for (let micro = 1; micro <= 9; micro++) {
      await db.insert(testimonials).values({
        businessId: a.businessId,
        authorName: `micro ${micro}`,
        content: 'x',
        rating: 3,
        submittedAt: sql`${`2025-01-02T00:00:00.123${String(micro).padStart(3, '0')}Z`}::timestamptz`,
      });
    }
    const ids: string[] = [];
    for await (const testimonial of exportedTestimonials({ db }, a.businessId, 4))
      ids.push(testimonial.id);
    expect(ids).toHaveLength(39);
    expect(new Set(ids).size).toBe(39);
  });
});
