// Review sources (docs/product/integrations.md#review-sources) against local stand-ins of Google and Trustpilot:
// connecting each, syncing new, changed and removed reviews, trust, a failing source's backoff, a revoked token that
// asks for a reconnect while another source goes on, the planned syncs across a restart, and credentials at rest.
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ReviewSource, ReviewSourceList } from '../../../shared/schemas/review-sources.js';
import type { Testimonial, TestimonialList } from '../../../shared/schemas/testimonials.js';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time.js';
import { jobs, reviewSources, testimonials } from '../../db/schema.js';
import { createSignedInUser, makeJpeg, withSession } from '../../testing/factories.js';
import { startHttpServer } from '../../testing/http-server.js';
import {
  FAKE_GOOGLE_LOCATION,
  startFakeReviewSources,
  type FakeReviewSources,
} from '../../testing/fake-review-sources.js';
import { createTestApp } from '../../testing/test-app.js';
import { backoffMs, MAX_BACKOFF_MS, SYNC_INTERVAL_MS } from './jobs.js';

const GOOGLE = { clientId: 'test-client-id', clientSecret: 'test-client-secret' };
const UNIT = 'a1b2c3d4e5';
const API_KEY = 'tp-key-for-crumb';

async function setup(
  fake?: FakeReviewSources,
  options: { google?: boolean; allowPrivateNetworkFetch?: boolean } = {},
) {
  const sources = fake ?? (await startFakeReviewSources());
  let now = new Date();
  const app = await createTestApp(
    {
      allowPrivateNetworkFetch: options.allowPrivateNetworkFetch ?? false,
      google: options.google === false ? undefined : GOOGLE,
      reviewSourceUrls: { ...sources.urls, timeoutMs: 1000 },
    },
    { clock: () => now },
  );
  const owner = await createSignedInUser(app, { businessName: 'Crumb & Co' });
  const business = owner.business!;
  const inject = (request: InjectOptions) =>
    app.inject({ ...request, ...withSession(owner.cookie) });
  const t = {
    app,
    fake: sources,
    owner,
    business,
    inject,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    now: () => now,
    list: async () => {
      const response = await inject({ method: 'GET', url: '/api/review-sources' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ReviewSourceList>();
    },
    source: async (id: string) => {
      const found = (await t.list()).sources.find((source) => source.id === id);
      if (!found) throw new Error(`no source ${id}`);
      return found;
    },
    testimonials: async () => {
      const response = await inject({ method: 'GET', url: '/api/testimonials?pageSize=100' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TestimonialList>().items;
    },
    widgetNames: async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/widget/${business.collectionSlug}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<{ testimonials: { authorName: string }[] }>()
        .testimonials.map((item) => item.authorName)
        .sort();
    },
    connectTrustpilot: async (apiKey = API_KEY, unit = UNIT) => {
      const response = await inject({
        method: 'POST',
        url: '/api/review-sources/trustpilot',
        payload: { businessUnitId: unit, apiKey },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<ReviewSource>();
    },
    connectGoogle: async () => {
      const start = await inject({ method: 'POST', url: '/api/review-sources/google/start' });
      expect(start.statusCode, start.body).toBe(200);
      const state = new URL(start.json<{ url: string }>().url).searchParams.get('state') ?? '';
      const callback = await inject({
        method: 'POST',
        url: '/api/review-sources/google/callback',
        payload: { code: sources.google.issueCode(), state },
      });
      expect(callback.statusCode, callback.body).toBe(200);
      return callback.json<ReviewSource>();
    },
    chooseLocation: async (id: string) => {
      const response = await inject({
        method: 'PUT',
        url: `/api/review-sources/${id}/location`,
        payload: { name: FAKE_GOOGLE_LOCATION },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ReviewSource>();
    },
  };
  return t;
}

type Setup = Awaited<ReturnType<typeof setup>>;

const byName = (list: Testimonial[], name: string) => {
  const found = list.find((item) => item.authorName === name);
  if (!found) throw new Error(`no testimonial by ${name}`);
  return found;
};

async function plannedJobs(t: Setup, sourceId: string) {
  const rows = await t.app.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'review-sources.sync'), eq(jobs.status, 'queued')));
  return rows.filter((row) => (row.payload as { sourceId: string }).sourceId === sourceId);
}

describe('connecting Trustpilot', () => {
  it('checks the key with one call first: a refused key stores nothing; a good one connects and syncs', async () => {
    const t = await setup();
    t.fake.trustpilot.addBusinessUnit(UNIT, API_KEY);
    t.fake.trustpilot.addReview(UNIT, { consumer: { displayName: 'Ana' }, stars: 5 });

    const wrong = await t.inject({
      method: 'POST',
      url: '/api/review-sources/trustpilot',
      payload: { businessUnitId: UNIT, apiKey: 'not-the-key' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error: { message: string } }>().error.message).toBe(
      'Trustpilot did not accept this API key for this business unit. Please check both and try again.',
    );
    expect(await t.app.database.db.select().from(reviewSources)).toEqual([]);

    t.fake.trustpilot.fail(503);
    const away = await t.inject({
      method: 'POST',
      url: '/api/review-sources/trustpilot',
      payload: { businessUnitId: UNIT, apiKey: API_KEY },
    });
    expect(away.statusCode).toBe(503);
    expect(away.json<{ error: { message: string } }>().error.message).toBe(
      'Trustpilot could not be reached. Please try again in a few minutes.',
    );
    expect(await t.app.database.db.select().from(reviewSources)).toEqual([]);
    t.fake.trustpilot.fail(null);

    const source = await t.connectTrustpilot();
    expect(source).toMatchObject({ kind: 'trustpilot', status: 'connected', label: UNIT });
    await t.app.jobs.drain();
    const [ana] = await t.testimonials();
    expect(ana).toMatchObject({
      authorName: 'Ana',
      rating: 5,
      status: 'pending',
      source: 'trustpilot',
      content: 'Lovely bread\n\nFriendly staff and lovely sourdough.',
    });
    expect(ana?.sourceUrl).toMatch(/^https:\/\/www\.trustpilot\.com\/reviews\/tp\d+$/);
    const synced = await t.source(source.id);
    expect(synced.lastSyncAt).toBe(t.now().toISOString());
    expect(synced.nextSyncAt).toBe(new Date(t.now().getTime() + SYNC_INTERVAL_MS).toISOString());
  });

  it('keeps the API key sealed: not in the database in the clear, in no answer and in no job', async () => {
    const t = await setup();
    t.fake.trustpilot.addBusinessUnit(UNIT, API_KEY);
    const source = await t.connectTrustpilot();
    const [row] = await t.app.database.db.select().from(reviewSources);
    expect(row?.credentials).toMatch(/^v1\./);
    expect(row?.credentials).not.toContain(API_KEY);
    const listed = await t.inject({ method: 'GET', url: '/api/review-sources' });
    expect(listed.body).not.toContain(API_KEY);
    const queued = await plannedJobs(t, source.id);
    expect(JSON.stringify(queued)).not.toContain(API_KEY);
  });
});

describe('connecting Google', () => {
  it('signs in with Google, lists the locations, syncs the chosen one', async () => {
    const t = await setup();
    const start = await t.inject({ method: 'POST', url: '/api/review-sources/google/start' });
    const url = new URL(start.json<{ url: string }>().url);
    expect(url.origin + url.pathname).toBe(t.fake.urls.googleAuth);
    expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/business.manage');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/integrations');

    t.fake.google.addReview({ reviewer: { displayName: 'Maya' }, starRating: 'FOUR' });
    t.fake.google.addReview({ reviewer: { displayName: 'No text' }, comment: '' });
    const source = await t.connectGoogle();
    expect(source).toMatchObject({ kind: 'google', needsLocation: true, label: null });

    const locations = await t.inject({
      method: 'GET',
      url: `/api/review-sources/${source.id}/locations`,
    });
    expect(locations.json()).toEqual({
      locations: [
        {
          name: FAKE_GOOGLE_LOCATION,
          title: 'Crumb & Co, Market Square',
          accountName: 'Crumb & Co',
        },
        {
          name: 'accounts/1001/locations/2003',
          title: 'Crumb & Co, Harbour Street',
          accountName: 'Crumb & Co',
        },
      ],
    });
    const other = await t.inject({
      method: 'PUT',
      url: `/api/review-sources/${source.id}/location`,
      payload: { name: 'accounts/9/locations/9' },
    });
    expect(other.statusCode).toBe(400);

    const chosen = await t.chooseLocation(source.id);
    expect(chosen).toMatchObject({ needsLocation: false, label: 'Crumb & Co, Market Square' });
    await t.app.jobs.drain();
    const list = await t.testimonials();
    expect(list.map((item) => item.authorName)).toEqual(['Maya']);
    expect(list[0]).toMatchObject({ rating: 4, source: 'google', status: 'pending' });
  });

  it("brings a new reviewer's photo in after the sync, through the upload pipeline", async () => {
    const photo = await makeJpeg({ width: 96, height: 96, gps: true });
    const site = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    });
    const t = await setup(undefined, { allowPrivateNetworkFetch: true });
    t.fake.google.addReview({
      reviewer: { displayName: 'Maya', profilePhotoUrl: `${site.origin}/maya.jpg` },
    });
    t.fake.google.addReview({ reviewer: { displayName: 'Ben' } });
    const source = await t.connectGoogle();
    await t.chooseLocation(source.id);
    await t.app.jobs.drain();

    const list = await t.testimonials();
    const stored = byName(list, 'Maya').authorImageUrl;
    expect(stored).toMatch(/^\/objects\/uploads\/.+\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: stored ?? '' });
    expect(
      (await sharp(served.rawPayload).metadata()).exif,
      'EXIF (GPS) is stripped',
    ).toBeUndefined();
    expect(byName(list, 'Ben').authorImageUrl).toBeNull();
    expect(site.requests.map((request) => request.url)).toEqual(['/maya.jpg']);
  });

  it('refuses a state from another session, an expired one and a forged one', async () => {
    const t = await setup();
    const other = await createSignedInUser(t.app, { businessName: 'Other' });
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/review-sources/google/start',
      ...withSession(other.cookie),
    });
    const state = new URL(start.json<{ url: string }>().url).searchParams.get('state') ?? '';
    const own = await t.inject({ method: 'POST', url: '/api/review-sources/google/start' });
    const ownState = new URL(own.json<{ url: string }>().url).searchParams.get('state') ?? '';
    const forged = ownState.replace(/\.[^.]+$/, '.AAAA');
    for (const candidate of [state, forged]) {
      const response = await t.inject({
        method: 'POST',
        url: '/api/review-sources/google/callback',
        payload: { code: t.fake.google.issueCode(), state: candidate },
      });
      expect(response.statusCode).toBe(400);
    }
    t.advance(11 * MINUTE_MS);
    const late = await t.inject({
      method: 'POST',
      url: '/api/review-sources/google/callback',
      payload: { code: t.fake.google.issueCode(), state: ownState },
    });
    expect(late.statusCode).toBe(400);
    expect(await t.app.database.db.select().from(reviewSources)).toEqual([]);
  });

  it('is off, with a clear answer, when the server has no Google client', async () => {
    const t = await setup(undefined, { google: false });
    expect((await t.list()).googleAvailable).toBe(false);
    const start = await t.inject({ method: 'POST', url: '/api/review-sources/google/start' });
    expect(start.statusCode).toBe(409);
    expect(start.json<{ error: { message: string } }>().error.message).toBe(
      'Google is not set up on this server.',
    );
  });
});

