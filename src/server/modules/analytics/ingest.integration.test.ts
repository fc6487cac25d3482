// POST /api/analytics/events end to end (docs/product/analytics.md#counting): what is refused, what is not
// counted, what one visitor's flood adds, the rollups, the business's day, retention and the submissions count.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_RAW_RETENTION_DAYS,
  ANALYTICS_REPEAT_WINDOW_MS,
} from '../../../shared/analytics.js';
import type { AnalyticsBeacon } from '../../../shared/schemas/analytics.js';
import { DAY_MS, MINUTE_MS } from '../../../shared/time.js';
import type { Config } from '../../config.js';
import {
  analyticsBeaconBatches,
  analyticsDaily,
  analyticsVisitors,
  businesses,
} from '../../db/schema.js';
import {
  createTestimonial,
  createUser,
  freshAddress,
  submitToForm,
} from '../../testing/factories.js';
import { createTestApp, TEST_BASE_URL } from '../../testing/test-app.js';
import { unknownPublicNameLimit } from '../widget/public-routes.js';
import { beaconsOf } from './beacon-batches.js';
import { pruneAnalytics } from './ingest.js';
import { beaconBatchesOf } from './ingest-repository.js';
import { ANALYTICS_BEACON_MAX_BYTES, analyticsBeaconRateLimit } from './ingest-routes.js';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PAGE = 'https://shop.example/menu?utm_source=mail&email=ann@example.com#reviews';
const START = new Date('2026-03-02T10:00:00Z');

type SendOptions = {
  /** Another server than the setup's. */
  to?: FastifyInstance;
  headers?: Record<string, string>;
  remoteAddress?: string;
  /** The raw body, instead of the beacon as JSON. */
  raw?: string;
};

async function setup(
  options: {
    timeZone?: string;
    config?: Partial<Config>;
    at?: Date;
    /** Counting on its own thread, as the server does (ingest-thread.ts); else on the app's. */
    thread?: boolean;
  } = {},
) {
  let now = options.at ?? START;
  const deps = { clock: () => now, analyticsThread: options.thread ?? false };
  const app = await createTestApp(options.config, deps);
  const { business } = await createUser(app, { businessName: 'Crumb & Co' });
  if (!business) throw new Error('no business');
  const { db } = app.database;
  if (options.timeZone) {
    await db
      .update(businesses)
      .set({ timeZone: options.timeZone })
      .where(eq(businesses.id, business.id));
  }
  const slug = business.collectionSlug;
  const testimonial = await createTestimonial(db, business.id, { status: 'approved' });
  const beacon = (events: AnalyticsBeacon['events'], page = PAGE): AnalyticsBeacon => ({
    slug,
    page,
    events,
  });
  /** What sendBeacon sends: text/plain, from a browser, from one address unless told. */
  const send = (body: unknown, sendOptions: SendOptions = {}) =>
    (sendOptions.to ?? app).inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': CHROME,
        origin: 'https://shop.example',
        ...sendOptions.headers,
      },
      payload: sendOptions.raw ?? JSON.stringify(body),
      remoteAddress: sendOptions.remoteAddress ?? '203.0.113.7',
    });
  /** Writes the buffer, then reads the business's rollups as "metric dimension" → count. */
  const daily = async (day?: string) => {
    await app.analytics.flush();
    const rows = await db
      .select()
      .from(analyticsDaily)
      .where(eq(analyticsDaily.businessId, business.id));
    return Object.fromEntries(
      rows
        .filter((row) => day === undefined || row.day === day)
        .map((row) => [`${row.metric} ${row.dimension}`.trim(), row.count]),
    );
  };
  /** The raw events stored, each with its beacon's fields. */
  const events = async () => {
    await app.analytics.flush();
    const batches = await beaconBatchesOf(db, business.id);
    return batches
      .flatMap(beaconsOf)
      .flatMap(({ events: ofBeacon, ...beacon }) =>
        ofBeacon.map((event) => ({ businessId: business.id, ...beacon, ...event })),
      );
  };
  return {
    app,
    db,
    business,
    slug,
    testimonialId: testimonial.id,
    beacon,
    send,
    daily,
    events,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    now: () => now,
    /** A second server on the same database and clock. */
    anotherServer: () => createTestApp(options.config, { clock: () => now, analyticsThread: true }),
  };
}

function expectAnswered(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(204);
  expect(response.body).toBe('');
  expect(response.headers['access-control-allow-origin']).toBe('*');
  expect(response.headers['set-cookie']).toBeUndefined();
}

