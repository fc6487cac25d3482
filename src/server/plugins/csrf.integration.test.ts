// Cookie-authenticated changes come from our own pages only (plugins/csrf.ts):
// Origin must be ours (or, without Origin, Sec-Fetch-Site same-origin), and the
// body JSON, even an empty one. A same-site page on another port sends a
// body-less no-cors POST with the Lax cookie, Origin of its own port and
// Sec-Fetch-Site: same-site, and no content type: that is the attack here.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { localCheckoutSessions, users } from '../db/schema.js';
import {
  createSignedInUser,
  makeJpeg,
  OWN_PAGE_HEADERS,
  payTestCheckout,
  startTestCheckout,
  uploadUrlFor,
  withSession,
} from '../testing/factories.js';
import { createTestApp } from '../testing/test-app.js';
import { SESSION_COOKIE } from './sessions.js';

type App = FastifyInstance;

/** A paying owner: a test-checkout subscription, an API key and a session. */
async function subscribedOwnerWithKey(app: App) {
  const owner = await createSignedInUser(app, { access: false });
  await payTestCheckout(app, owner.cookie, await startTestCheckout(app, owner.cookie));
  const key = await app.inject({
    method: 'POST',
    url: '/api/integrations/api-key',
    ...withSession(owner.cookie),
    payload: {},
  });
  expect(key.statusCode, key.body).toBe(200);
  return { ...owner, apiKey: key.json<{ apiKey: string }>().apiKey };
}

/** Everything the attacks below could change: the subscription's mirror, the API key, checkouts, the form's settings. */
async function snapshot(app: App, userId: string, cookie: string) {
  const { db } = app.database;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [checkouts] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(localCheckoutSessions);
  const settings = await app.inject({
    method: 'GET',
    url: '/api/collection-page-settings',
    ...withSession(cookie),
  });
  return {
    subscription: [
      user?.subscriptionStatus,
      user?.subscriptionCancelAtPeriodEnd,
      user?.subscriptionEventAt?.getTime(),
    ],
    apiKey: [user?.apiKeyHash, user?.apiKeyCreatedAt?.getTime(), user?.apiKeyStatus],
    checkouts: checkouts?.n,
    settings: settings.json(),
  };
}

async function expectStillSignedIn(app: App, cookie: string) {
  const me = await app.inject({ method: 'GET', url: '/api/auth/user', ...withSession(cookie) });
  expect(me.statusCode, me.body).toBe(200);
}

/** The body-less POSTs a no-cors fetch can send, and a JSON change. */
const changes: (InjectOptions & { url: string })[] = [
  { method: 'POST', url: '/api/cancel-subscription' },
  { method: 'POST', url: '/api/integrations/api-key' },
  { method: 'DELETE', url: '/api/integrations/api-key' },
  { method: 'POST', url: '/api/sync-subscription' },
  { method: 'POST', url: '/api/create-checkout-session' },
  { method: 'POST', url: '/api/logout' },
  {
    method: 'PUT',
    url: '/api/collection-page-settings',
    payload: { welcomeMessage: 'Planted by another site' },
  },
];

/** Request headers as Chromium sends them, less the cookie. */
const notOurPage: Record<string, Record<string, string>> = {
  'a same-site page on another port': {
    origin: 'http://localhost:4000',
    'sec-fetch-site': 'same-site',
    'sec-fetch-mode': 'no-cors',
  },
  'a same-site request without Origin': { 'sec-fetch-site': 'same-site' },
  'neither Origin nor Sec-Fetch-Site': {},
  'our Origin, but Sec-Fetch-Site: same-site': {
    origin: 'http://localhost:3000',
    'sec-fetch-site': 'same-site',
  },
  'Origin: null': { origin: 'null', 'sec-fetch-site': 'same-site' },
  'Origin: null without Sec-Fetch-Site': { origin: 'null' },
  'Origin: null from a sandboxed frame': { origin: 'null', 'sec-fetch-site': 'cross-site' },
};

describe('a cookie-authenticated change that does not come from our own page', () => {
  for (const [who, headers] of Object.entries(notOurPage)) {
    it(`is refused with 403 and changes nothing: ${who}`, async () => {
      const app = await createTestApp();
      const owner = await subscribedOwnerWithKey(app);
      const before = await snapshot(app, owner.user.id, owner.cookie);
      for (const change of changes) {
        const response = await app.inject({
          ...change,
          cookies: { [SESSION_COOKIE]: owner.cookie },
          // A JSON body says so; a no-cors POST has none and no content type.
          headers: change.payload ? { ...headers, 'content-type': 'application/json' } : headers,
        });
        expect(response.statusCode, `${change.method} ${change.url}: ${response.body}`).toBe(403);
        expect(response.json()).toEqual({
          error: { code: 'FORBIDDEN', message: 'Cross-site request refused' },
        });
      }
      expect(await snapshot(app, owner.user.id, owner.cookie)).toEqual(before);
      await expectStillSignedIn(app, owner.cookie);
    });
  }
});

