// Rate limits (docs/security.md rule 5): 429 in the error shape with Retry-After;
// X-Forwarded-For only counts behind a trusted proxy; Redis shares counts;
// a Redis that is down or frozen neither disables a limit nor slows a request (rule 20).
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { serviceUnavailable, unauthorized } from '../errors.js';
import {
  TEST_PASSWORD,
  createSignedInUser,
  createUser,
  uniqueEmail,
} from '../testing/factories.js';
import { freePort } from '../testing/free-port.js';
import { redisServerBinary, startRedis } from '../testing/redis-server.js';
import { startTcpProxy } from '../testing/tcp-proxy.js';
import { createTestApp, testConfig } from '../testing/test-app.js';
import { registerErrorHandler } from './error-handler.js';
import { failureLimit, registerRateLimits } from './rate-limit.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

const RATE_LIMITED = {
  error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' },
};

const attemptLogin = (
  app: App,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) => app.inject({ method: 'POST', url: '/api/login', headers, payload: { email, password } });

function expectRateLimited(
  response: Awaited<ReturnType<App['inject']>>,
  windowSeconds: number,
): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual(RATE_LIMITED);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('login rate limits', () => {
  it('allows 10 wrong passwords per email in 15 minutes, then 429 with Retry-After, even with the right password', async () => {
    // Each guess from another address, so the per-IP limit is not what answers 429 (docs/security.md rule 19).
    const app = await createTestApp({ trustProxy: true });
    const { email } = await createUser(app);
    const owner = { 'x-forwarded-for': '198.51.100.1' };
    for (let i = 0; i < 10; i++) {
      expect(
        (await attemptLogin(app, email, 'wrong password', { 'x-forwarded-for': `203.0.113.${i}` }))
          .statusCode,
      ).toBe(401);
    }
    expectRateLimited(await attemptLogin(app, email, TEST_PASSWORD, owner), 15 * 60);
    // Counted on the normalised email.
    expectRateLimited(
      await attemptLogin(app, `  ${email.toUpperCase()}`, TEST_PASSWORD, owner),
      15 * 60,
    );
    // Another account from the same IP is not affected.
    const other = await createUser(app, { businessName: null });
    expect((await attemptLogin(app, other.email, TEST_PASSWORD, owner)).statusCode).toBe(200);
  });

  it('allows 10 attempts per IP in 15 minutes; a spoofed X-Forwarded-For does not reset the count', async () => {
    const app = await createTestApp();
    for (let i = 0; i < 10; i++) {
      const response = await attemptLogin(app, uniqueEmail(), 'whatever password', {
        'x-forwarded-for': `203.0.113.${i}`,
      });
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(
      await attemptLogin(app, uniqueEmail(), 'whatever password', {
        'x-forwarded-for': '198.51.100.77',
      }),
      15 * 60,
    );
  });

  it('counts per forwarded client address behind a trusted proxy (control for the test above)', async () => {
    const app = await createTestApp({ trustProxy: true });
    for (let i = 0; i < 10; i++) {
      const response = await attemptLogin(app, uniqueEmail(), 'whatever password', {
        'x-forwarded-for': '203.0.113.1',
      });
      expect(response.statusCode).toBe(401);
    }
    expect(
      (await attemptLogin(app, uniqueEmail(), 'x', { 'x-forwarded-for': '203.0.113.1' }))
        .statusCode,
    ).toBe(429);
    expect(
      (await attemptLogin(app, uniqueEmail(), 'x', { 'x-forwarded-for': '203.0.113.2' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('other rate limits', () => {
  it('allows 5 forgot-password requests per IP in 15 minutes', async () => {
    const app = await createTestApp();
    for (let i = 0; i < 5; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: uniqueEmail() },
      });
      expect(response.statusCode).toBe(200);
    }
    expectRateLimited(
      await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: uniqueEmail() },
      }),
      15 * 60,
    );
  });

  it('allows 10 registrations per IP in an hour (invalid attempts count too)', async () => {
    const app = await createTestApp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await app.inject({ method: 'POST', url: '/api/register', payload: {} })).statusCode,
      ).toBe(400);
    }
    expectRateLimited(
      await app.inject({ method: 'POST', url: '/api/register', payload: {} }),
      60 * 60,
    );
  });

  it('allows 20 logo detections per IP in a minute', async () => {
    const app = await createTestApp();
    for (let i = 0; i < 20; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/business/detect-logo',
        payload: { website: '' },
      });
      expect(response.statusCode).toBe(400);
    }
    expectRateLimited(
      await app.inject({
        method: 'POST',
        url: '/api/business/detect-logo',
        payload: { website: 'example.com' },
      }),
      60,
    );
  });
});

const bareApps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(bareApps.splice(0).map((app) => app.close()));
});

type Guess = { secret?: 'right' | 'wrong' | 'outage'; hold?: boolean };

/**
 * An app with only the rate limits and one failure limit of 10 (no database),
 * so a test can drive `check`, `record` and `succeeded` directly. A held right
 * guess tells `arrived[attempt]` once its secret was found right, then waits
 * for `release`.
 */