describe('syncing', () => {
  it('adds new reviews, follows changes unless the owner edited, hides removed ones and shows them again', async () => {
    const t = await setup();
    t.fake.trustpilot.addBusinessUnit(UNIT, API_KEY);
    const ana = t.fake.trustpilot.addReview(UNIT, { consumer: { displayName: 'Ana' } });
    const ben = t.fake.trustpilot.addReview(UNIT, { consumer: { displayName: 'Ben' } });
    const cy = t.fake.trustpilot.addReview(UNIT, { consumer: { displayName: 'Cy' } });
    const source = await t.connectTrustpilot();
    await t.inject({
      method: 'PATCH',
      url: `/api/review-sources/${source.id}`,
      payload: { trusted: true },
    });
    await t.app.jobs.drain();
    expect((await t.testimonials()).map((item) => item.status)).toEqual([
      'approved',
      'approved',
      'approved',
    ]);
    expect(await t.widgetNames()).toEqual(['Ana', 'Ben', 'Cy']);

    // The owner edits Ben's text here; then both Ana and Ben change theirs at Trustpilot.
    const benHere = byName(await t.testimonials(), 'Ben');
    const edit = await t.inject({
      method: 'PATCH',
      url: `/api/testimonials/${benHere.id}`,
      payload: { content: 'Edited by the owner.' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    t.fake.trustpilot.changeReview(UNIT, ana.id, { title: '', text: 'Even better now.', stars: 5 });
    t.fake.trustpilot.changeReview(UNIT, ben.id, { title: '', text: 'Changed at the source.' });
    t.fake.trustpilot.removeReview(UNIT, cy.id);
    t.fake.trustpilot.addReview(UNIT, { consumer: { displayName: 'Dee' } });
    await t.inject({ method: 'POST', url: `/api/review-sources/${source.id}/sync` });
    await t.app.jobs.drain();

    const after = await t.testimonials();
    expect(byName(after, 'Ana')).toMatchObject({ content: 'Even better now.', rating: 5 });
    expect(byName(after, 'Ben').content).toBe('Edited by the owner.');
    expect(byName(after, 'Cy').status).toBe('approved');
    expect(await t.widgetNames()).toEqual(['Ana', 'Ben', 'Dee']);
    const [cyRow] = await t.app.database.db
      .select()
      .from(testimonials)
      .where(eq(testimonials.id, byName(after, 'Cy').id));
    expect(cyRow?.goneFromSourceAt).toEqual(t.now());
    // The owner's list says so, where the widget simply leaves it out.
    expect(byName(after, 'Cy').goneFromSourceAt).toBe(t.now().toISOString());
    expect(byName(after, 'Ana').goneFromSourceAt).toBeNull();

    // Cy's review comes back: so does the testimonial, once.
    t.fake.trustpilot.state.reviews.get(UNIT)?.push(cy);
    await t.inject({ method: 'POST', url: `/api/review-sources/${source.id}/sync` });
    await t.app.jobs.drain();
    expect(await t.widgetNames()).toEqual(['Ana', 'Ben', 'Cy', 'Dee']);
    const back = await t.testimonials();
    expect(back).toHaveLength(4);
    expect(byName(back, 'Cy').goneFromSourceAt).toBeNull();
  });

  it('takes over a review imported from a file with the same id, without a second copy or a change to its text', async () => {
    const t = await setup();
    t.fake.trustpilot.addBusinessUnit(UNIT, API_KEY);
    const review = t.fake.trustpilot.addReview(UNIT, { consumer: { displayName: 'Imported' } });
    // Trustpilot's own export of that review, imported as a file first.
    const csv = `Review Id,Review Created (UTC),Review Content,Review Stars,Name\n${review.id},2025-02-03 11:20:45,As the file had it.,5,Imported\n`;
    const fileImport = await t.app.inject({
      method: 'POST',
      url: '/api/imports?status=approved',
      payload: csv,
      ...withSession(t.owner.cookie, { 'content-type': 'text/csv' }),
    });
    expect(fileImport.json(), fileImport.body).toMatchObject({ imported: 1, format: 'trustpilot' });
    const [imported] = await t.app.database.db
      .select()
      .from(testimonials)
      .where(eq(testimonials.businessId, t.business.id));
    const source = await t.connectTrustpilot();
    await t.app.jobs.drain();
    const rows = await t.app.database.db
      .select()
      .from(testimonials)
      .where(eq(testimonials.businessId, t.business.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: imported?.id,
      content: 'As the file had it.',
      reviewSourceId: source.id,
      goneFromSourceAt: null,
    });
    // Kept in step from now on: gone at the source, hidden here.
    t.fake.trustpilot.removeReview(UNIT, review.id);
    await t.inject({ method: 'POST', url: `/api/review-sources/${source.id}/sync` });
    await t.app.jobs.drain();
    expect(await t.widgetNames()).toEqual([]);
  });

  it('adds untrusted reviews as pending, and trusting changes only what arrives afterwards', async () => {
    const t = await setup();
    t.fake.trustpilot.addBusinessUnit(UNIT, API_KEY);
    t.fake.trustpilot.addReview(UNIT, { consumer: { displayName: 'Early' } });
    const source = await t.connectTrustpilot();
    await t.app.jobs.drain();
    await t.inject({
      method: 'PATCH',
      url: `/api/review-sources/${source.id}`,
      payload: { trusted: true },
    });
    t.fake.trustpilot.addReview(UNIT, { consumer: { displayName: 'Late' } });
    await t.inject({ method: 'POST', url: `/api/review-sources/${source.id}/sync` });
    await t.app.jobs.drain();
    const list = await t.testimonials();
    expect(byName(list, 'Early').status).toBe('pending');
    expect(byName(list, 'Late').status).toBe('approved');
    expect(await t.widgetNames()).toEqual(['Late']);
  });

  it('syncs again every 6 hours on its own', async () => {
    const t = await setup();
    t.fake.trustpilot.addBusinessUnit(UNIT, API_KEY);
    await t.connectTrustpilot();
    await t.app.jobs.drain();
    t.fake.trustpilot.addReview(UNIT, { consumer: { displayName: 'Later' } });
    t.advance(SYNC_INTERVAL_MS - MINUTE_MS);
    await t.app.jobs.drain();
    expect(await t.testimonials()).toEqual([]);
    t.advance(MINUTE_MS);
    await t.app.jobs.drain();
    expect((await t.testimonials()).map((item) => item.authorName)).toEqual(['Later']);
  });
});

describe('failures', () => {
  it('a failing source backs off, doubling up to a cap, shows its last error, and recovers', async () => {
    const t = await setup();
    t.fake.trustpilot.addBusinessUnit(UNIT, API_KEY);
    const source = await t.connectTrustpilot();
    t.fake.trustpilot.fail(502);
    await t.app.jobs.drain();
    let state = await t.source(source.id);
    expect(state).toMatchObject({
      status: 'failing',
      consecutiveFailures: 1,
      lastError: 'Trustpilot is not answering (error 502).',
      lastSyncAt: null,
    });
    expect(state.nextSyncAt).toBe(new Date(t.now().getTime() + 15 * MINUTE_MS).toISOString());

    const waits: number[] = [];
    for (let failure = 2; failure <= 9; failure += 1) {
      const before = new Date(state.nextSyncAt ?? '').getTime();
      t.advance(before - t.now().getTime());
      await t.app.jobs.drain();
      state = await t.source(source.id);
      expect(state.consecutiveFailures).toBe(failure);
      waits.push(new Date(state.nextSyncAt ?? '').getTime() - t.now().getTime());
    }
    expect(waits).toEqual([2, 3, 4, 5, 6, 7, 8, 9].map(backoffMs));
    expect(waits.slice(0, 4)).toEqual([30, 60, 120, 240].map((m) => m * MINUTE_MS));
    expect(waits.at(-1)).toBe(MAX_BACKOFF_MS);
    expect(await plannedJobs(t, source.id)).toHaveLength(1);

    t.fake.trustpilot.fail(null);
    t.fake.trustpilot.addReview(UNIT, { consumer: { displayName: 'Back' } });
    t.advance(MAX_BACKOFF_MS);
    await t.app.jobs.drain();
    expect(await t.source(source.id)).toMatchObject({
      status: 'connected',
      consecutiveFailures: 0,
      lastError: null,
    });
    expect((await t.testimonials()).map((item) => item.authorName)).toEqual(['Back']);
  });

  it('a provider that does not answer counts as a failure after the timeout', async () => {
    const t = await setup();
    t.fake.trustpilot.addBusinessUnit(UNIT, API_KEY);
    const source = await t.connectTrustpilot();
    t.fake.trustpilot.fail('hang');
    await t.app.jobs.drain();
    t.fake.releaseHung();
    expect(await t.source(source.id)).toMatchObject({
      status: 'failing',
      lastError: 'Trustpilot did not answer in time.',
    });
  });

  it("a listing slower than its budget counts as a failure, within the job handler's deadline", async () => {
    const fake = await startFakeReviewSources();
    fake.trustpilot.addBusinessUnit(UNIT, API_KEY);
    const app = await createTestApp({
      reviewSourceUrls: { ...fake.urls, timeoutMs: 5000, listingBudgetMs: 300 },
    });
    const owner = await createSignedInUser(app);
    const connected = await app.inject({
      method: 'POST',
      url: '/api/review-sources/trustpilot',
      payload: { businessUnitId: UNIT, apiKey: API_KEY },
      ...withSession(owner.cookie),
    });
    const source = connected.json<ReviewSource>();
    fake.trustpilot.fail('hang');
    await app.jobs.drain();
    fake.releaseHung();
    const [row] = await app.database.db
      .select()
      .from(reviewSources)
      .where(eq(reviewSources.id, source.id));
    expect(row).toMatchObject({
      status: 'failing',
      lastError: 'Trustpilot was too slow to list every review.',
    });
  });

  it('a revoked Google token asks for a reconnect and plans nothing, while Trustpilot goes on syncing; reconnecting mends it', async () => {
    const t = await setup();
    t.fake.trustpilot.addBusinessUnit(UNIT, API_KEY);
    const google = await t.connectGoogle();
    await t.chooseLocation(google.id);
    const trustpilot = await t.connectTrustpilot();
    await t.app.jobs.drain();

    t.fake.google.revoke();
    t.fake.google.addReview({ reviewer: { displayName: 'Waiting' } });
    t.fake.trustpilot.addReview(UNIT, { consumer: { displayName: 'Tp' } });
    t.advance(SYNC_INTERVAL_MS);
    await t.app.jobs.drain();
    const revoked = await t.source(google.id);
    expect(revoked).toMatchObject({
      status: 'reconnect',
      nextSyncAt: null,
      lastError: 'Google no longer accepts our access. Please reconnect.',
    });
    expect(await t.source(trustpilot.id)).toMatchObject({ status: 'connected' });
    expect((await t.testimonials()).map((item) => item.authorName)).toEqual(['Tp']);
    const syncNow = await t.inject({
      method: 'POST',
      url: `/api/review-sources/${google.id}/sync`,
    });
    expect(syncNow.statusCode).toBe(409);
    // Nothing more is planned for it, however long we wait.
    t.advance(3 * SYNC_INTERVAL_MS);
    await t.app.jobs.drain();
    expect(await plannedJobs(t, google.id)).toEqual([]);

    const again = await t.connectGoogle();
    expect(again).toMatchObject({ id: google.id, status: 'connected', needsLocation: false });
    await t.app.jobs.drain();
    expect((await t.testimonials()).map((item) => item.authorName).sort()).toEqual([
      'Tp',
      'Waiting',
    ]);
  });
});

describe('the planned sync across a restart', () => {
  it('is kept in the database and runs on the next server', async () => {
    const fake = await startFakeReviewSources();
    fake.trustpilot.addBusinessUnit(UNIT, API_KEY);
    const first = await setup(fake);
    const source = await first.connectTrustpilot();
    await first.app.jobs.drain();
    const at = first.now();
    await first.app.close();

    fake.trustpilot.addReview(UNIT, { consumer: { displayName: 'After restart' } });
    const now = new Date(at.getTime() + SYNC_INTERVAL_MS + HOUR_MS);
    const second = await createTestApp(
      { google: GOOGLE, reviewSourceUrls: { ...fake.urls, timeoutMs: 1000 } },
      { clock: () => now },
    );
    expect(await second.jobs.drain()).toBeGreaterThan(0);
    const rows = await second.database.db
      .select()
      .from(testimonials)
      .where(eq(testimonials.reviewSourceId, source.id));
    expect(rows.map((row) => row.authorName)).toEqual(['After restart']);
  });
});

describe('disconnecting', () => {
  it('forgets the source and its plans; the testimonials stay', async () => {
    const t = await setup();
    t.fake.trustpilot.addBusinessUnit(UNIT, API_KEY);
    t.fake.trustpilot.addReview(UNIT, { consumer: { displayName: 'Stays' } });
    const source = await t.connectTrustpilot();
    await t.app.jobs.drain();
    const removed = await t.inject({ method: 'DELETE', url: `/api/review-sources/${source.id}` });
    expect(removed.json()).toEqual({ deleted: true });
    expect((await t.list()).sources).toEqual([]);
    t.advance(SYNC_INTERVAL_MS);
    const before = t.fake.requests.length;
    await t.app.jobs.drain();
    expect(t.fake.requests.length).toBe(before);
    expect((await t.testimonials()).map((item) => item.authorName)).toEqual(['Stays']);
  });
});

describe('tenants', () => {
  it("one owner's sources are not another's: listed, synced, trusted or removed", async () => {
    const t = await setup();
    t.fake.trustpilot.addBusinessUnit(UNIT, API_KEY);
    const source = await t.connectTrustpilot();
    const other = await createSignedInUser(t.app, { businessName: 'Other' });
    const as = (request: InjectOptions) =>
      t.app.inject({ ...request, ...withSession(other.cookie) });
    const list = await as({ method: 'GET', url: '/api/review-sources' });
    expect(list.json<ReviewSourceList>().sources).toEqual([]);
    for (const request of [
      { method: 'POST' as const, url: `/api/review-sources/${source.id}/sync` },
      {
        method: 'PATCH' as const,
        url: `/api/review-sources/${source.id}`,
        payload: { trusted: true },
      },
      { method: 'DELETE' as const, url: `/api/review-sources/${source.id}` },
      { method: 'GET' as const, url: `/api/review-sources/${source.id}/locations` },
    ]) {
      expect((await as(request)).statusCode).toBe(404);
    }
    expect(await t.source(source.id)).toMatchObject({ trusted: false });
  });
});