describe('a cookie-authenticated change from our own page must be JSON, even with no body', () => {
  const ownPage = { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' };
  const notJson: Record<string, Record<string, string>> = {
    'no content type': ownPage,
    'text/plain': { ...ownPage, 'content-type': 'text/plain' },
    'a form': { ...ownPage, 'content-type': 'application/x-www-form-urlencoded' },
  };
  for (const [kind, headers] of Object.entries(notJson)) {
    it(`an empty body with ${kind} gets 415 and changes nothing`, async () => {
      const app = await createTestApp();
      const owner = await subscribedOwnerWithKey(app);
      const before = await snapshot(app, owner.user.id, owner.cookie);
      for (const change of changes.filter((candidate) => !candidate.payload)) {
        const response = await app.inject({
          ...change,
          cookies: { [SESSION_COOKIE]: owner.cookie },
          headers,
        });
        expect(response.statusCode, `${change.method} ${change.url}: ${response.body}`).toBe(415);
        expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
      expect(await snapshot(app, owner.user.id, owner.cookie)).toEqual(before);
      await expectStillSignedIn(app, owner.cookie);
    });
  }

  it('the missing content type is named in the answer', async () => {
    const app = await createTestApp();
    const owner = await subscribedOwnerWithKey(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync-subscription',
      cookies: { [SESSION_COOKIE]: owner.cookie },
      headers: ownPage,
    });
    expect(response.json()).toEqual({
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Send this request as JSON (Content-Type: application/json), even with no body',
      },
    });
  });

  it('from our page whose Referrer-Policy hides its Origin (Origin: null, Sec-Fetch-Site: same-origin), it works', async () => {
    const app = await createTestApp();
    const owner = await subscribedOwnerWithKey(app);
    const sync = await app.inject({
      method: 'POST',
      url: '/api/sync-subscription',
      cookies: { [SESSION_COOKIE]: owner.cookie },
      headers: {
        origin: 'null',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
    });
    expect(sync.statusCode, sync.body).toBe(200);
  });

  it('with application/json and an empty body, every one of them works', async () => {
    const app = await createTestApp();
    const owner = await subscribedOwnerWithKey(app);
    for (const headers of [
      OWN_PAGE_HEADERS,
      { ...ownPage, 'content-type': 'application/json; charset=utf-8' },
    ]) {
      const sync = await app.inject({
        method: 'POST',
        url: '/api/sync-subscription',
        cookies: { [SESSION_COOKIE]: owner.cookie },
        headers,
      });
      expect(sync.statusCode, sync.body).toBe(200);
    }
    const rotated = await app.inject({
      method: 'POST',
      url: '/api/integrations/api-key',
      ...withSession(owner.cookie),
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().apiKey).not.toBe(owner.apiKey);
    const revoked = await app.inject({
      method: 'DELETE',
      url: '/api/integrations/api-key',
      ...withSession(owner.cookie),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const canceled = await app.inject({
      method: 'POST',
      url: '/api/cancel-subscription',
      ...withSession(owner.cookie),
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const loggedOut = await app.inject({
      method: 'POST',
      url: '/api/logout',
      ...withSession(owner.cookie),
    });
    expect(loggedOut.statusCode, loggedOut.body).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/user', ...withSession(owner.cookie) }))
        .statusCode,
    ).toBe(401);
  });

  it('an empty JSON body where the route needs one gets the route’s validation error, not a parser error', async () => {
    const app = await createTestApp();
    const owner = await subscribedOwnerWithKey(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/collection-page-settings',
      ...withSession(owner.cookie),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('routes the cookie does not authenticate keep working when a browser sends it along', () => {
  it('the signed upload PUT, with the file’s own content type', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
    const response = await app.inject({
      method: 'PUT',
      url: uploadURL,
      ...withSession(owner.cookie, {
        'content-type': 'image/jpeg',
        'sec-fetch-site': 'same-origin',
      }),
      payload: await makeJpeg(),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('the API v1 (bearer key) and the public form', async () => {
    const app = await createTestApp();
    const owner = await subscribedOwnerWithKey(app);
    const imported = await app.inject({
      method: 'POST',
      url: '/api/v1/testimonials',
      ...withSession(owner.cookie, { authorization: `Bearer ${owner.apiKey}` }),
      payload: { authorName: 'Ann Baker', content: 'Imported with a cookie along.', source: 'crm' },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const submitted = await app.inject({
      method: 'POST',
      url: `/api/submit/${owner.business?.collectionSlug}`,
      ...withSession(owner.cookie),
      payload: {
        authorName: 'Bo Visitor',
        content: 'Sent from the form while signed in.',
        rating: 5,
      },
    });
    expect(submitted.statusCode, submitted.body).toBeLessThan(300);
  });

  it('signed-in reads need neither header', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/business',
      cookies: { [SESSION_COOKIE]: owner.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe("an import's CSV file (text/csv, which needs a preflight as JSON does)", () => {
  const csv = 'name,text\nAna,Lovely people and great bread.\n';
  const importCsv = (app: App, cookie: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: csv,
      cookies: { [SESSION_COOKIE]: cookie },
      headers: { ...headers, 'content-type': 'text/csv' },
    });
  const count = async (app: App) =>
    (await app.database.db.execute<{ n: number }>(sql`select count(*)::int as n from testimonials`))
      .rows[0]?.n;

  it('is refused from another site, and imports nothing', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    for (const headers of Object.values(notOurPage)) {
      const response = await importCsv(app, owner.cookie, headers);
      expect(response.statusCode, response.body).toBe(403);
    }
    expect(await count(app)).toBe(0);
  });

  it('is taken from our own page', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const response = await importCsv(app, owner.cookie, { origin: 'http://localhost:3000' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await count(app)).toBe(1);
  });
});
