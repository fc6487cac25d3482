// Several servers on one database (decision 0016): two app instances, each
// with its own DatabaseHandle and its own public widget cache, like two
// processes. A change made through one shows on the other within a second,
// carried by PostgreSQL LISTEN/NOTIFY (PGlite: its in-process equivalent).
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { WIDGET_SETTINGS_DEFAULTS, type PublicWidget } from '../../../shared/schemas/widget.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { testimonials, type BusinessRow } from '../../db/schema.js';
import { signWixInstance } from '../integrations/wix-instance.js';
import { createSignedInUser, createTestimonial, withSession } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { createPostgresDatabase, usingPostgres } from '../../testing/test-database.js';

type App = FastifyInstance;
const WIX_APP_SECRET = 'test-wix-app-secret';
/** The bound: the other server serves the new data within a second. */
const WITHIN_MS = 1_000;

/** Two handles on one fresh migrated database: two pools on PostgreSQL, two Drizzle handles on one PGlite. */
async function twoHandlesOnOneDatabase(): Promise<{
  handles: [DatabaseHandle, DatabaseHandle];
  url: string | null;
}> {
  let handles: [DatabaseHandle, DatabaseHandle];
  let url: string | null = null;
  if (usingPostgres()) {
    url = await createPostgresDatabase('shared');
    handles = [
      await openDatabase({ kind: 'postgres', url }),
      await openDatabase({ kind: 'postgres', url }),
    ];
  } else {
    const client = await PGlite.create({
      loadDataDir: new Blob([await readFile(inject('pgliteSnapshot'))]),
    });
    handles = [
      await openDatabase({ kind: 'pglite-client', client }),
      await openDatabase({ kind: 'pglite-client', client }),
    ];
  }
  // After the apps (closed in afterEach), which still unsubscribe through them.
  onTestFinished(async () => {
    for (const handle of handles) await handle.close();
  });
  return { handles, url };
}

async function twoServers(config: { wixAppSecret?: string } = {}) {
  const { handles, url } = await twoHandlesOnOneDatabase();
  const a = await createTestApp(config, { database: handles[0] });
  const b = await createTestApp(config, { database: handles[1] });
  return { a, b, url };
}

const widget = (app: App, slug: string) =>
  app.inject({ method: 'GET', url: `/api/widget/${slug}` });
const contents = async (app: App, slug: string) =>
  (await widget(app, slug))
    .json<PublicWidget>()
    .testimonials.map((testimonial) => testimonial.content);

const approved = (content: string) => ({
  status: 'approved' as const,
  approvedAt: new Date(),
  content,
});

