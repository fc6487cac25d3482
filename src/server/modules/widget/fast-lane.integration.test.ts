// The public widget's fast lane (plugins/fast-lane.ts, decision 0020): over a
// real socket, a cache hit of GET /api/widget/:slug is answered before
// Fastify's lifecycle, with the very status, headers and bytes the route sends
// (app.inject() never takes the lane, so it gives the route's answer); the
// address's allowance is one for both; everything else still reaches Fastify.
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createWidgetBusiness } from '../../testing/factories.js';
import { redisServerBinary, startRedis } from '../../testing/redis-server.js';
import { createTestApp } from '../../testing/test-app.js';
import type { Config } from '../../config.js';
import { publicWidgetRateLimit } from './public-routes.js';

type Answer = { status: number; headers: Record<string, string>; body: Buffer };

/** Headers node:http adds by itself on a socket, which app.inject() does not. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

const comparable = (headers: http.IncomingHttpHeaders | Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name, value]) => !TRANSPORT_HEADERS.has(name) && value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  );

function overSocket(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
) {
  return new Promise<Answer>((resolve, reject) => {
    http
      .request(`${origin}${path}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: comparable(response.headers),
            body: Buffer.concat(chunks),
          }),
        );
      })
      .once('error', reject)
      .end();
  });
}

async function throughRoute(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({ method: 'GET', url: path, headers });
  return {
    status: response.statusCode,
    headers: comparable(response.headers),
    body: response.rawPayload,
  };
}

/** A listening app whose Fastify lifecycle counts the socket requests it sees (inject()'s are not counted). */
async function listeningApp(overrides: Partial<Config> = {}) {
  const reachedFastify: string[] = [];
  const app = await createTestApp(overrides, {
    beforeRoutes: (root) =>
      root.addHook('onRequest', async (request) => {
        if (request.headers['user-agent'] !== 'lightMyRequest') reachedFastify.push(request.url);
      }),
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const slug = await createWidgetBusiness(app, 3);
  return { app, origin, reachedFastify, path: `/api/widget/${slug}` };
}

describe('the fast lane of GET /api/widget/:slug', () => {
  it('answers a cache hit with the route’s exact status, headers and bytes, without Fastify', async () => {
    const { app, origin, reachedFastify, path } = await listeningApp();
    // The first request loads the widget into the cache: a miss, answered by the route.
    expect((await overSocket(origin, path)).status).toBe(200);
    expect(reachedFastify).toEqual([path]);

    const br = await throughRoute(app, path, { 'accept-encoding': 'gzip, deflate, br' });
    const requests: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'gzip, deflate, br, zstd' },
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0' },
      { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': String(br.headers.etag) },
      { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) },
      { 'if-none-match': '*' },
    ];
    for (const headers of requests) {
      const fromLane = await overSocket(origin, path, headers);
      const fromRoute = await throughRoute(app, path, headers);
      expect(fromLane, JSON.stringify(headers)).toEqual(fromRoute);
    }
    expect((await overSocket(origin, path, { 'if-none-match': '*' })).status).toBe(304);
    expect(reachedFastify).toEqual([path]);
  });

  it('leaves misses, unknown slugs, queries, other methods and encoded names to the route', async () => {
    const { origin, reachedFastify, path } = await listeningApp();
    await overSocket(origin, path);
    const unknown = await overSocket(origin, '/api/widget/no-such-business');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body.toString())).toEqual({
      error: { code: 'NOT_FOUND', message: 'Widget not found' },
    });
    expect((await overSocket(origin, `${path}?v=2`)).status).toBe(200);
    expect((await overSocket(origin, path, {}, 'HEAD')).status).toBe(200);
    expect(
      (await overSocket(origin, `${path.slice(0, -1)}%${path.at(-1)?.charCodeAt(0).toString(16)}`))
        .status,
    ).toBe(200);
    expect(reachedFastify).toEqual([
      path,
      '/api/widget/no-such-business',
      `${path}?v=2`,
      path,
      expect.stringContaining('%'),
    ]);
  });

  it('counts against the address’s allowance the route enforces, and leaves the refusal to it', async () => {
    const { origin, reachedFastify, path } = await listeningApp({ trustProxy: true });
    const from = (address: string) => ({ 'x-forwarded-for': address });
    // The miss (the route counts it), then hits in the lane until the allowance is used up.
    for (let i = 0; i < publicWidgetRateLimit.max; i++) {
      expect((await overSocket(origin, path, from('203.0.113.7'))).status).toBe(200);
    }
    expect(reachedFastify).toHaveLength(1);
    const refused = await overSocket(origin, path, from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body.toString()).error.code).toBe('RATE_LIMITED');
    // The route's count went on from the lane's: a query string goes to the route, and it refuses too.
    expect((await overSocket(origin, `${path}?v=2`, from('203.0.113.7'))).status).toBe(429);
    // Another address has its own allowance, served in the lane.
    expect((await overSocket(origin, path, from('198.51.100.4'))).status).toBe(200);
    expect(reachedFastify).toHaveLength(3);
  });

  it('takes the client address from the socket when proxies are not trusted', async () => {
    const { origin, path } = await listeningApp();
    for (let i = 0; i < publicWidgetRateLimit.max; i++) {
      expect(
        (await overSocket(origin, path, { 'x-forwarded-for': `203.0.113.${i % 200}` })).status,
      ).toBe(200);
    }
    // A made-up X-Forwarded-For does not buy a new allowance.
    expect((await overSocket(origin, path, { 'x-forwarded-for': '198.51.100.9' })).status).toBe(
      429,
    );
  });

  it.skipIf(!redisServerBinary)(
    'counts in Redis too (REDIS_URL), where a count is a promise',
    async () => {
      const { origin, reachedFastify, path } = await listeningApp({
        trustProxy: true,
        redisUrl: await startRedis(),
      });
      const from = { 'x-forwarded-for': '203.0.113.8' };
      for (let i = 0; i < publicWidgetRateLimit.max; i++) {
        expect((await overSocket(origin, path, from)).status).toBe(200);
      }
      expect((await overSocket(origin, path, from)).status).toBe(429);
      expect(reachedFastify).toHaveLength(2);
    },
  );

  it('is shut while requests are logged (LOG_LEVEL debug), so that each one reaches the log', async () => {
    const { origin, reachedFastify, path } = await listeningApp({ logLevel: 'debug' });
    await overSocket(origin, path);
    await overSocket(origin, path);
    expect(reachedFastify).toEqual([path, path]);
  });
});
