// Rate limits (SECURITY.md §5): 429 in the error shape with Retry-After;
// X-Forwarded-For only counts behind a trusted proxy; Redis shares counts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser, uniqueEmail } from '../testing/factories.js';
import { createTestApp } from '../testing/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

const RATE_LIMITED = { error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' } };

const attemptLogin = (app: App, email: string, password: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/login', headers, payload: { email, password } });

function expectRateLimited(response: Awaited<ReturnType<App['inject']>>, windowSeconds: number): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual(RATE_LIMITED);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('login rate limits', () => {
  it('allows 5 attempts per email in 15 minutes, then 429 with Retry-After, even with the right password', async () => {
    const app = await createTestApp();
    const { email } = await createUser(app);
    for (let i = 0; i < 5; i++) {
      expect((await attemptLogin(app, email, 'wrong password')).statusCode).toBe(401);
    }
    expectRateLimited(await attemptLogin(app, email, TEST_PASSWORD), 15 * 60);
    // Counted on the normalised email.
    expectRateLimited(await attemptLogin(app, `  ${email.toUpperCase()}`, TEST_PASSWORD), 15 * 60);
    // Another account from the same IP is not affected.
    const other = await createUser(app, { businessName: null });
    expect((await attemptLogin(app, other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('allows 10 attempts per IP in 15 minutes; a spoofed X-Forwarded-For does not reset the count', async () => {
    const app = await createTestApp();
    for (let i = 0; i < 10; i++) {
      const response = await attemptLogin(app, uniqueEmail(), 'whatever password', { 'x-forwarded-for': `203.0.113.${i}` });
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(
      await attemptLogin(app, uniqueEmail(), 'whatever password', { 'x-forwarded-for': '198.51.100.77' }),
      15 * 60,
    );
  });

  it('counts per forwarded client address behind a trusted proxy (control for the test above)', async () => {
    const app = await createTestApp({ trustProxy: true });
    for (let i = 0; i < 10; i++) {
      const response = await attemptLogin(app, uniqueEmail(), 'whatever password', { 'x-forwarded-for': '203.0.113.1' });
      expect(response.statusCode).toBe(401);
    }
    expect((await attemptLogin(app, uniqueEmail(), 'x', { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(429);
    expect((await attemptLogin(app, uniqueEmail(), 'x', { 'x-forwarded-for': '203.0.113.2' })).statusCode).toBe(401);
  });
});

describe('other rate limits', () => {
  it('allows 5 forgot-password requests per IP in 15 minutes', async () => {
    const app = await createTestApp();
    for (let i = 0; i < 5; i++) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: uniqueEmail() } });
      expect(response.statusCode).toBe(200);
    }
    expectRateLimited(
      await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: uniqueEmail() } }),
      15 * 60,
    );
  });

  it('allows 10 registrations per IP in an hour (invalid attempts count too)', async () => {
    const app = await createTestApp();
    for (let i = 0; i < 10; i++) {
      expect((await app.inject({ method: 'POST', url: '/api/register', payload: {} })).statusCode).toBe(400);
    }
    expectRateLimited(await app.inject({ method: 'POST', url: '/api/register', payload: {} }), 60 * 60);
  });

  it('allows 20 logo detections per IP in a minute', async () => {
    const app = await createTestApp();
    for (let i = 0; i < 20; i++) {
      const response = await app.inject({ method: 'POST', url: '/api/business/detect-logo', payload: { website: '' } });
      expect(response.statusCode).toBe(400);
    }
    expectRateLimited(
      await app.inject({ method: 'POST', url: '/api/business/detect-logo', payload: { website: 'example.com' } }),
      60,
    );
  });
});

const redisServer = spawnSync('which', ['redis-server'], { encoding: 'utf8' }).stdout.trim();

describe.skipIf(!redisServer)('rate limits in Redis (REDIS_URL)', () => {
  let redis: ChildProcess | undefined;
  afterEach(() => {
    redis?.kill('SIGTERM');
    redis = undefined;
  });

  async function startRedis(): Promise<string> {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    redis = spawn(redisServer, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const started = Date.now();
    while (Date.now() - started < 10_000) {
      const ready = await new Promise<boolean>((resolve) => {
        const socket = createServer().listen(port, '127.0.0.1');
        socket.once('listening', () => socket.close(() => resolve(false)));
        socket.once('error', () => resolve(true));
      });
      if (ready) return `redis://127.0.0.1:${port}`;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('redis-server did not start');
  }

  it('shares counts between two servers', async () => {
    const redisUrl = await startRedis();
    const first = await createTestApp({ redisUrl });
    const second = await createTestApp({ redisUrl });
    const { email } = await createUser(first);
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? first : second;
      expect((await attemptLogin(app, email, 'wrong password')).statusCode).toBe(401);
    }
    expectRateLimited(await attemptLogin(second, email, TEST_PASSWORD), 15 * 60);
    expectRateLimited(await attemptLogin(first, email, TEST_PASSWORD), 15 * 60);
  });
});