async function expectNothingStored(app: FastifyInstance) {
  await app.analytics.flush();
  const { db } = app.database;
  expect(await db.select().from(analyticsBeaconBatches)).toEqual([]);
  expect(await db.select().from(analyticsDaily)).toEqual([]);
  expect(await db.select().from(analyticsVisitors)).toEqual([]);
}

// The tests that check what the counting itself does run it on its own thread, as the server does; the rest (who
// is counted, limits, time zones, retention) count on the app's thread, sparing a thread's start each.
describe('POST /api/analytics/events', () => {
  it("accepts sendBeacon's text/plain JSON and stores the page without its query", async () => {
    const { send, beacon, events, daily, business, slug } = await setup({ thread: true });
    expectAnswered(await send(beacon([{ type: 'impression' }])));
    const [row, ...rest] = await events();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      businessId: business.id,
      type: 'impression',
      slug,
      page: 'https://shop.example/menu',
      day: '2026-03-02',
    });
    expect(row).not.toHaveProperty('testimonialId');
    expect(row?.visitor).toMatch(/^[0-9a-f]{32}$/);
    expect(await daily()).toEqual({
      impressions: 1,
      [`impressions ${slug}`]: 1,
      'page_impressions https://shop.example/menu': 1,
      visitors: 1,
    });
  });

  it('accepts application/json too', async () => {
    const { app, beacon, daily } = await setup();
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'user-agent': CHROME },
      payload: beacon([{ type: 'form_view', source: 'link' }], `${TEST_BASE_URL}/submit/form`),
      remoteAddress: '203.0.113.7',
    });
    expectAnswered(response);
    expect((await daily())['form_views link']).toBe(1);
  });

  describe('refuses bad input with 400 and stores nothing', () => {
    const cases: [
      string,
      (s: Awaited<ReturnType<typeof setup>>) => SendOptions & { body?: unknown },
    ][] = [
      ['a body that is not JSON', () => ({ raw: '{"slug": "x", "page": ' })],
      ['an empty body', () => ({ raw: '' })],
      ['an unknown type', (s) => ({ body: s.beacon([{ type: 'hover' } as never]) })],
      [
        'too many events',
        (s) => ({
          body: s.beacon(
            Array.from({ length: ANALYTICS_BATCH_MAX + 1 }, () => ({ type: 'impression' })),
          ),
        }),
      ],
      ['no events', (s) => ({ body: s.beacon([]) })],
      [
        'a testimonial that is not a uuid',
        (s) => ({ body: s.beacon([{ type: 'card', testimonialId: 'not-a-uuid' }]) }),
      ],
      [
        'a page that is not http(s)',
        (s) => ({ body: s.beacon([{ type: 'impression' }], 'javascript:alert(1)') }),
      ],
      [
        'time past its maximum',
        (s) => ({
          body: s.beacon([{ type: 'time', testimonialId: s.testimonialId, ms: 600_001 }]),
        }),
      ],
      ['an array', () => ({ body: [] })],
    ];
    it.each(cases)('%s', async (_name, make) => {
      const s = await setup();
      const { body, ...options } = make(s);
      const response = await s.send(body, options);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const error = response.json<{ error: { code: string; message: string } }>().error;
      expect(error.code).toMatch(/^(BAD_REQUEST|VALIDATION_ERROR)$/);
      expect(error.message).not.toBe('');
      await expectNothingStored(s.app);
    });

    it('says what a body that is not JSON should be', async () => {
      const { send } = await setup({ thread: true });
      const response = await send(undefined, { raw: 'impression' });
      expect(response.json()).toEqual({
        error: {
          code: 'BAD_REQUEST',
          message: 'The body must be a JSON object: { slug, page, events }',
        },
      });
    });

    it('refuses a body over 16 KB with 413', async () => {
      const { app, send, beacon } = await setup();
      const body = JSON.stringify(beacon([{ type: 'impression' }]));
      const padded = `${body.slice(0, -1)}, "padding": "${'x'.repeat(ANALYTICS_BEACON_MAX_BYTES)}"}`;
      const response = await send(undefined, { raw: padded });
      expect(response.statusCode).toBe(413);
      expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
      await expectNothingStored(app);
    });
  });

  it('keeps text/plain refused everywhere else', async () => {
    const { app, slug } = await setup();
    for (const url of [`/api/submit/${slug}`, '/api/stripe/webhook']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/plain' },
        payload: '{}',
      });
      expect(response.statusCode, url).toBe(415);
    }
  });

  it('counts nothing of a visitor who sends DNT: 1 or Sec-GPC: 1', async () => {
    const { app, send, beacon } = await setup();
    expectAnswered(await send(beacon([{ type: 'impression' }]), { headers: { dnt: '1' } }));
    expectAnswered(await send(beacon([{ type: 'impression' }]), { headers: { 'sec-gpc': '1' } }));
    await expectNothingStored(app);
  });

  it('counts nothing of a bot, a headless browser or a request without a user agent', async () => {
    const { app, send, beacon } = await setup();
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    ];
    for (const userAgent of bots)
      expectAnswered(
        await send(beacon([{ type: 'impression' }]), { headers: { 'user-agent': userAgent } }),
      );
    const withoutAgent = await app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(beacon([{ type: 'impression' }])),
    });
    expectAnswered(withoutAgent);
    await expectNothingStored(app);
  });

  it('counts nothing for a slug no business has', async () => {
    const { app, send, beacon } = await setup();
    expectAnswered(await send({ ...beacon([{ type: 'impression' }]), slug: 'nobody-has-this' }));
    await expectNothingStored(app);
  });

  it("spends the address's budget of unknown names, shared with the widget, on slugs no business has", async () => {
    const { app, send, beacon, daily } = await setup();
    for (let i = 0; i < unknownPublicNameLimit.max; i++)
      expectAnswered(await send({ ...beacon([{ type: 'impression' }]), slug: `made-up-${i}` }));
    const refused = await send({ ...beacon([{ type: 'impression' }]), slug: 'made-up-again' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/widget/made-up-widget',
          remoteAddress: '203.0.113.7',
        })
      ).statusCode,
    ).toBe(429);
    // Another address has its own budget; once its lookup found the slug, the slug is remembered and the
    // first address's beacons count again without a lookup.
    expectAnswered(
      await send(beacon([{ type: 'impression' }]), { remoteAddress: '198.51.100.20' }),
    );
    expectAnswered(await send(beacon([{ type: 'impression' }])));
    expect((await daily()).impressions).toBe(2);
  });

  it("counts no widget event of our own pages (the dashboard's preview), but the form's events", async () => {
    const { send, beacon, daily, testimonialId } = await setup();
    expectAnswered(
      await send(
        beacon(
          [
            { type: 'impression' },
            { type: 'card', testimonialId },
            { type: 'interaction', action: 'next' },
          ],
          `${TEST_BASE_URL}/widget`,
        ),
      ),
    );
    expectAnswered(
      await send(
        beacon(
          [{ type: 'form_view', source: 'qr' }, { type: 'form_start' }],
          `${TEST_BASE_URL}/submit/form?src=qr`,
        ),
      ),
    );
    expect(await daily()).toEqual({
      form_views: 1,
      'form_views qr': 1,
      form_starts: 1,
      visitors: 1,
    });
  });

  it('counts a flood from one visitor once, and each visitor once', async () => {
    const { send, beacon, daily, db, advance } = await setup();
    for (let i = 0; i < 20; i++) expectAnswered(await send(beacon([{ type: 'impression' }])));
    expect((await daily()).impressions).toBe(1);
    // Another browser at the same address, and the first browser at another address: two more visitors.
    expectAnswered(
      await send(beacon([{ type: 'impression' }]), { headers: { 'user-agent': FIREFOX } }),
    );
    expectAnswered(await send(beacon([{ type: 'impression' }]), { remoteAddress: '198.51.100.4' }));
    const counted = await daily();
    expect(counted.impressions).toBe(3);
    expect(counted.visitors).toBe(3);
    expect(await db.select().from(analyticsVisitors)).toHaveLength(3);

    // After the window the same impression counts again; the visitor was already counted today.
    advance(ANALYTICS_REPEAT_WINDOW_MS - MINUTE_MS);
    expectAnswered(await send(beacon([{ type: 'impression' }])));
    expect((await daily()).impressions).toBe(3);
    advance(MINUTE_MS);
    expectAnswered(await send(beacon([{ type: 'impression' }])));
    const later = await daily();
    expect(later.impressions).toBe(4);
    expect(later.visitors).toBe(3);
  });

  it('folds every kind of event into its rollups', async () => {
    const { send, beacon, daily, slug, testimonialId } = await setup({ thread: true });
    expectAnswered(
      await send(
        beacon([
          { type: 'impression' },
          { type: 'card', testimonialId },
          { type: 'time', testimonialId, ms: 2500 },
          { type: 'interaction', action: 'read_more', testimonialId },
          { type: 'interaction', action: 'next' },
        ]),
      ),
    );
    expectAnswered(await send(beacon([{ type: 'impression' }], 'https://shop.example/about')));
    expectAnswered(
      await send(
        beacon(
          [{ type: 'form_view', source: 'email' }, { type: 'form_start' }],
          `${TEST_BASE_URL}/submit/form`,
        ),
      ),
    );
    expect(await daily()).toEqual({
      impressions: 2,
      [`impressions ${slug}`]: 2,
      'page_impressions https://shop.example/menu': 1,
      'page_impressions https://shop.example/about': 1,
      [`card_impressions ${testimonialId}`]: 1,
      [`card_ms ${testimonialId}`]: 2500,
      interactions: 2,
      'interactions read_more': 1,
      'interactions next': 1,
      [`widget_interactions ${slug}`]: 2,
      [`read_more ${testimonialId}`]: 1,
      form_views: 1,
      'form_views email': 1,
      form_starts: 1,
      // The shop and our form are two sites: the hash is per site.
      visitors: 2,
    });
  });

  it("counts cards only for the business's own testimonials: a made-up id adds no row", async () => {
    const { send, beacon, daily, slug, testimonialId } = await setup();
    const madeUp = '00000000-0000-4000-8000-000000000001';
    expectAnswered(
      await send(
        beacon([
          { type: 'card', testimonialId: madeUp },
          { type: 'time', testimonialId: madeUp, ms: 4000 },
          { type: 'interaction', action: 'read_more', testimonialId: madeUp },
          { type: 'card', testimonialId },
        ]),
      ),
    );
    // The interaction still counts, without the id; the card and its time do not.
    expect(await daily()).toEqual({
      [`card_impressions ${testimonialId}`]: 1,
      interactions: 1,
      'interactions read_more': 1,
      [`widget_interactions ${slug}`]: 1,
      visitors: 1,
    });
  });

  it('adds up what two servers write at once, and counts a visitor seen by both once', async () => {
    const { app, send, beacon, daily, slug, testimonialId, anotherServer } = await setup({
      thread: true,
    });
    const other = await anotherServer();
    const events: AnalyticsBeacon['events'] = [
      { type: 'impression' },
      { type: 'card', testimonialId },
      { type: 'interaction', action: 'next' },
    ];
    for (let i = 0; i < 40; i++) {
      const to = i % 2 === 0 ? app : other;
      expectAnswered(await send(beacon(events), { to, remoteAddress: `10.0.0.${i + 1}` }));
    }
    // One visitor on both servers: each server's repeat window is its own, the day's visitors are shared.
    expectAnswered(await send(beacon(events), { to: app, remoteAddress: '10.0.1.1' }));
    expectAnswered(await send(beacon(events), { to: other, remoteAddress: '10.0.1.1' }));
    await Promise.all([app.analytics.flush(), other.analytics.flush()]);
    expect(await daily()).toEqual({
      impressions: 42,
      [`impressions ${slug}`]: 42,
      'page_impressions https://shop.example/menu': 42,
      [`card_impressions ${testimonialId}`]: 42,
      interactions: 42,
      'interactions next': 42,
      [`widget_interactions ${slug}`]: 42,
      visitors: 41,
    });
  });

  it("counts on the business's own day", async () => {
    const { send, beacon, events, daily } = await setup({
      timeZone: 'Pacific/Auckland',
      at: new Date('2026-03-02T23:30:00Z'),
    });
    expectAnswered(await send(beacon([{ type: 'impression' }])));
    expect((await events()).map((row) => row.day)).toEqual(['2026-03-03']);
    expect(await daily('2026-03-03')).toMatchObject({ impressions: 1, visitors: 1 });
    expect(await daily('2026-03-02')).toEqual({});
  });

  it('keeps raw events for 30 days and visitors for two, the rollups for good', async () => {
    const { app, db, send, beacon, daily, events, advance, now } = await setup();
    expectAnswered(await send(beacon([{ type: 'impression' }])));
    expect(await events()).toHaveLength(1);

    advance(3 * DAY_MS);
    await pruneAnalytics(db, now());
    expect(await events()).toHaveLength(1);
    expect(await db.select().from(analyticsVisitors)).toEqual([]);

    advance((ANALYTICS_RAW_RETENTION_DAYS - 3) * DAY_MS + MINUTE_MS);
    expectAnswered(await send(beacon([{ type: 'form_start' }], `${TEST_BASE_URL}/submit/form`)));
    await app.analytics.flush();
    await pruneAnalytics(db, now());
    expect((await events()).map((row) => row.type)).toEqual(['form_start']);
    expect(await daily('2026-03-02')).toEqual({
      impressions: 1,
      [`impressions ${beacon([]).slug}`]: 1,
      'page_impressions https://shop.example/menu': 1,
      visitors: 1,
    });
  });

  it('counts a testimonial sent through the form, DNT or not, with no visitor', async () => {
    const { app, slug, events, daily } = await setup();
    const valid = {
      authorName: 'Ann Baker',
      content: 'The sourdough is the best in town.',
      rating: 5,
    };
    const sent = await app.inject({
      method: 'POST',
      url: `/api/submit/${slug}`,
      headers: { dnt: '1', 'sec-gpc': '1', 'user-agent': CHROME },
      payload: valid,
      remoteAddress: freshAddress(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await daily()).toEqual({ submissions: 1 });
    expect(await events()).toMatchObject([
      { type: 'submission', visitor: null, page: null, slug: null, day: '2026-03-02' },
    ]);
    // A refused one counts nothing.
    const refused = await submitToForm(app, slug, { ...valid, content: 'Too short' });
    expect(refused.statusCode).toBe(400);
    expect(await daily()).toEqual({ submissions: 1 });
  });

  it('limits each address, generously, with the cross-origin header on the 429', async () => {
    // Scaled down to 15 a minute (the budget of unknown slugs, shared with the widget, keeps one lookup).
    const scale = 0.05;
    const { send, beacon } = await setup({ config: { rateLimitScale: scale } });
    const allowed = Math.trunc(analyticsBeaconRateLimit.max * scale);
    for (let i = 0; i < allowed; i++) expectAnswered(await send(beacon([{ type: 'impression' }])));
    const refused = await send(beacon([{ type: 'impression' }]));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.headers['retry-after']).toBeDefined();
    expectAnswered(await send(beacon([{ type: 'impression' }]), { remoteAddress: '198.51.100.9' }));
  });

  it("stores a flush's beacons as one gzipped batch per business, read back as they arrived", async () => {
    const { app, db, send, beacon, business, events } = await setup({ thread: true });
    const other = await createUser(app, { businessName: 'Other Bakery' });
    if (!other.business) throw new Error('no business');
    expectAnswered(await send(beacon([{ type: 'impression' }])));
    expectAnswered(await send(beacon([{ type: 'form_start' }], `${TEST_BASE_URL}/submit/form`)));
    expectAnswered(
      await send({ ...beacon([{ type: 'impression' }]), slug: other.business.collectionSlug }),
    );
    expect((await events()).map((event) => event.type)).toEqual(['impression', 'form_start']);
    const batches = await db
      .select()
      .from(analyticsBeaconBatches)
      .orderBy(analyticsBeaconBatches.businessId);
    expect(
      batches.map(({ businessId, beacons, events, encoding }) => ({
        businessId,
        beacons,
        events,
        encoding,
      })),
    ).toEqual(
      [
        { businessId: business.id, beacons: 2, events: 2, encoding: 'gzip' },
        { businessId: other.business.id, beacons: 1, events: 1, encoding: 'gzip' },
      ].sort((a, b) => (a.businessId < b.businessId ? -1 : 1)),
    );
    // gzip's magic number.
    expect([...(batches[0]?.data.subarray(0, 2) ?? [])]).toEqual([0x1f, 0x8b]);
  });

  it("writes the other businesses' events when one business is deleted before its own are written", async () => {
    const { app, db, send, beacon, business, daily } = await setup({ thread: true });
    const other = await createUser(app, { businessName: 'Other Bakery' });
    if (!other.business) throw new Error('no business');
    expectAnswered(await send(beacon([{ type: 'impression' }])));
    await db.delete(businesses).where(eq(businesses.id, business.id));
    expectAnswered(
      await send({ ...beacon([{ type: 'impression' }]), slug: other.business.collectionSlug }),
    );
    await daily();
    const stored = await db.select().from(analyticsBeaconBatches);
    expect(stored.map((row) => row.businessId)).toEqual([other.business.id]);
    const rollups = await db.select().from(analyticsDaily);
    expect(new Set(rollups.map((row) => row.businessId))).toEqual(new Set([other.business.id]));
  });

  it('writes what is buffered when the app closes', async () => {
    const { app, send, beacon, db } = await setup({ thread: true });
    expectAnswered(await send(beacon([{ type: 'impression' }])));
    await app.close();
    expect(await db.select().from(analyticsBeaconBatches)).toHaveLength(1);
  });
});