async function failureLimitApp() {
  const config = testConfig();
  const app = Fastify({ logger: false });
  app.decorate('config', config);
  registerErrorHandler(app);
  await registerRateLimits(app, config);
  const limit = failureLimit(app, { name: 'test:guess', max: 10, timeWindowMs: 60_000 });
  const arrived = new Map<string, () => void>();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));

  app.post('/guess', { onRequest: limit.check }, async (request) => {
    const guess = request.body as Guess;
    if (guess.secret === 'outage') throw serviceUnavailable();
    if (guess.secret === 'wrong') {
      await limit.record(request);
      throw unauthorized();
    }
    await limit.succeeded(request);
    if (guess.hold) {
      arrived.get(String(request.headers['x-attempt']))?.();
      await released;
    }
    return { ok: true };
  });
  app.post(
    '/strict',
    { onRequest: limit.check, schema: { body: { type: 'object', required: ['secret'] } } },
    () => ({
      ok: true,
    }),
  );
  app.post('/checked-twice', async (request, reply) => {
    await limit.check(request, reply);
    await limit.check(request, reply);
    return { ok: true };
  });
  app.post('/failed-unchecked', async (request) => {
    await limit.record(request);
    throw unauthorized();
  });
  await app.ready();
  bareApps.push(app);
  const guess = (body: Guess, path = '/guess', headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: path, headers, payload: body });
  return { guess, arrived, release };
}

describe('failureLimit: only failures stay counted', () => {
  it('counts each attempt before it is tried: the 11th wrong guess gets 429, a right one never counts', async () => {
    const { guess } = await failureLimitApp();
    for (let i = 0; i < 15; i++) expect((await guess({ secret: 'right' })).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await guess({ secret: 'wrong' })).statusCode).toBe(401);
    expectRateLimited(await guess({ secret: 'right' }), 60);
  });

  it('a right secret gives its count back as soon as it is known, not when the answer goes out', async () => {
    // 15 right guesses still at work at once: none of them holds a count, so none is refused.
    const { guess, arrived, release } = await failureLimitApp();
    const answers: ReturnType<typeof guess>[] = [];
    for (let i = 0; i < 15; i++) {
      const here = new Promise<void>((resolve) => arrived.set(String(i), resolve));
      const answer = guess({ secret: 'right', hold: true }, '/guess', { 'x-attempt': String(i) });
      answers.push(answer);
      await Promise.race([here, answer]);
    }
    release();
    expect((await Promise.all(answers)).map((answer) => answer.statusCode)).toEqual(
      Array(15).fill(200),
    );
  });

  it('takes back an attempt that ends in anything but a recorded failure: an outage, invalid input', async () => {
    const { guess } = await failureLimitApp();
    for (let i = 0; i < 12; i++) expect((await guess({ secret: 'outage' })).statusCode).toBe(503);
    for (let i = 0; i < 12; i++) expect((await guess({}, '/strict')).statusCode).toBe(400);
    for (let i = 0; i < 10; i++) expect((await guess({ secret: 'wrong' })).statusCode).toBe(401);
    expectRateLimited(await guess({ secret: 'right' }), 60);
  });

  it('takes back every count of a request that checked twice', async () => {
    const { guess } = await failureLimitApp();
    for (let i = 0; i < 12; i++) expect((await guess({}, '/checked-twice')).statusCode).toBe(200);
    expect((await guess({ secret: 'right' })).statusCode).toBe(200);
  });

  it('record without a check counts the failure all the same', async () => {
    const { guess } = await failureLimitApp();
    for (let i = 0; i < 10; i++)
      expect((await guess({}, '/failed-unchecked')).statusCode).toBe(401);
    expectRateLimited(await guess({ secret: 'right' }), 60);
  });
});

/** Ten wrong logins from one address (the per-IP limit), each answered within 1 s, then the 11th: 429. */
async function expectLoginLimitWithin1s(app: App): Promise<void> {
  for (let i = 0; i <= 10; i++) {
    const started = performance.now();
    const response = await attemptLogin(app, uniqueEmail(), 'wrong password');
    expect(performance.now() - started).toBeLessThan(1000);
    if (i < 10) expect(response.statusCode).toBe(401);
    else expectRateLimited(response, 15 * 60);
  }
}

describe('rate limits while the Redis store is away (docs/security.md rule 20)', () => {
  it('with REDIS_URL pointing at a closed port, login still answers 429 after the limit and each request stays under 1 s', async () => {
    const port = await freePort();
    await expectLoginLimitWithin1s(await createTestApp({ redisUrl: `redis://127.0.0.1:${port}` }));
  });

  it('with a Redis that accepts connections but never answers, the same', async () => {
    const silent: Socket[] = [];
    const server = createServer((socket) => void silent.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await expectLoginLimitWithin1s(
        await createTestApp({ redisUrl: `redis://127.0.0.1:${port}` }),
      );
    } finally {
      for (const socket of silent) socket.destroy();
      server.close();
    }
  });
});

