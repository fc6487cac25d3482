import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp } from './app.js';
import { createWorkerDatabase, testDatabase } from './testing/test-database.js';
import { fakeBuild } from './testing/fake-build.js';
import { createTestApp, testConfig } from './testing/test-app.js';

describe('GET /api/health', () => {
  it('answers 200 {"status":"ok"} once the database answers', async () => {
    const app = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 in the error shape when the database is gone', async () => {
    const database = await createWorkerDatabase();
    const app = await buildApp(testConfig(), { database, logger: false, jobs: { poll: false } });
    await app.ready();
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Database is not reachable' },
    });
    await app.close();
  });
});

describe('error shape', () => {
  async function appWithProbeRoutes() {
    const app = await buildApp(testConfig(), {
      database: await testDatabase(),
      jobs: { poll: false },
      logger: false,
    });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/api/probe/validate',
      { schema: { body: z.object({ email: z.email('Invalid email format') }) } },
      async () => ({ ok: true }),
    );
    typed.get('/api/probe/crash', async () => {
      throw new Error('secret connection string postgres://user:pw@db');
    });
    await app.ready();
    return app;
  }

  it('turns a validation failure into a 400 with the schema message', async () => {
    const app = await appWithProbeRoutes();
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/validate',
      payload: { email: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toBe('Invalid email format');
    expect(body.error.details).toEqual([{ path: 'email', message: 'Invalid email format' }]);
    await app.close();
  });

  it('hides the message of a 5xx from the client', async () => {
    const app = await appWithProbeRoutes();
    const response = await app.inject({ method: 'GET', url: '/api/probe/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
    });
    expect(response.body).not.toContain('secret');
    await app.close();
  });

  it('refuses a NUL character anywhere in a JSON body with a 400, not a 5xx', async () => {
    const app = await appWithProbeRoutes();
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/validate',
      payload: { email: 'a@example.com', nested: { list: ['fine', 'bad\u0000'] } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Text contains an invalid character');
    await app.close();
  });

  it('refuses a lone surrogate (text that is not valid Unicode) the same way', async () => {
    const app = await appWithProbeRoutes();
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.com","tags":["\\udfff\\udfff"]}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Text contains an invalid character');
    await app.close();
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const app = await appWithProbeRoutes();
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
    await app.close();
  });
});

describe('routing of unknown paths', () => {
  it('gives an unknown /api path a JSON 404', async () => {
    const app = await createTestApp({}, fakeBuild());
    const response = await app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Route GET /api/does-not-exist not found' },
    });
    const post = await app.inject({ method: 'POST', url: '/somewhere', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Route POST /somewhere not found' },
    });
  });

  it('gives any other unknown path the app, which shows its own 404 screen', async () => {
    const app = await createTestApp({}, fakeBuild());
    // (/submit/{unknown slug} is the app too, with 404: plugins/public-pages.integration.test.ts.)
    for (const url of ['/', '/some/unknown/page', '/testimonials', '/auth?tab=register&x=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers a missing asset with a 404, not the app', async () => {
    const app = await createTestApp({}, fakeBuild());
    const response = await app.inject({ method: 'GET', url: '/assets/app-gone.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toContain('text/html');
  });

  it('serves hashed assets with long-lived caching and the widget script cross-origin', async () => {
    const app = await createTestApp({}, fakeBuild());
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const widget = await app.inject({ method: 'GET', url: '/widget.js' });
    expect(widget.statusCode).toBe(200);
    expect(widget.headers['content-type']).toContain('javascript');
    expect(widget.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(widget.headers.etag).toBeTruthy();
    const revalidated = await app.inject({
      method: 'GET',
      url: '/widget.js',
      headers: { 'if-none-match': String(widget.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff and a referrer policy on app pages, and no HSTS over http', async () => {
    const app = await createTestApp({}, fakeBuild());
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps connect-src to our own origin with S3 storage: browsers never talk to the bucket', async () => {
    const s3 = {
      endpoint: 'https://s3.eu-west-1.example.com',
      bucket: 'uploads',
      region: 'eu-west-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    };
    const app = await createTestApp({ s3 });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('s3.eu-west-1.example.com');
  });

  it('adds HSTS when the public URL is https', async () => {
    const app = await createTestApp({ baseUrl: 'https://vouchly.example' }, fakeBuild());
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
  });
});

describe('request logging', () => {
  async function loggedLines(level: string): Promise<Record<string, unknown>[]> {
    const lines: string[] = [];
    const app = await buildApp(testConfig(), {
      database: await testDatabase(),
      jobs: { poll: false },
      logger: { level, stream: { write: (line: string) => void lines.push(line) } },
      ...fakeBuild(),
    });
    await app.ready();
    try {
      await app.inject({ method: 'GET', url: '/api/health' });
      await app.inject({ method: 'GET', url: '/api/auth/user' });
      await app.inject({ method: 'GET', url: '/some/page' });
    } finally {
      await app.close();
    }
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('prints no line per request at the default level (info)', async () => {
    const lines = await loggedLines('info');
    expect(lines.filter((line) => line.reqId !== undefined)).toEqual([]);
  });

  it('prints the request and its completion at debug', async () => {
    const lines = await loggedLines('debug');
    const incoming = lines.filter((line) => line.msg === 'incoming request');
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(incoming.map((line) => line.req)).toEqual([
      expect.objectContaining({ method: 'GET', url: '/api/health' }),
      expect.objectContaining({ method: 'GET', url: '/api/auth/user' }),
      expect.objectContaining({ method: 'GET', url: '/some/page' }),
    ]);
    expect(completed.map((line) => (line.res as { statusCode: number }).statusCode)).toEqual([
      200, 401, 200,
    ]);
    for (const line of completed) expect(typeof line.responseTime).toBe('number');
    expect(new Set([...incoming, ...completed].map((line) => line.level))).toEqual(new Set([20]));
  });
});
