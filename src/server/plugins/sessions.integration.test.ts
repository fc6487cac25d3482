// Session lifetimes and storage (docs/security.md rule 2): rolling idle timeout,
// absolute timeout (both also on a clock the test moves), pruning, the Secure
// flag over https, no resurrection.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../db/schema.js';
import {
  createSignedInUser,
  createUser,
  sessionCookieOf,
  withSession,
} from '../testing/factories.js';
import { buildApp } from '../app.js';
import { createTestApp, testConfig } from '../testing/test-app.js';
import { testDatabase } from '../testing/test-database.js';
import { DrizzleSessionStore } from './session-store.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions.js';

const DAY = 24 * 60 * 60 * 1000;

type App = Awaited<ReturnType<typeof createTestApp>>;

async function onlySession(app: App) {
  const rows = await app.database.db.select().from(sessions);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const me = (app: App, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/auth/user', ...withSession(cookie) });

describe('session lifetimes', () => {
  it('are 7 days idle and 30 days absolute', () => {
    expect(SESSION_IDLE_MS).toBe(7 * DAY);
    expect(SESSION_ABSOLUTE_MS).toBe(30 * DAY);
  });

  it('roll the idle deadline forward on every request', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app);
    const { sid } = await onlySession(app);
    await app.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() + 60_000) })
      .where(eq(sessions.sid, sid));
    const response = await me(app, cookie);
    expect(response.statusCode).toBe(200);
    const { expire } = await onlySession(app);
    expect(expire.getTime()).toBeGreaterThan(Date.now() + SESSION_IDLE_MS - 60_000);
    const cookieExpiry = response.cookies.find(
      (candidate) => candidate.name === 'vouchly.sid',
    )?.expires;
    expect(cookieExpiry?.getTime()).toBeGreaterThan(Date.now() + SESSION_IDLE_MS - 60_000);
  });

  it('refuse a session idle past its deadline', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app);
    await app.database.db.update(sessions).set({ expire: new Date(Date.now() - 1000) });
    expect((await me(app, cookie)).statusCode).toBe(401);
  });

  it('refuse a session signed in more than 30 days ago, even if active, and delete it', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app);
    const loginAt = Date.now() - 31 * DAY;
    await app.database.db.execute(
      sql`update sessions set sess = jsonb_set(sess::jsonb, '{loginAt}', to_jsonb(${loginAt}::bigint))::json, expire = now() + interval '1 day'`,
    );
    expect((await me(app, cookie)).statusCode).toBe(401);
    expect(await app.database.db.select().from(sessions)).toHaveLength(0);
  });

  it('never store an idle deadline past the absolute one', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app);
    const loginAt = Date.now() - 29 * DAY;
    await app.database.db.execute(
      sql`update sessions set sess = jsonb_set(sess::jsonb, '{loginAt}', to_jsonb(${loginAt}::bigint))::json`,
    );
    expect((await me(app, cookie)).statusCode).toBe(200);
    const { expire } = await onlySession(app);
    expect(expire.getTime()).toBeLessThanOrEqual(loginAt + SESSION_ABSOLUTE_MS);
  });
});

describe('session timeouts on the app clock', () => {
  /** An app whose clock the test moves; sessions and paid access both read it. */
  async function appWithClock() {
    let now = Date.now();
    const app = await createTestApp({}, { clock: () => new Date(now) });
    return { app, advance: (ms: number) => (now += ms) };
  }

  it('refuse a session left idle for more than 7 days', async () => {
    const { app, advance } = await appWithClock();
    const { cookie } = await createSignedInUser(app);
    advance(SESSION_IDLE_MS + 60_000);
    expect((await me(app, cookie)).statusCode).toBe(401);
  });

  it('keep a session used within 7 days, each use rolling the deadline on', async () => {
    const { app, advance } = await appWithClock();
    const { cookie } = await createSignedInUser(app);
    for (let week = 0; week < 3; week++) {
      advance(SESSION_IDLE_MS - 60_000);
      expect((await me(app, cookie)).statusCode, `after ${week + 1} weeks`).toBe(200);
    }
  });

  it('refuse a session used every day once 30 days have passed since the login', async () => {
    const { app, advance } = await appWithClock();
    const { cookie } = await createSignedInUser(app);
    for (let day = 1; day < 30; day++) {
      advance(DAY);
      expect((await me(app, cookie)).statusCode, `day ${day}`).toBe(200);
    }
    advance(DAY);
    expect((await me(app, cookie)).statusCode, 'day 30').toBe(401);
  });

  it('prune rows expired by the app clock', async () => {
    const { app, advance } = await appWithClock();
    await createSignedInUser(app);
    const store = new DrizzleSessionStore(app.database.db, {
      idleMs: SESSION_IDLE_MS,
      absoluteMs: SESSION_ABSOLUTE_MS,
      now: app.clock,
    });
    expect(await store.prune()).toBe(0);
    advance(SESSION_IDLE_MS + 60_000);
    expect(await store.prune()).toBe(1);
  });
});