describe('two servers on one database', () => {
  it('a settings or testimonial change made through one shows on the other within a second', async () => {
    const { a, b } = await twoServers();
    const owner = await createSignedInUser(a);
    const business = owner.business as BusinessRow;
    const slug = business.collectionSlug;
    const shown = await createTestimonial(
      a.database.db,
      business.id,
      approved('Shown from the start.'),
    );
    const pending = await createTestimonial(a.database.db, business.id, {
      content: 'Approved later.',
    });
    const session = withSession(owner.cookie);

    // B's cache is warm, and really in use: a change that no service announced stays unseen there.
    expect(await contents(b, slug)).toEqual(['Shown from the start.']);
    await b.database.db
      .update(testimonials)
      .set({ content: 'Changed behind the back.' })
      .where(eq(testimonials.id, shown.id));
    expect(await contents(b, slug)).toEqual(['Shown from the start.']);
    await b.database.db
      .update(testimonials)
      .set({ content: 'Shown from the start.' })
      .where(eq(testimonials.id, shown.id));
    expect((await b.inject({ method: 'GET', url: `/embed/${slug}` })).body).not.toContain(
      'Kind words',
    );

    const settings = await a.inject({
      method: 'POST',
      url: '/api/widget-settings',
      payload: { ...WIDGET_SETTINGS_DEFAULTS, headerText: 'Kind words' },
      ...session,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    await expect
      .poll(async () => (await widget(b, slug)).json<PublicWidget>().settings.headerText, {
        timeout: WITHIN_MS,
      })
      .toBe('Kind words');
    expect((await b.inject({ method: 'GET', url: `/embed/${slug}` })).body).toContain('Kind words');

    const approve = await a.inject({
      method: 'PATCH',
      url: `/api/testimonials/${pending.id}`,
      payload: { status: 'approved' },
      ...session,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    await expect.poll(() => contents(b, slug), { timeout: WITHIN_MS }).toContain('Approved later.');

    const hide = await a.inject({
      method: 'POST',
      url: '/api/testimonials/bulk',
      payload: { action: 'reject', ids: [shown.id] },
      ...session,
    });
    expect(hide.statusCode, hide.body).toBe(200);
    await expect.poll(() => contents(b, slug), { timeout: WITHIN_MS }).toEqual(['Approved later.']);

    const remove = await a.inject({
      method: 'DELETE',
      url: `/api/testimonials/${pending.id}`,
      ...session,
    });
    expect(remove.statusCode, remove.body).toBe(200);
    await expect.poll(() => contents(b, slug), { timeout: WITHIN_MS }).toEqual([]);
  });

  it('a Wix site linked or unlinked through one is known or forgotten by the other within a second', async () => {
    const { a, b } = await twoServers({ wixAppSecret: WIX_APP_SECRET });
    const owner = await createSignedInUser(a);
    const siteId = '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
    const wixWidget = () => b.inject({ method: 'GET', url: `/wix/widget?instance=${siteId}` });
    expect((await wixWidget()).statusCode).toBe(404);

    const instance = signWixInstance(
      { instanceId: siteId, signDate: new Date().toISOString() },
      WIX_APP_SECRET,
    );
    const linked = await a.inject({
      method: 'POST',
      url: '/api/wix/connect',
      payload: { instance },
      ...withSession(owner.cookie),
    });
    expect(linked.statusCode, linked.body).toBe(200);
    await expect.poll(async () => (await wixWidget()).statusCode, { timeout: WITHIN_MS }).toBe(200);

    const unlinked = await a.inject({
      method: 'DELETE',
      url: `/api/integrations/wix-sites/${siteId}`,
      ...withSession(owner.cookie),
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    await expect.poll(async () => (await wixWidget()).statusCode, { timeout: WITHIN_MS }).toBe(404);
  });

  it.skipIf(!usingPostgres())(
    'after its listening connection is cut, a server reconnects, drops what it may have missed and hears changes again',
    async () => {
      const { a, b, url } = await twoServers();
      const owner = await createSignedInUser(a);
      const business = owner.business as BusinessRow;
      const slug = business.collectionSlug;
      const row = await createTestimonial(a.database.db, business.id, approved('Before the cut.'));
      expect(await contents(b, slug)).toEqual(['Before the cut.']);

      // While nobody listens, a change is made (its notification reaches nobody on B's side).
      const admin = new pg.Client({ connectionString: url ?? '' });
      await admin.connect();
      try {
        const listeners = await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
        );
        expect(listeners.rows.length).toBe(2);
        await b.database.db
          .update(testimonials)
          .set({ content: 'Changed while cut off.' })
          .where(eq(testimonials.id, row.id));
        await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [
          listeners.rows.map((r) => r.pid),
        ]);
      } finally {
        await admin.end();
      }
      // Reconnected (first retry after 250 ms), B dropped its copy.
      await expect
        .poll(() => contents(b, slug), { timeout: 5_000 })
        .toEqual(['Changed while cut off.']);

      const edit = await a.inject({
        method: 'PATCH',
        url: `/api/testimonials/${row.id}`,
        payload: { content: 'After the reconnect.' },
        ...withSession(owner.cookie),
      });
      expect(edit.statusCode, edit.body).toBe(200);
      await expect
        .poll(() => contents(b, slug), { timeout: WITHIN_MS })
        .toEqual(['After the reconnect.']);
      const listening = await b.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
      );
      expect(listening.rows[0]).toEqual({ n: 2 });
    },
  );
});
