// Unknown public names cannot reach the database in a flood (docs/security.md rule 22):
// GET /api/widget/:slug and GET /embed/:slug remember an unknown slug as a
// miss (one cache for both), a slug that starts to exist shows at once, and an
// address asking for ever new names is refused before the database is asked.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { businesses } from '../../db/schema.js';
import { createUser, registrationInput } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { testDatabase } from '../../testing/test-database.js';
import type { Config } from '../../config.js';
import { businessSlugCreated, PUBLIC_CHANGES_CHANNEL } from './events.js';
import { unknownPublicNameLimit } from './public-routes.js';

type App = FastifyInstance;

const QUERY_METHODS = new Set([
  'select',
  'selectDistinct',
  'insert',
  'update',
  'delete',
  'execute',
  'transaction',
  'query',
]);

/** An app on the worker database whose Drizzle handle counts every query it is asked to start. */
async function countingApp(overrides: Partial<Config> = {}) {
  const worker = await testDatabase();
  let queries = 0;
  const db = new Proxy(worker.db, {
    get(target, property, receiver) {
      if (typeof property === 'string' && QUERY_METHODS.has(property)) queries += 1;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  const database: DatabaseHandle = { ...worker, db };
  const app = await createTestApp(overrides, { database });
  return { app, queries: () => queries };
}

const widget = (app: App, slug: string, remoteAddress = '198.51.100.20') =>
  app.inject({ method: 'GET', url: `/api/widget/${slug}`, remoteAddress });
const embed = (app: App, slug: string, remoteAddress = '198.51.100.20') =>
  app.inject({ method: 'GET', url: `/embed/${slug}`, remoteAddress });

describe('unknown widget slugs', () => {
  it('are asked of the database once, then answered 404 from memory, by the JSON and the embed page alike', async () => {
    const { app, queries } = await countingApp();
    const before = queries();
    expect((await widget(app, 'no-such-business')).statusCode).toBe(404);
    const afterFirst = queries();
    expect(afterFirst).toBeGreaterThan(before);

    const again = await widget(app, 'no-such-business', '203.0.113.50');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Widget not found' } });
    expect(again.headers['access-control-allow-origin']).toBe('*');
    const page = await embed(app, 'no-such-business');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('could not be found');
    expect(queries()).toBe(afterFirst);
  });

  it('shows a business as soon as the notice of its new slug arrives, though the slug was remembered as unknown', async () => {
    const app = await createTestApp();
    const { business } = await createUser(app, { businessName: 'Late Shop' });
    const slug = 'late-shop-taken';
    expect((await widget(app, slug)).statusCode).toBe(404);
    // No route renames a business; a slug appears when a business is created, which announces it (next test).
    await app.database.db
      .update(businesses)
      .set({ collectionSlug: slug })
      .where(eq(businesses.id, business!.id));
    expect((await widget(app, slug)).statusCode).toBe(404);
    await businessSlugCreated(app.database.db, slug);
    // Heard through this server's own LISTEN connection, like every other server's, a moment later.
    await expect
      .poll(async () => (await widget(app, slug)).statusCode, { timeout: 1_000 })
      .toBe(200);
    const shown = await widget(app, slug);
    expect(shown.json<{ business: { name: string } }>().business.name).toBe('Late Shop');
    expect((await embed(app, slug)).statusCode).toBe(200);
  });

  it('are announced to every server when a business is created, at its commit', async () => {
    const app = await createTestApp();
    const heard: string[] = [];
    const stop = await app.database.listen(PUBLIC_CHANGES_CHANNEL, {
      onNotification: (payload) => heard.push(payload),
      onMissed: () => {},
    });
    try {
      const registered = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: registrationInput({ businessName: 'Fresh Start' }),
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const [row] = await app.database.db
        .select({ slug: businesses.collectionSlug })
        .from(businesses)
        .where(eq(businesses.name, 'Fresh Start'));
      const expected = JSON.stringify({ kind: 'slug', slug: row!.slug });
      await expect.poll(() => heard, { timeout: 1_000 }).toContain(expected);
    } finally {
      await stop();
    }
  });

  it('past the budget of unknown names per address, are refused with 429 before the database is asked', async () => {
    const scale = 0.1;
    const { app, queries } = await countingApp({ rateLimitScale: scale });
    const { business } = await createUser(app);
    const known = business!.collectionSlug;
    const attacker = '203.0.113.66';
    expect((await widget(app, known, attacker)).statusCode).toBe(200);
    const budget = unknownPublicNameLimit.max * scale;
    for (let i = 0; i < budget; i++) {
      expect((await widget(app, `made-up-${i}`, attacker)).statusCode).toBe(404);
    }
    const before = queries();
    const refused = await widget(app, 'made-up-next', attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await embed(app, 'made-up-other', attacker)).statusCode).toBe(429);
    // What is in memory costs nothing and is still answered: the cached widget, a remembered miss.
    expect((await widget(app, known, attacker)).statusCode).toBe(200);
    expect((await widget(app, 'made-up-0', attacker)).statusCode).toBe(404);
    expect(queries()).toBe(before);
    // Another address keeps its own budget.
    expect((await widget(app, 'made-up-next', '203.0.113.67')).statusCode).toBe(404);
  });

  it('share that budget with unknown Wix sites, which are remembered as misses too', async () => {
    const scale = 0.1;
    const { app, queries } = await countingApp({ rateLimitScale: scale });
    const wix = (siteId: string) =>
      app.inject({
        method: 'GET',
        url: `/wix/widget?instance=${siteId}`,
        remoteAddress: '203.0.113.70',
      });
    const site = (i: number) => `9a8b7c6d-1e2f-4a3b-8c4d-${String(i).padStart(12, '0')}`;
    for (let i = 0; i < unknownPublicNameLimit.max * scale; i++) {
      expect((await wix(site(i))).statusCode).toBe(404);
    }
    const before = queries();
    expect((await wix(site(0))).statusCode).toBe(404);
    expect((await wix(site(999))).statusCode).toBe(429);
    expect((await widget(app, 'made-up', '203.0.113.70')).statusCode).toBe(429);
    expect(queries()).toBe(before);
  });
});
