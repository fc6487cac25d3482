// Delivery (issue 13): built files go out as the Brotli or gzip copies
// scripts/compress-assets.mjs wrote beside them, chosen by Accept-Encoding,
// with Vary, the right caching and working 304s; answers made per request
// are compressed from 1 KB (plugins/compression.ts); request bodies are never
// decompressed. The built files are a small fixture, compressed by the real script.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fakeBuild } from '../testing/fake-build.js';
import { createTestApp } from '../testing/test-app.js';

const script = path.resolve(import.meta.dirname, '../../../scripts/compress-assets.mjs');

/** Text that compresses well, `lines` lines long. */
const source = (lines: number, line: (i: number) => string) =>
  Array.from({ length: lines }, (_, i) => line(i)).join('\n');

const files = {
  'assets/app-abc123.js': source(200, (i) => `export const value${i} = "testimonial number ${i}";`),
  'assets/styles-abc123.css': source(200, (i) => `.card-${i} { margin: ${i}px; color: #333; }`),
  'assets/tiny-abc123.js': 'console.log("small");',
  'site.webmanifest': JSON.stringify({
    name: 'Vouchly',
    icons: source(150, (i) => `icon-${i}.png`).split('\n'),
  }),
};
const widgetScript = source(150, (i) => `var widgetPart${i} = function () { return ${i}; };`);

/** The fake build of the test harness, plus the fixture files and their compressed copies. */
function builtWithCopies() {
  const build = fakeBuild();
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(build.clientDir, name)), { recursive: true });
    writeFileSync(path.join(build.clientDir, name), text);
  }
  writeFileSync(path.join(build.widgetDir, 'widget.js'), widgetScript);
  const widgetFile = path.join(build.widgetDir, 'widget.js');
  const result = spawnSync(process.execPath, [script, build.clientDir, widgetFile], {
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return build;
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('scripts/compress-assets.mjs', () => {
  it('writes br and gz copies of files from 1 KB, none for smaller ones, and keeps fresh copies', () => {
    const { clientDir, widgetDir } = builtWithCopies();
    const app = path.join(clientDir, 'assets/app-abc123.js');
    expect(brotliDecompressSync(readFileSync(`${app}.br`)).toString()).toBe(
      files['assets/app-abc123.js'],
    );
    expect(gunzipSync(readFileSync(`${app}.gz`)).toString()).toBe(files['assets/app-abc123.js']);
    expect(gunzipSync(readFileSync(path.join(widgetDir, 'widget.js.gz'))).toString()).toBe(
      widgetScript,
    );
    expect(() => readFileSync(path.join(clientDir, 'assets/tiny-abc123.js.br'))).toThrow(/ENOENT/);
    const again = spawnSync(process.execPath, [script, clientDir], { encoding: 'utf8' });
    expect(again.stdout).toBe('');
  });

  it('replaces copies older than their file, and deletes a copy that would no longer pay', () => {
    const { clientDir } = builtWithCopies();
    const app = path.join(clientDir, 'assets/app-abc123.js');
    const tiny = path.join(clientDir, 'assets/tiny-abc123.js');
    writeFileSync(`${tiny}.br`, 'left over from an older build');
    const changed = source(200, (i) => `export const changed${i} = ${i};`);
    writeFileSync(app, changed);
    spawnSync(process.execPath, [script, clientDir]);
    expect(brotliDecompressSync(readFileSync(`${app}.br`)).toString()).toBe(changed);
    expect(() => readFileSync(`${tiny}.br`)).toThrow(/ENOENT/);
  });
});

describe('built files', () => {
  it('sends the Brotli copy when accepted, gzip otherwise, the file without Accept-Encoding; always with Vary', async () => {
    const build = builtWithCopies();
    const app = await createTestApp({}, build);
    const url = '/assets/app-abc123.js';
    const file = path.join(build.clientDir, 'assets/app-abc123.js');

    const br = await get(app, url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    // The copy itself: not compressed a second time.
    expect(br.rawPayload).toEqual(readFileSync(`${file}.br`));
    expect(br.headers['content-length']).toBe(String(readFileSync(`${file}.br`).length));
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await get(app, url, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload).toEqual(readFileSync(`${file}.gz`));
    expect(gzip.headers.vary).toBe('accept-encoding');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get(app, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(files['assets/app-abc123.js']);
    expect(plain.headers.vary).toBe('accept-encoding');

    const css = await get(app, '/assets/styles-abc123.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('sends a file too small for copies as it is; one missing its copies is compressed on the way out', async () => {
    const build = builtWithCopies();
    const app = await createTestApp({}, build);
    const tiny = await get(app, '/assets/tiny-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe(files['assets/tiny-abc123.js']);

    // As after a build that skipped scripts/compress-assets.mjs.
    const file = path.join(build.clientDir, 'assets/app-abc123.js');
    unlinkSync(`${file}.br`);
    unlinkSync(`${file}.gz`);
    const fallback = await get(app, '/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(fallback.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(fallback.rawPayload).toString()).toBe(
      files['assets/app-abc123.js'],
    );
  });

  it('has files outside assets/ revalidated, compressed too', async () => {
    const app = await createTestApp({}, builtWithCopies());
    const manifest = await get(app, '/site.webmanifest', { 'accept-encoding': 'br' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers 304 to the ETag of the copy it would send, without a body or a new encoding', async () => {
    const app = await createTestApp({}, builtWithCopies());
    const url = '/assets/app-abc123.js';
    const first = await get(app, url, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).not.toBe(String((await get(app, url)).headers.etag));
    const revalidated = await get(app, url, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.vary).toBe('accept-encoding');

    const tinyFirst = await get(app, '/assets/tiny-abc123.js', { 'accept-encoding': 'br' });
    const tiny = await get(app, '/assets/tiny-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(tinyFirst.headers.etag),
    });
    expect(tiny.statusCode).toBe(304);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const build = builtWithCopies();
    const app = await createTestApp({}, build);
    const head = await app.inject({
      method: 'HEAD',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(
      String(readFileSync(path.join(build.clientDir, 'assets/app-abc123.js.br')).length),
    );
  });

  it('sends /widget.js compressed, cross-origin, with its own caching', async () => {
    const build = builtWithCopies();
    const app = await createTestApp({}, build);
    const br = await get(app, '/widget.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload).toEqual(readFileSync(path.join(build.widgetDir, 'widget.js.br')));
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(br.headers['access-control-allow-origin']).toBe('*');
    expect(br.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const gzip = await get(app, '/widget.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(widgetScript);

    const plain = await get(app, '/widget.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(widgetScript);

    const revalidated = await get(app, '/widget.js', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
  });
});

describe('answers made per request', () => {
  it('compresses a JSON answer of 1 KB and more, with Vary', async () => {
    const app = await createTestApp();
    const plain = await get(app, '/api/openapi.json');
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get(app, '/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get(app, '/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a JSON answer under 1 KB and an error as they are', async () => {
    const app = await createTestApp();
    const health = await get(app, '/api/health', { 'accept-encoding': 'br, gzip' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });

    const missing = await get(app, '/api/nothing-here', { 'accept-encoding': 'br, gzip' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('never decompresses a request body', async () => {
    const app = await createTestApp();
    const body = JSON.stringify({ email: 'someone@example.com', password: 'a password 123' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(body),
    });
    // The gzip bytes are read as they are, which is not JSON.
    expect(response.statusCode).toBe(400);
  });
});
