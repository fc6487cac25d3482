// Bodies compressed once and sent many times: which variants are kept, which
// one a request gets (Accept-Encoding with q-values, identity and *), the
// headers that go with it, the per-variant ETag and 304, and that
// @fastify/compress leaves the answer as it is.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  compressBody,
  etagMatches,
  pickVariant,
  sendCompressed,
  strongEtag,
  type CompressedBody,
} from './compressed-body.js';

const text = (n: number) =>
  Buffer.from(
    Array.from({ length: n }, (_, i) => `{"id":${i},"quote":"Lovely bread and kind staff."}`).join(
      ',',
    ),
  );

describe('compressBody', () => {
  it('keeps br and gzip when they are smaller, each with its own strong ETag', () => {
    const identity = text(200);
    const body = compressBody(identity);
    expect(body.identity.body).toBe(identity);
    expect(body.identity.etag).toBe(strongEtag(identity));
    expect(body.identity.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(brotliDecompressSync(body.br?.body ?? Buffer.alloc(0))).toEqual(identity);
    expect(gunzipSync(body.gzip?.body ?? Buffer.alloc(0))).toEqual(identity);
    expect(body.br?.body.length).toBeLessThan(body.gzip?.body.length ?? 0);
    const etags = [body.identity.etag, body.br?.etag, body.gzip?.etag];
    expect(new Set(etags).size).toBe(3);
  });

  it('keeps only identity when compressing does not make it smaller', () => {
    const body = compressBody(Buffer.from('{"a":1}'));
    expect(body.br).toBeUndefined();
    expect(body.gzip).toBeUndefined();
  });

  it('compresses at the quality asked', () => {
    const identity = text(400);
    const best = compressBody(identity);
    const fast = compressBody(identity, { brotliQuality: 1 });
    expect(brotliDecompressSync(fast.br?.body ?? Buffer.alloc(0))).toEqual(identity);
    expect(fast.br?.body.length).toBeGreaterThan(best.br?.body.length ?? 0);
  });
});

describe('pickVariant', () => {
  const body = compressBody(text(200));
  const both = (header: string | undefined) => pickVariant(body, header).encoding ?? 'identity';

  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['BR;Q=1, GZIP', 'br'],
    ['deflate', 'identity'],
    ['*', 'br'],
    ['gzip, *;q=0.1', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.2', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*;q=0, gzip', 'gzip'],
    ['*;q=0', 'identity'],
    ['identity;q=0, gzip;q=0.5', 'gzip'],
    ['identity;q=1, br;q=0.9', 'identity'],
    ['br;q=0.000, gzip;q=0.001', 'gzip'],
    ['br;q=garbage, gzip', 'gzip'],
    [' br ; q=0.8 ,gzip ; q=0.9 ', 'gzip'],
  ])('Accept-Encoding %j gets %s', (header, expected) => {
    expect(both(header)).toBe(expected);
  });

  it('falls back to what the body has', () => {
    const onlyIdentity: CompressedBody = {
      identity: body.identity,
      br: undefined,
      gzip: undefined,
    };
    expect(pickVariant(onlyIdentity, 'br, gzip').encoding).toBeUndefined();
    const noBrotli: CompressedBody = { ...body, br: undefined };
    expect(pickVariant(noBrotli, 'br').encoding).toBeUndefined();
    expect(pickVariant(noBrotli, 'br, gzip').encoding).toBe('gzip');
  });
});

describe('etagMatches', () => {
  const etag = strongEtag(Buffer.from('body'));
  it.each([
    [etag, true],
    [`W/${etag}`, true],
    [`"other", ${etag}`, true],
    ['*', true],
    ['"other"', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
});

describe('sendCompressed', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  /** A server with @fastify/compress on the root, as app.ts has it, answering `body` with sendCompressed. */
  async function serve(body: CompressedBody, vary?: string) {
    const app = Fastify();
    apps.push(app);
    await app.register(fastifyCompress, {
      threshold: 1,
      encodings: ['br', 'gzip'],
      globalDecompression: false,
    });
    app.get('/page', (request, reply) => {
      void reply.type('text/html; charset=utf-8');
      if (vary) void reply.header('vary', vary);
      return sendCompressed(request, reply, body);
    });
    return (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      app.inject({ method, url: '/page', headers });
  }

  it('sends the accepted variant with its encoding, length, ETag and Vary', async () => {
    const body = compressBody(text(200));
    const get = await serve(body);
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(body.br?.body.length));
    expect(br.rawPayload).toEqual(body.br?.body);
    expect(br.headers.etag).toBe(body.br?.etag);
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');

    const gzip = await get({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload).toEqual(body.gzip?.body);
    expect(gzip.headers.etag).toBe(body.gzip?.etag);

    const identity = await get();
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload).toEqual(body.identity.body);
    expect(identity.headers['content-length']).toBe(String(body.identity.body.length));
    expect(identity.headers.etag).toBe(body.identity.etag);
    expect(identity.headers.vary).toBe('accept-encoding');
  });

  it('adds accept-encoding to a Vary the route set, once', async () => {
    const get = await serve(compressBody(text(200)), 'cookie');
    expect((await get({ 'accept-encoding': 'br' })).headers.vary).toBe('cookie, accept-encoding');
    const already = await serve(compressBody(text(200)), 'Accept-Encoding');
    expect((await already({ 'accept-encoding': 'br' })).headers.vary).toBe('Accept-Encoding');
  });

  it('leaves a body with one variant alone: no Vary, and @fastify/compress does not compress it', async () => {
    const incompressible = compressBody(Buffer.from('{"a":1}'));
    const get = await serve(incompressible);
    const response = await get({ 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.body).toBe('{"a":1}');
  });

  it('keeps @fastify/compress off the identity variant of a compressible body', async () => {
    const body = compressBody(text(200));
    const get = await serve(body);
    const response = await get({ 'accept-encoding': 'identity, br;q=0.9' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload).toEqual(body.identity.body);
  });

  it('answers 304 when If-None-Match names the variant it would send, and 200 for another variant', async () => {
    const body = compressBody(text(200));
    const get = await serve(body);
    const brEtag = body.br?.etag ?? '';
    const notModified = await get({ 'accept-encoding': 'br', 'if-none-match': brEtag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(brEtag);
    expect(notModified.headers.vary).toBe('accept-encoding');
    expect(notModified.headers['content-length']).toBeUndefined();
    expect(notModified.headers['content-encoding']).toBeUndefined();
    // Holding the br bytes does not make a gzip-only client's answer "not modified".
    const other = await get({ 'accept-encoding': 'gzip', 'if-none-match': brEtag });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
    expect((await get({ 'if-none-match': body.identity.etag })).statusCode).toBe(304);
    expect(
      (await get({ 'accept-encoding': 'gzip', 'if-none-match': `"x", W/${body.gzip?.etag}` }))
        .statusCode,
    ).toBe(304);
  });

  it('never answers 304 in place of another status', async () => {
    const body = compressBody(text(200));
    const app = Fastify();
    apps.push(app);
    app.get('/missing', (request, reply) =>
      sendCompressed(request, reply.code(404).type('text/html'), body),
    );
    const response = await app.inject({
      method: 'GET',
      url: '/missing',
      headers: { 'accept-encoding': 'br', 'if-none-match': body.br?.etag ?? '' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.rawPayload).toEqual(body.br?.body);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const body = compressBody(text(200));
    const get = await serve(body);
    const head = await get({ 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(body.br?.body.length));
    expect(head.headers.etag).toBe(body.br?.etag);
  });
});