describe('session storage', () => {
  it('prunes expired rows when the app starts', async () => {
    const db = (await testDatabase()).db;
    await db.insert(sessions).values([
      { sid: 'expired', sess: { cookie: {} }, expire: new Date(Date.now() - 1000) },
      { sid: 'alive', sess: { cookie: {} }, expire: new Date(Date.now() + DAY) },
    ]);
    await createTestApp();
    const left = (await db.select({ sid: sessions.sid }).from(sessions)).map((row) => row.sid);
    expect(left).toEqual(['alive']);
  });

  it('saves nothing for visitors who do not sign in', async () => {
    const app = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(response.statusCode).toBe(401);
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(await app.database.db.select().from(sessions)).toHaveLength(0);
  });

  it('does not bring back a session deleted while one of its requests was in flight', async () => {
    const app = await buildApp(testConfig(), {
      database: await testDatabase(),
      jobs: { poll: false },
      logger: false,
      // Stands for a logout or password reset elsewhere, landing between this request's session lookup and its save.
      beforeRoutes: (root) =>
        root.addHook('preHandler', async (request) => {
          if (request.headers['x-test-end-session'] === undefined) return;
          await root.database.db
            .delete(sessions)
            .where(eq(sessions.sid, request.session.sessionId));
        }),
    });
    await app.ready();
    try {
      const { cookie } = await createSignedInUser(app);
      expect(await app.database.db.select().from(sessions)).toHaveLength(1);
      const response = await app.inject({
        method: 'GET',
        url: '/api/auth/user',
        ...withSession(cookie, { 'x-test-end-session': '1' }),
      });
      expect(response.statusCode).toBe(200);
      expect(await app.database.db.select().from(sessions)).toHaveLength(0);
      expect((await me(app, cookie)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const app = await createTestApp({ baseUrl: 'https://vouchly.example', trustProxy: true });
    const { email, password } = await createUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email, password },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((candidate) => candidate.name === 'vouchly.sid');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});

describe('public and session scopes', () => {
  /** A test app that records, per URL, whether the request had a session when it was answered. */
  async function appRecordingSessions() {
    const hadSession = new Map<string, boolean>();
    const app = await createTestApp(
      {},
      {
        beforeRoutes: (root) =>
          root.addHook('onResponse', (request, _reply, done) => {
            hadSession.set(request.url, request.session != null);
            done();
          }),
      },
    );
    return { app, hadSession };
  }

  it('never load a session nor send its cookie on the public routes, even when the cookie comes along', async () => {
    const { app, hadSession } = await appRecordingSessions();
    const { cookie, business } = await createSignedInUser(app);
    const slug = business?.collectionSlug ?? '';
    // Older than anything a rolled session would get.
    await app.database.db.update(sessions).set({ expire: new Date(Date.now() + 60_000) });
    const before = await onlySession(app);
    const urls = [
      `/api/widget/${slug}`,
      '/widget.js',
      `/embed/${slug}`,
      '/embed-count.js',
      '/api/health',
      '/objects/uploads/missing.png',
    ];
    for (const url of urls) {
      const response = await app.inject({ method: 'GET', url, ...withSession(cookie) });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.headers['set-cookie'], url).toBeUndefined();
      expect(hadSession.get(url), url).toBe(false);
    }
    expect(await onlySession(app)).toEqual(before);
  });

  it('load and roll the session on owner routes', async () => {
    const { app, hadSession } = await appRecordingSessions();
    const { cookie } = await createSignedInUser(app);
    await app.database.db.update(sessions).set({ expire: new Date(Date.now() + 60_000) });
    const response = await app.inject({
      method: 'GET',
      url: '/api/business',
      ...withSession(cookie),
    });
    expect(response.statusCode).toBe(200);
    expect(hadSession.get('/api/business')).toBe(true);
    expect(sessionCookieOf(response)).toBeDefined();
    expect((await onlySession(app)).expire.getTime()).toBeGreaterThan(
      Date.now() + SESSION_IDLE_MS - 60_000,
    );
  });
});