describe.skipIf(!redisServerBinary)('rate limits in Redis (REDIS_URL)', () => {
  it('shares counts between two servers', async () => {
    const redisUrl = await startRedis();
    const first = await createTestApp({ redisUrl });
    const second = await createTestApp({ redisUrl });
    const { email } = await createUser(first);
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? first : second;
      expect((await attemptLogin(app, email, 'wrong password')).statusCode).toBe(401);
    }
    expectRateLimited(await attemptLogin(second, email, TEST_PASSWORD), 15 * 60);
    expectRateLimited(await attemptLogin(first, email, TEST_PASSWORD), 15 * 60);
  });

  it('takes back in Redis what was no failure: right passwords and refused guesses leave the shared count as it was', async () => {
    const redisUrl = await startRedis();
    const first = await createTestApp({ redisUrl });
    const second = await createTestApp({ redisUrl });
    const { email } = await createUser(first);
    const inspector = new Redis(redisUrl);
    const countedFor = async (pattern: string) => {
      const keys = await inspector.keys(pattern);
      expect(keys).toHaveLength(1);
      return inspector.get(keys[0]!);
    };
    try {
      for (let i = 0; i < 5; i++)
        expect((await attemptLogin(first, email, TEST_PASSWORD)).statusCode).toBe(200);
      expect(await countedFor('*login:email:*')).toBe('0');
      for (let i = 0; i < 10; i++) {
        expect(
          (await attemptLogin(i % 2 === 0 ? first : second, email, 'wrong password')).statusCode,
        ).toBe(401);
      }
      for (let i = 0; i < 3; i++)
        expectRateLimited(await attemptLogin(second, email, TEST_PASSWORD), 15 * 60);
      expect(await countedFor('*login:email:*')).toBe('10');
      // Taking back a count that is not there (its window ended) makes none.
      await first.rateLimitStore.decrement('test:nothing-here');
      expect(await inspector.exists('vouchly:rate-limit:test:nothing-here')).toBe(0);
    } finally {
      inspector.disconnect();
    }
  });

  it('with Redis, a route under a failure limit still sends its whole answer: taking a count back never holds it', async () => {
    // The public widget sends its cached body itself; an answer held for a Redis round trip went out empty.
    const app = await createTestApp({ redisUrl: await startRedis() });
    const { business } = await createSignedInUser(app);
    const response = await app.inject({
      method: 'GET',
      url: `/api/widget/${business!.collectionSlug}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ business: { name: string } }>().business.name).toBe(business!.name);
  });

  /** A Redis behind a proxy the test can cut or freeze, and an app that reaches it through the proxy. */
  async function redisBehindProxy() {
    const redisUrl = await startRedis();
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(redisUrl).port) });
    const viaProxy = await createTestApp({ redisUrl: `redis://127.0.0.1:${proxy.port}` });
    return { redisUrl, proxy, viaProxy };
  }

  it('counts in memory while Redis is down and in Redis again once it is back', async () => {
    const { redisUrl, proxy, viaProxy } = await redisBehindProxy();
    const direct = await createTestApp({ redisUrl });
    const inspector = new Redis(redisUrl);
    const countedInRedis = async () => {
      const keys = await inspector.keys('*login:ip:*');
      const values = keys.length > 0 ? await inspector.mget(keys) : [];
      return values.reduce((sum, value) => sum + Number(value ?? 0), 0);
    };
    try {
      for (let i = 0; i < 3; i++)
        expect((await attemptLogin(viaProxy, uniqueEmail(), 'x')).statusCode).toBe(401);
      expect(await countedInRedis()).toBe(3);

      proxy.cut();
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        expect((await attemptLogin(viaProxy, uniqueEmail(), 'x')).statusCode).toBe(401);
        expect(performance.now() - started).toBeLessThan(1000);
      }
      expect(await countedInRedis()).toBe(3);

      // Once the store reconnects (in the background), attempts count in Redis again.
      proxy.restore();
      const deadline = Date.now() + 10_000;
      while ((await countedInRedis()) === 3 && Date.now() < deadline) {
        expect((await attemptLogin(viaProxy, uniqueEmail(), 'x')).statusCode).toBe(401);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const counted = await countedInRedis();
      expect(counted).toBeGreaterThan(3);
      // The shared count, not this server's own, now decides: the other server uses up the rest.
      for (let i = counted; i < 10; i++)
        expect((await attemptLogin(direct, uniqueEmail(), 'x')).statusCode).toBe(401);
      expectRateLimited(await attemptLogin(viaProxy, uniqueEmail(), 'x'), 15 * 60);
    } finally {
      inspector.disconnect();
    }
  });

  it('answers within 1 s and limits in memory while Redis is frozen; Redis decides again once it answers', async () => {
    const { proxy, viaProxy } = await redisBehindProxy();
    for (let i = 0; i < 3; i++)
      expect((await attemptLogin(viaProxy, uniqueEmail(), 'x')).statusCode).toBe(401);
    proxy.freeze();
    await expectLoginLimitWithin1s(viaProxy);
    proxy.restore();
    // Redis holds 3 or 4 attempts (a frozen command may land late); this server's memory holds 11.
    const deadline = Date.now() + 15_000;
    let status = 429;
    while (status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await attemptLogin(viaProxy, uniqueEmail(), 'x')).statusCode;
    }
    expect(status).toBe(401);
  });
});
