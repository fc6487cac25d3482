// Answers that belong to a signed-in owner or to an API key's holder are kept
// by no cache (plugins/no-store.ts). The routes come from the server's own
// route table, each with whether it is in the session scope (where sessions
// are read), so a route added later is checked without an entry here.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestimonial,
  paidAndOpenTestCheckouts,
  withSession,
} from './testing/factories.js';
import { createTestApp } from './testing/test-app.js';
import type { AppDeps } from './app.js';

type Route = { method: string; url: string; sessionScope: boolean };

/** Options that collect every route with its scope ("HEAD" left out: Fastify adds one to every GET). */
function collectingRoutes(): { routes: Route[]; deps: Partial<AppDeps> } {
  const routes: Route[] = [];
  const deps: Partial<AppDeps> = {
    beforeRoutes: (root) =>
      root.addHook('onRoute', function (this: FastifyInstance, route) {
        for (const method of [route.method].flat()) {
          if (method === 'HEAD') continue;
          // `this` is the scope the route is added in: the session scope decorates requests with `session`.
          routes.push({
            method,
            url: route.url,
            sessionScope: this.hasRequestDecorator('session'),
          });
        }
      }),
  };
  return { routes, deps };
}

/** A signed-in owner with a testimonial, an API key, an open test checkout and a paid one's invoice. */
async function ownerWithEverything(app: FastifyInstance) {
  const owner = await createSignedInUser(app);
  const business = owner.business!;
  const testimonial = await createTestimonial(app.database.db, business.id, { status: 'approved' });
  const asOwner = (options: InjectOptions) =>
    app.inject({
      ...options,
      ...withSession(owner.cookie),
    });
  const key = await asOwner({ method: 'POST', url: '/api/integrations/api-key', payload: {} });
  const { openSessionId, invoiceId } = await paidAndOpenTestCheckouts(app, owner.cookie);
  return {
    asOwner,
    apiKey: key.json<{ apiKey: string }>().apiKey,
    // What each route parameter stands for.
    params: {
      slug: business.collectionSlug,
      id: testimonial.id,
      sessionId: openSessionId,
      invoiceId,
    } as Record<string, string>,
  };
}

function concrete(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined)
      throw new Error(`no value for :${name} in ${url}: add one to ownerWithEverything`);
    return encodeURIComponent(value);
  });
}

function expectNoStore(response: LightMyRequestResponse, label: string): void {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
  expect(String(response.headers['cache-control']), `${label} (${response.statusCode})`).toMatch(
    /(^|,\s*)no-store(\s*,|$)/,
  );
}

describe('Cache-Control of answers that belong to someone', () => {
  it('every GET of the session scope and of the API v1 answers no-store, to its owner and to anyone else', async () => {
    const { routes, deps } = collectingRoutes();
    const app = await createTestApp({}, deps);
    const owner = await ownerWithEverything(app);
    const sessionGets = routes.filter((route) => route.method === 'GET' && route.sessionScope);
    const apiGets = routes.filter(
      (route) => route.method === 'GET' && route.url.startsWith('/api/v1/'),
    );
    // The hook sees both kinds, as the route table has them.
    expect(sessionGets.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/auth/user',
        '/api/business',
        '/api/testimonials',
        '/api/integrations/api-key',
      ]),
    );
    expect(sessionGets.some((route) => route.url === '/api/widget/:slug')).toBe(false);
    expect(apiGets.length).toBeGreaterThan(0);

    for (const route of sessionGets) {
      const url = concrete(route.url, owner.params);
      expectNoStore(await owner.asOwner({ method: 'GET', url }), `GET ${url} signed in`);
      expectNoStore(await app.inject({ method: 'GET', url }), `GET ${url} signed out`);
    }
    for (const route of apiGets) {
      const url = concrete(route.url, owner.params);
      expectNoStore(
        await app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${owner.apiKey}` },
        }),
        `GET ${url} with the key`,
      );
      expectNoStore(await app.inject({ method: 'GET', url }), `GET ${url} without a key`);
    }
  });

  it('a refusal of a session route answers no-store too: a state change from another site, a bad body', async () => {
    const app = await createTestApp();
    const owner = await ownerWithEverything(app);
    expectNoStore(
      await app.inject({
        method: 'PATCH',
        url: '/api/business',
        payload: {},
        ...withSession((await createSignedInUser(app)).cookie, {
          origin: 'https://elsewhere.example',
        }),
      }),
      'PATCH /api/business from another origin',
    );
    expectNoStore(
      await owner.asOwner({ method: 'PATCH', url: '/api/business', payload: { name: '' } }),
      'PATCH /api/business with a bad body',
    );
  });

  it('public answers keep their own caching', async () => {
    const app = await createTestApp();
    const owner = await ownerWithEverything(app);
    const widget = await app.inject({ method: 'GET', url: `/api/widget/${owner.params.slug}` });
    expect(widget.headers['cache-control']).toMatch(/max-age=\d+/);
    const document = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(document.headers['cache-control']).toBe('public, max-age=300');
  });
});
