// Importing testimonials from a file (docs/product/imports.md): every shipped sample through both calls, the mapping,
// duplicates, bad rows, dry runs, unreadable files, and the limits.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../shared/schemas/imports.js';
import { testimonials, type BusinessRow } from '../../db/schema.js';
import { createSignedInUser, withSession } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const sample = (name: string) => readFileSync(path.join(import.meta.dirname, 'samples', name));

async function setup() {
  const app = await createTestApp({}, { clock: () => NOW });
  const owner = await createSignedInUser(app);
  const business = owner.business as BusinessRow;
  const importAsOwner = (
    body: string | Buffer,
    query: Record<string, string> = {},
    contentType = 'text/csv',
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/imports?${new URLSearchParams(query).toString()}`,
      payload: body,
      ...withSession(owner.cookie, { 'content-type': contentType }),
    });
  const rows = () =>
    app.database.db
      .select()
      .from(testimonials)
      .where(eq(testimonials.businessId, business.id))
      .orderBy(testimonials.submittedAt);
  return { app, owner, business, importAsOwner, rows };
}

const reportOf = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportReport>();
};

describe('POST /api/imports, from each shipped sample', () => {
  it('reads a Senja export: names, companies, ratings, tags, dates, links and the source', async () => {
    const { importAsOwner, rows } = await setup();
    const report = reportOf(await importAsOwner(sample('senja.csv')));
    expect(report).toMatchObject({ imported: 3, duplicates: 0, failed: [], format: 'senja' });
    const [maya, tomas, priya] = await rows();
    expect(maya).toMatchObject({
      authorName: 'Maya Lindqvist',
      authorEmail: 'maya@example.com',
      authorBusinessName: 'Lindqvist Design',
      authorLocation: 'Gothenburg, Sweden',
      rating: 5,
      tags: ['bread', 'regulars'],
      status: 'pending',
      approvedAt: null,
      source: 'senja',
      sourceUrl: 'https://senja.io/p/harbour-bakery/r/8f1c2a40',
      sourceKey: 'id:8f1c2a40-5b1e-4a52-9d0e-0c1f2b3a4d01',
      submittedAt: new Date('2025-03-14T09:12:00Z'),
    });
    expect(tomas).toMatchObject({ authorName: 'Tomás Ortega', authorEmail: null, tags: ['cakes'] });
    expect(priya).toMatchObject({ rating: 4, sourceUrl: null, tags: [] });
  });

  it('reads a Testimonial.to export', async () => {
    const { importAsOwner, rows } = await setup();
    expect(reportOf(await importAsOwner(sample('testimonialto.csv')))).toMatchObject({
      imported: 3,
      format: 'testimonialto',
    });
    const [jonas] = await rows();
    expect(jonas).toMatchObject({
      authorName: 'Jonas Weber',
      authorBusinessName: 'Owner of Weber Bikes',
      source: 'testimonial.to',
      sourceKey: 'id:t2o-1001',
      tags: ['onboarding'],
    });
  });

  it('reads a Trustpilot export, with a link to each review on Trustpilot', async () => {
    const { importAsOwner, rows } = await setup();
    expect(reportOf(await importAsOwner(sample('trustpilot.csv')))).toMatchObject({
      imported: 3,
      format: 'trustpilot',
    });
    const [sam, claire] = await rows();
    expect(sam).toMatchObject({
      authorName: 'Sam Okafor',
      rating: 5,
      source: 'trustpilot',
      sourceUrl: 'https://www.trustpilot.com/reviews/6650f1a2b3c4d5e6f7a8b901',
      submittedAt: new Date('2025-02-03T11:20:45Z'),
    });
    expect(claire).toMatchObject({
      rating: 3,
      authorEmail: 'claire@example.com',
      tags: ['returns'],
    });
  });

  it('reads Google reviews as JSON and reports a review without a comment', async () => {
    const { importAsOwner, rows } = await setup();
    const report = reportOf(
      await importAsOwner(sample('google-reviews.json'), {}, 'application/json'),
    );
    expect(report).toMatchObject({
      imported: 2,
      format: 'google',
      failed: [{ row: 3, reason: 'Has no text' }],
    });
    const [nora, daniel] = await rows();
    expect(nora).toMatchObject({
      authorName: 'Nora Hughes',
      rating: 5,
      source: 'google',
      sourceKey: 'id:AbFvOqk1',
      authorImageUrl: null,
    });
    expect(daniel).toMatchObject({ rating: 4, submittedAt: new Date('2025-06-01T09:00:00Z') });
  });

  it('reads any CSV through the mapping the owner chose, and reports each bad row with its number', async () => {
    const { importAsOwner, rows } = await setup();
    const report = reportOf(
      await importAsOwner(sample('any-columns.csv'), {
        mapping: JSON.stringify({ name: 'Customer', date: 'When' }),
        status: 'approved',
      }),
    );
    expect(report).toEqual({
      imported: 2,
      duplicates: 1,
      failed: [
        { row: 4, reason: 'Has no name' },
        { row: 5, reason: 'Has no text' },
        { row: 6, reason: 'Rating must be a whole number from 1 to 5, or empty' },
      ],
      failedNotListed: 0,
      format: 'csv',
      photosQueued: 0,
    });
    const [ines] = await rows();
    expect(ines).toMatchObject({
      authorName: 'Ines Carvalho',
      authorBusinessName: 'Carvalho & Filhos',
      tags: ['onboarding', 'support'],
      status: 'approved',
      approvedAt: NOW,
      source: 'csv',
    });
  });
});

describe('POST /api/imports, the mapping', () => {
  it('leaves out a field of the format that the mapping empties, and keeps the others', async () => {
    const { importAsOwner, rows } = await setup();
    const report = reportOf(
      await importAsOwner(sample('senja.csv'), { mapping: JSON.stringify({ email: '' }) }),
    );
    expect(report).toMatchObject({ imported: 3, format: 'senja' });
    const [maya] = await rows();
    expect(maya).toMatchObject({ authorName: 'Maya Lindqvist', authorEmail: null, rating: 5 });
  });
});

describe('POST /api/imports, again and in trial', () => {
  it('adds nothing when the same file is imported twice, by id or by content', async () => {
    const { importAsOwner, rows } = await setup();
    const mapping = JSON.stringify({ name: 'Customer', date: 'When' });
    reportOf(await importAsOwner(sample('senja.csv')));
    reportOf(await importAsOwner(sample('any-columns.csv'), { mapping }));
    expect(reportOf(await importAsOwner(sample('senja.csv')))).toMatchObject({
      imported: 0,
      duplicates: 3,
    });
    expect(reportOf(await importAsOwner(sample('any-columns.csv'), { mapping }))).toMatchObject({
      imported: 0,
      duplicates: 3,
    });
    expect(await rows()).toHaveLength(5);
  });

  it('answers the same report on a dry run, and stores nothing', async () => {
    const { importAsOwner, rows } = await setup();
    reportOf(await importAsOwner(sample('trustpilot.csv').subarray(0, 400)));
    const stored = (await rows()).length;
    const dry = reportOf(await importAsOwner(sample('trustpilot.csv'), { dryRun: 'true' }));
    expect(dry).toMatchObject({ imported: 3 - stored, duplicates: stored, failed: [] });
    expect(await rows()).toHaveLength(stored);
  });
});

describe('POST /api/imports, files it cannot read', () => {
  it('refuses a file that is not UTF-8, and stores nothing of the rows before the bad byte', async () => {
    const { importAsOwner, rows } = await setup();
    const good = 'name,text\n' + 'Ana,Lovely people and great bread.\n'.repeat(1200);
    const latin1 = Buffer.concat([Buffer.from(good), Buffer.from('Zoë,Très bien\n', 'latin1')]);
    const response = await importAsOwner(latin1);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'UNREADABLE_FILE',
        message:
          'The file is not UTF-8 text. Save it as "CSV UTF-8" (or export it again as UTF-8) and try again.',
      },
    });
    expect(await rows()).toHaveLength(0);
  });

  it('reads a file that starts with a byte-order mark, as Excel and Notepad write them', async () => {
    const { importAsOwner } = await setup();
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const json = Buffer.concat([bom, Buffer.from('[{"name":"Ana","text":"Lovely people."}]')]);
    expect(reportOf(await importAsOwner(json, {}, 'application/json'))).toMatchObject({
      imported: 1,
    });
    const csv = Buffer.concat([bom, Buffer.from('name,text\nBen,Great bread.\n')]);
    expect(reportOf(await importAsOwner(csv))).toMatchObject({ imported: 1, failed: [] });
  });

  it('refuses JSON that does not parse, or holds no list', async () => {
    const { importAsOwner } = await setup();
    for (const [body, message] of [
      ['{"reviews": [', 'The file is not valid JSON.'],
      [
        '{"hello": 1}',
        'The JSON file holds no list of testimonials (a list, or { "reviews": [...] }).',
      ],
    ]) {
      const response = await importAsOwner(body ?? '', {}, 'application/json');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'UNREADABLE_FILE', message } });
    }
  });

  it('refuses a file whose declared length is over 10 MB', async () => {
    const { importAsOwner, rows } = await setup();
    const big = 'name,text\n' + 'Ana,Lovely people and great bread.\n'.repeat(310_000);
    const response = await importAsOwner(big);
    expect(response.statusCode).toBe(413);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'The file is larger than 10 MB. Split it into smaller files.',
    );
    expect(await rows()).toHaveLength(0);
  });

  it('refuses a file that passes 10 MB as it streams in, without a declared length', async () => {
    const { app, owner, rows } = await setup();
    // Long rows without text: the parser and the check, not the database, take the 10 MB.
    const line = `${'a'.repeat(1023)}\n`;
    const chunks = ['name\n', ...Array.from({ length: 11 }, () => line.repeat(1024))];
    const response = await app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: Readable.from(chunks),
      ...withSession(owner.cookie, { 'content-type': 'text/csv' }),
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(await rows()).toHaveLength(0);
  });

  it('refuses a body of another type, and a bad query, with a message', async () => {
    const { importAsOwner } = await setup();
    expect((await importAsOwner('a', {}, 'text/plain')).statusCode).toBe(415);
    const wrongFormat = await importAsOwner('a', { format: 'excel' });
    expect(wrongFormat.statusCode).toBe(400);
    expect(wrongFormat.body).toContain('Format must be one of auto, csv, senja');
    const badMapping = await importAsOwner('a', { mapping: '{"colour":"x"}' });
    expect(badMapping.statusCode).toBe(400);
    expect(badMapping.json<{ error: { message: string } }>().error.message).toMatch(
      /^Mapping must name a column \(or "" for none\) for fields among: name, email/,
    );
    const googleCsv = await importAsOwner('a', { format: 'google' });
    expect(googleCsv.statusCode).toBe(400);
  });

  it('keeps every business to its own testimonials, and asks for paid access', async () => {
    const { app, importAsOwner, rows } = await setup();
    const unpaid = await createSignedInUser(app, { access: false });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: sample('senja.csv'),
      ...withSession(unpaid.cookie, { 'content-type': 'text/csv' }),
    });
    expect(refused.statusCode).toBe(403);
    reportOf(await importAsOwner(sample('senja.csv')));
    const other = await createSignedInUser(app);
    const theirs = await app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: sample('senja.csv'),
      ...withSession(other.cookie, { 'content-type': 'text/csv' }),
    });
    // Another business's rows are not duplicates of this one's.
    expect(reportOf(theirs)).toMatchObject({ imported: 3, duplicates: 0 });
    expect(await rows()).toHaveLength(3);
  });
});

describe('POST /api/v1/imports', () => {
  async function withKey(app: FastifyInstance, cookie: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/integrations/api-key',
      ...withSession(cookie),
    });
    return response.json<{ apiKey: string }>().apiKey;
  }

  it('imports the good rows with a bearer key, and the testimonials carry their source and link', async () => {
    const { app, owner } = await setup();
    const apiKey = await withKey(app, owner.cookie);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/imports?format=auto&status=approved',
      payload: sample('trustpilot.csv'),
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'text/csv' },
    });
    expect(reportOf(response)).toMatchObject({ imported: 3, duplicates: 0, failed: [] });
    const listed = await app.inject({
      method: 'GET',
      url: '/api/v1/testimonials?limit=1',
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(listed.json<{ data: unknown[] }>().data[0]).toMatchObject({
      source: 'trustpilot',
      sourceUrl: expect.stringMatching(/^https:\/\/www\.trustpilot\.com\/reviews\//),
    });
  });

  it('refuses a call without a key before reading the file', async () => {
    const { app } = await setup();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/imports',
      payload: sample('senja.csv'),
      headers: { 'content-type': 'text/csv' },
    });
    expect(response.statusCode).toBe(401);
  });
});
