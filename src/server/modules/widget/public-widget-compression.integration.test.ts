// The public widget's answers compressed once per cached entry (issue 13):
// GET /api/widget/:slug and GET /embed/:slug send the br, gzip or plain bytes
// the request accepts, each with its own strong ETag (a strong validator names
// exact bytes), Vary: Accept-Encoding, and 304 when If-None-Match names the
// variant the request would get.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createWidgetBusiness } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

type App = FastifyInstance;

const BROWSER = 'gzip, deflate, br, zstd';

const request = (
  app: App,
  url: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
) => app.inject({ method, url, headers });

describe('GET /api/widget/:slug, compressed', () => {
  it('sends br, gzip or the JSON itself as accepted, each with its own ETag and Vary', async () => {
    const app = await createTestApp();
    const slug = await createWidgetBusiness(app, 6);
    const url = `/api/widget/${slug}`;

    const plain = await request(app, url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(String(plain.headers.etag)).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    const json = plain.body;
    expect(plain.json<{ testimonials: unknown[] }>().testimonials).toHaveLength(6);

    const br = await request(app, url, { 'accept-encoding': BROWSER });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
    expect(br.rawPayload.length).toBeLessThan(json.length);
    // Compressed once: one decompression gives the JSON.
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(json);
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['access-control-allow-origin']).toBe('*');
    expect(br.headers['cache-control']).toBe(plain.headers['cache-control']);

    const gzip = await request(app, url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(json);

    const etags = [plain.headers.etag, br.headers.etag, gzip.headers.etag];
    expect(new Set(etags).size).toBe(3);
    // The same bytes every time, so the same validators.
    expect((await request(app, url, { 'accept-encoding': BROWSER })).headers.etag).toBe(
      br.headers.etag,
    );
    expect(String(br.headers.etag)).toMatch(/^"[A-Za-z0-9_-]{22}-br"$/);
  });

  it('answers 304 only to the ETag of the variant the request gets', async () => {
    const app = await createTestApp();
    const slug = await createWidgetBusiness(app, 6);
    const url = `/api/widget/${slug}`;
    const br = await request(app, url, { 'accept-encoding': BROWSER });
    const brEtag = String(br.headers.etag);

    const notModified = await request(app, url, {
      'accept-encoding': BROWSER,
      'if-none-match': brEtag,
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(brEtag);
    expect(notModified.headers.vary).toBe('accept-encoding');
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.headers['access-control-allow-origin']).toBe('*');

    // A cache holding the br bytes asks for a gzip-only client: it gets gzip, not "not modified".
    const otherClient = await request(app, url, {
      'accept-encoding': 'gzip',
      'if-none-match': brEtag,
    });
    expect(otherClient.statusCode).toBe(200);
    expect(otherClient.headers['content-encoding']).toBe('gzip');
    // A shared cache may list every variant it holds.
    const listed = await request(app, url, {
      'accept-encoding': 'gzip',
      'if-none-match': `${brEtag}, ${String(otherClient.headers.etag)}`,
    });
    expect(listed.statusCode).toBe(304);
    expect(listed.headers.etag).toBe(otherClient.headers.etag);
  });

  it('answers HEAD with the headers of the variant and no body', async () => {
    const app = await createTestApp();
    const slug = await createWidgetBusiness(app, 6);
    const url = `/api/widget/${slug}`;
    const get = await request(app, url, { 'accept-encoding': 'br' });
    const head = await request(app, url, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(get.rawPayload.length));
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('keeps errors in the one JSON shape, uncompressed', async () => {
    const app = await createTestApp();
    const missing = await request(app, '/api/widget/nobody-here-1234', {
      'accept-encoding': BROWSER,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json<{ error: { code: string } }>().error.code).toBe('NOT_FOUND');
    expect(missing.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('GET /embed/:slug, compressed', () => {
  it('sends the page as br or gzip when accepted, with its own ETags and 304', async () => {
    const app = await createTestApp();
    const slug = await createWidgetBusiness(app, 6);
    const url = `/embed/${slug}`;
    const plain = await request(app, url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');

    const br = await request(app, url, { 'accept-encoding': BROWSER });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const notModified = await request(app, url, {
      'accept-encoding': BROWSER,
      'if-none-match': String(br.headers.etag),
    });
    expect(notModified.statusCode).toBe(304);

    const gzip = await request(app, url, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});
