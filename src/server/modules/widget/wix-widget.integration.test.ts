// GET /wix/widget?instance={wixSiteId} (docs/product/integrations.md#wix-connect; docs/security.md
// rules 5, 12, 22): the linked business's widget JSON with the public widget's
// caching, ETag and CORS; 60 requests a minute per site from each address (a
// flood from one address never shuts the site's other visitors out, docs/security.md
// rule 26); an unknown site is a JSON 404, remembered as a miss.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { wixSites, type BusinessRow } from '../../db/schema.js';
import { signWixInstance } from '../integrations/wix-instance.js';
import { createSignedInUser, createTestimonial, withSession } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { PUBLIC_WIDGET_CACHE_CONTROL, wixWidgetRateLimit } from './public-routes.js';

type App = FastifyInstance;
const WIX_APP_SECRET = 'test-wix-app-secret';

let siteCounter = 0;
const newSiteId = () => `9a8b7c6d-1e2f-4a3b-8c4d-${String(++siteCounter).padStart(12, '0')}`;

async function ownerWithSite(app: App) {
  const owner = await createSignedInUser(app);
  const siteId = newSiteId();
  const instance = signWixInstance(
    { instanceId: siteId, signDate: new Date().toISOString() },
    WIX_APP_SECRET,
  );
  const linked = await app.inject({
    method: 'POST',
    url: '/api/wix/connect',
    payload: { instance },
    ...withSession(owner.cookie),
  });
  expect(linked.statusCode, linked.body).toBe(200);
  return { ...owner, business: owner.business as BusinessRow, siteId };
}

const wixWidget = (app: App, instance: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url: `/wix/widget?instance=${encodeURIComponent(instance)}`,
    headers,
  });

describe('GET /wix/widget', () => {
  it("answers the linked business's widget JSON, byte for byte the public widget, with its caching and CORS", async () => {
    const app = await createTestApp({ wixAppSecret: WIX_APP_SECRET });
    const owner = await ownerWithSite(app);
    await createTestimonial(app.database.db, owner.business.id, {
      status: 'approved',
      approvedAt: new Date(),
      content: 'Shown on the Wix site, too.',
    });

    const response = await wixWidget(app, owner.siteId);
    expect(response.statusCode, response.body).toBe(200);
    const publicWidget = await app.inject({
      method: 'GET',
      url: `/api/widget/${owner.business.collectionSlug}`,
    });
    expect(response.body).toBe(publicWidget.body);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe(PUBLIC_WIDGET_CACHE_CONTROL);
    expect(response.headers.etag).toBe(publicWidget.headers.etag);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['set-cookie']).toBeUndefined();

    const notModified = await wixWidget(app, ` ${owner.siteId.toUpperCase()} `, {
      'if-none-match': String(response.headers.etag),
    });
    expect(notModified.statusCode).toBe(304);
  });

  it('an unknown site is a JSON 404 with CORS, never the app page; bad input is a 400', async () => {
    const app = await createTestApp({ wixAppSecret: WIX_APP_SECRET });
    const unknown = await wixWidget(app, newSiteId());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/json');
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Wix site not found' } });
    expect(unknown.headers['access-control-allow-origin']).toBe('*');

    const missing = await app.inject({ method: 'GET', url: '/wix/widget' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('VALIDATION_ERROR');
    expect((await wixWidget(app, 'x'.repeat(201))).statusCode).toBe(400);
  });

  it('remembers a miss: a row written behind its back is not looked up again, a link through the app is seen at once', async () => {
    const app = await createTestApp({ wixAppSecret: WIX_APP_SECRET });
    const owner = await createSignedInUser(app);
    const siteId = newSiteId();
    expect((await wixWidget(app, siteId)).statusCode).toBe(404);
    // Straight into the table: no event tells the cache, so the remembered miss still answers.
    await app.database.db.insert(wixSites).values({ wixSiteId: siteId, userId: owner.user.id });
    expect((await wixWidget(app, siteId)).statusCode).toBe(404);

    const other = await ownerWithSite(app);
    // Asked before, through the app: seen at once.
    const freshSite = newSiteId();
    expect((await wixWidget(app, freshSite)).statusCode).toBe(404);
    const instance = signWixInstance(
      { instanceId: freshSite, signDate: new Date().toISOString() },
      WIX_APP_SECRET,
    );
    await app.inject({
      method: 'POST',
      url: '/api/wix/connect',
      payload: { instance },
      ...withSession(other.cookie),
    });
    expect((await wixWidget(app, freshSite)).statusCode).toBe(200);

    const unlinked = await app.inject({
      method: 'DELETE',
      url: `/api/integrations/wix-sites/${freshSite}`,
      ...withSession(other.cookie),
    });
    expect(unlinked.statusCode).toBe(200);
    expect((await wixWidget(app, freshSite)).statusCode).toBe(404);
  });

  it('follows the business: a newly approved testimonial shows at once', async () => {
    const app = await createTestApp({ wixAppSecret: WIX_APP_SECRET });
    const owner = await ownerWithSite(app);
    expect((await wixWidget(app, owner.siteId)).json().testimonials).toEqual([]);
    const row = await createTestimonial(app.database.db, owner.business.id, { status: 'pending' });
    const approve = await app.inject({
      method: 'PATCH',
      url: `/api/testimonials/${row.id}`,
      payload: { status: 'approved' },
      ...withSession(owner.cookie),
    });
    expect(approve.statusCode).toBe(200);
    expect((await wixWidget(app, owner.siteId)).json().testimonials).toHaveLength(1);
  });

  it('allows each address 60 requests a minute per site: the 61st gets 429 with Retry-After and CORS, a new visitor still gets the widget', async () => {
    const app = await createTestApp({ wixAppSecret: WIX_APP_SECRET });
    const owner = await ownerWithSite(app);
    await createTestimonial(app.database.db, owner.business.id, {
      status: 'approved',
      approvedAt: new Date(),
      content: 'Still shown to everyone else.',
    });
    const fromAbuser = (instance: string) =>
      app.inject({
        method: 'GET',
        url: `/wix/widget?instance=${encodeURIComponent(instance)}`,
        remoteAddress: '203.0.113.66',
      });
    for (let request = 0; request < wixWidgetRateLimit.max; request++) {
      expect((await fromAbuser(owner.siteId)).statusCode).toBe(200);
    }
    // The same site written differently is the same site.
    const limited = await fromAbuser(` ${owner.siteId.toUpperCase()}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['access-control-allow-origin']).toBe('*');

    // Nobody else is shut out: a new visitor of the site gets the widget.
    const visitor = await app.inject({
      method: 'GET',
      url: `/wix/widget?instance=${owner.siteId}`,
      remoteAddress: '198.51.100.20',
    });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().testimonials).toEqual([
      expect.objectContaining({ content: 'Still shown to everyone else.' }),
    ]);
    // The abuser's count is per site: another site is not refused to it.
    expect((await fromAbuser(newSiteId())).statusCode).toBe(404);
  });

  it('a busy site serves all its visitors: 300 page views a minute from 300 addresses all get the widget', async () => {
    const app = await createTestApp({ wixAppSecret: WIX_APP_SECRET });
    const owner = await ownerWithSite(app);
    const statuses = new Set<number>();
    for (let visitor = 0; visitor < 300; visitor++) {
      const response = await app.inject({
        method: 'GET',
        url: `/wix/widget?instance=${owner.siteId}`,
        remoteAddress: `10.5.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`,
      });
      statuses.add(response.statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });
});
