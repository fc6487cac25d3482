import { describe, expect, it } from 'vitest';
import type { AnalyticsBeacon } from '../../../shared/schemas/analytics.js';
import { asksNotToBeTracked, pageOf, repeatKeyOf, rowsOfBeacon } from './ingest-rules.js';

const TESTIMONIAL = '5b0f7f0e-8a2b-4c47-9a43-3c3f2b0f4d11';
const business = { id: '0d3c1f6a-6a55-4c1e-8f0e-2f7f9a1b2c3d', timeZone: 'UTC' };
const now = new Date('2026-03-02T10:00:00Z');
const context = {
  business,
  shows: (id: string) => id === TESTIMONIAL,
  now,
  visitor: 'v'.repeat(32),
  ownOrigin: 'https://vouchly.test',
};

describe('asksNotToBeTracked', () => {
  it('honours DNT: 1 and Sec-GPC: 1', () => {
    expect(asksNotToBeTracked({ dnt: '1' })).toBe(true);
    expect(asksNotToBeTracked({ 'sec-gpc': '1' })).toBe(true);
    expect(asksNotToBeTracked({ 'sec-gpc': ' 1 ' })).toBe(true);
  });

  it('counts a visitor who sent neither, or sent 0', () => {
    expect(asksNotToBeTracked({})).toBe(false);
    expect(asksNotToBeTracked({ dnt: '0' })).toBe(false);
    expect(asksNotToBeTracked({ 'sec-gpc': '0', dnt: 'unspecified' })).toBe(false);
  });
});

describe('pageOf', () => {
  it('keeps the origin and the path, never the query or the hash', () => {
    expect(
      pageOf(new URL('https://shop.example/products/cake?email=a@b.c&utm_source=x#reviews')),
    ).toBe('https://shop.example/products/cake');
    expect(pageOf(new URL('https://user:secret@shop.example:8443/?token=abc'))).toBe(
      'https://shop.example:8443/',
    );
    expect(pageOf(new URL('http://SHOP.example'))).toBe('http://shop.example/');
  });
});

describe('rowsOfBeacon', () => {
  const beacon = (page: string, events: AnalyticsBeacon['events']): AnalyticsBeacon => ({
    slug: 'crumb',
    page,
    events,
  });

  it('turns each event into a row of the page without its query', () => {
    const rows = rowsOfBeacon(
      beacon('https://shop.example/menu?ref=mail#top', [
        { type: 'impression' },
        { type: 'time', testimonialId: TESTIMONIAL, ms: 1500 },
        { type: 'interaction', action: 'read_more', testimonialId: TESTIMONIAL },
      ]),
      context,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'impression',
        widget: 'crumb',
        page: 'https://shop.example/menu',
      }),
      expect.objectContaining({ type: 'time', testimonialId: TESTIMONIAL, ms: 1500 }),
      expect.objectContaining({
        type: 'interaction',
        action: 'read_more',
        testimonialId: TESTIMONIAL,
      }),
    ]);
    expect(rows.every((row) => row.day === '2026-03-02' && row.visitor === context.visitor)).toBe(
      true,
    );
  });

  it("leaves out widget events on our own origin (the dashboard's preview) but keeps the form's", () => {
    const rows = rowsOfBeacon(
      beacon('https://vouchly.test/submit/crumb?src=qr', [
        { type: 'impression' },
        { type: 'card', testimonialId: TESTIMONIAL },
        { type: 'form_view', source: 'qr' },
        { type: 'form_start' },
      ]),
      context,
    );
    expect(rows.map((row) => [row.type, row.widget, row.source])).toEqual([
      ['form_view', null, 'qr'],
      ['form_start', null, null],
    ]);
  });

  it('counts only the cards the widget shows: another id adds no card, and an interaction loses it', () => {
    const madeUp = '00000000-0000-4000-8000-000000000001';
    const rows = rowsOfBeacon(
      beacon('https://shop.example/', [
        { type: 'card', testimonialId: madeUp },
        { type: 'time', testimonialId: madeUp, ms: 4000 },
        { type: 'interaction', action: 'read_more', testimonialId: madeUp },
        { type: 'card', testimonialId: TESTIMONIAL },
      ]),
      context,
    );
    expect(rows.map((row) => [row.type, row.testimonialId])).toEqual([
      ['interaction', null],
      ['card', TESTIMONIAL],
    ]);
  });
});

describe('repeatKeyOf', () => {
  const [row] = rowsOfBeacon(
    {
      slug: 'crumb',
      page: 'https://shop.example/',
      events: [{ type: 'time', testimonialId: TESTIMONIAL, ms: 10 }],
    },
    context,
  );

  it('is the same for the same event of the same visitor, whatever its time or ms', () => {
    if (!row) throw new Error('no row');
    expect(repeatKeyOf({ ...row, ms: 99, occurredAt: new Date() })).toBe(repeatKeyOf(row));
  });

  it('differs by visitor, page, testimonial and business', () => {
    if (!row) throw new Error('no row');
    const key = repeatKeyOf(row);
    expect(repeatKeyOf({ ...row, visitor: 'w'.repeat(32) })).not.toBe(key);
    expect(repeatKeyOf({ ...row, page: 'https://shop.example/other' })).not.toBe(key);
    expect(repeatKeyOf({ ...row, testimonialId: null })).not.toBe(key);
    expect(repeatKeyOf({ ...row, businessId: 'another' })).not.toBe(key);
  });
});
