import { describe, expect, it } from 'vitest';
import type { AnalyticsBeacon } from '../../../shared/schemas/analytics.js';
import {
  asksNotToBeTracked,
  pageOf,
  rawBeaconOf,
  repeatKeyOf,
  type PageParsed,
} from './ingest-rules.js';

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

describe('rawBeaconOf', () => {
  const beacon = (page: string, events: AnalyticsBeacon['events']): PageParsed => ({
    slug: 'crumb',
    page: new URL(page),
    events,
  });

  it('keeps the page without its query, the local day, the visitor and each event as sent', () => {
    const raw = rawBeaconOf(
      beacon('https://shop.example/menu?ref=mail#top', [
        { type: 'impression' },
        { type: 'time', testimonialId: TESTIMONIAL, ms: 1500 },
        { type: 'interaction', action: 'read_more', testimonialId: TESTIMONIAL },
      ]),
      { ...context, business: { ...business, timeZone: 'Pacific/Kiritimati' } },
    );
    expect(raw).toEqual({
      businessId: business.id,
      receivedAt: now,
      // 10:00 UTC is already the next day at UTC+14.
      day: '2026-03-03',
      slug: 'crumb',
      page: 'https://shop.example/menu',
      visitor: context.visitor,
      events: [
        { type: 'impression' },
        { type: 'time', testimonialId: TESTIMONIAL, ms: 1500 },
        { type: 'interaction', action: 'read_more', testimonialId: TESTIMONIAL },
      ],
    });
  });

  it("leaves out widget events on our own origin (the dashboard's preview) but keeps the form's", () => {
    const raw = rawBeaconOf(
      beacon('https://vouchly.test/submit/crumb?src=qr', [
        { type: 'impression' },
        { type: 'card', testimonialId: TESTIMONIAL },
        { type: 'form_view', source: 'qr' },
        { type: 'form_start' },
      ]),
      context,
    );
    expect(raw?.events).toEqual([{ type: 'form_view', source: 'qr' }, { type: 'form_start' }]);
    expect(
      rawBeaconOf(beacon('https://vouchly.test/widget', [{ type: 'impression' }]), context),
    ).toBeNull();
  });

  it('counts only the cards the widget shows: another id adds no card, and an interaction loses it', () => {
    const madeUp = '00000000-0000-4000-8000-000000000001';
    const raw = rawBeaconOf(
      beacon('https://shop.example/', [
        { type: 'card', testimonialId: madeUp },
        { type: 'time', testimonialId: madeUp, ms: 4000 },
        { type: 'interaction', action: 'read_more', testimonialId: madeUp },
        { type: 'card', testimonialId: TESTIMONIAL },
      ]),
      context,
    );
    expect(raw?.events).toEqual([
      { type: 'interaction', action: 'read_more' },
      { type: 'card', testimonialId: TESTIMONIAL },
    ]);
  });
});

describe('repeatKeyOf', () => {
  const raw = rawBeaconOf(
    {
      slug: 'crumb',
      page: new URL('https://shop.example/'),
      events: [{ type: 'time', testimonialId: TESTIMONIAL, ms: 10 }],
    },
    context,
  );
  if (!raw) throw new Error('no beacon');
  const event = { type: 'time' as const, testimonialId: TESTIMONIAL, ms: 10 };
  const key = repeatKeyOf(raw)(event);

  it('is the same for the same event of the same visitor, whatever its time or ms', () => {
    expect(repeatKeyOf({ ...raw, receivedAt: new Date() })({ ...event, ms: 99 })).toBe(key);
  });

  it('differs by visitor, page, widget, testimonial and business', () => {
    expect(repeatKeyOf({ ...raw, visitor: 'w'.repeat(32) })(event)).not.toBe(key);
    expect(repeatKeyOf({ ...raw, page: 'https://shop.example/other' })(event)).not.toBe(key);
    expect(repeatKeyOf({ ...raw, slug: 'other' })(event)).not.toBe(key);
    expect(repeatKeyOf(raw)({ type: 'time', ms: 10 })).not.toBe(key);
    expect(repeatKeyOf({ ...raw, businessId: 'another' })(event)).not.toBe(key);
  });

  it('is short whatever the length of the page', () => {
    const long = { ...raw, page: `https://shop.example/${'a'.repeat(2000)}` };
    expect(repeatKeyOf(long)(event).length).toBeLessThan(100);
  });
});
