// The public pages a visitor without a session gets as HTML that reads before
// any script (plugins/public-pages.ts), rendered here by the fake renderer of
// testing/fake-build.ts, which echoes what it was asked to render.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../shared/page-data.js';
import { fakeBuild } from '../testing/fake-build.js';
import { createSignedInUser, createUser, withSession } from '../testing/factories.js';
import { createTestApp } from '../testing/test-app.js';

const pageDataOf = (html: string): PageData => {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  if (!match?.[1]) throw new Error(`no page data in ${html}`);
  return JSON.parse(match[1]) as PageData;
};

describe('server-rendered public pages', () => {
  it('gives a visitor without a session the landing page rendered, with its title, the product name and the demo widget', async () => {
    const app = await createTestApp(
      { productName: 'Kudos', demoWidgetSlug: 'kudos-demo' },
      fakeBuild(),
    );
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.body).toContain(
      '<div id="root"><h1>Landing page</h1><p>demo: kudos-demo</p></div>',
    );
    expect(response.body).toContain('<script type="module" src="/assets/landing-abc123.js">');
    expect(response.body).toContain('<title>Landing</title>');
    expect(response.body).not.toContain('<title>Vouchly</title>');
    expect(response.body).toContain('<meta name="application-name" content="Kudos"');
    // Readable without script: no "needs JavaScript" notice.
    expect(response.body).not.toContain('<noscript>');
    expect(pageDataOf(response.body)).toEqual({ signedOut: true, demoWidgetSlug: 'kudos-demo' });
  });

  it('sends the pages made at start compressed once, with a validator: a revalidation is a 304', async () => {
    const app = await createTestApp({}, fakeBuild());
    const plain = await app.inject({ method: 'GET', url: '/terms' });
    const br = await app.inject({
      method: 'GET',
      url: '/terms',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.vary).toMatch(/cookie/i);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const again = await app.inject({
      method: 'GET',
      url: '/terms',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('gives a visitor with a session cookie the app at /, which asks who is signed in', async () => {
    const app = await createTestApp({}, fakeBuild());
    const { cookie } = await createSignedInUser(app);
    const response = await app.inject({ method: 'GET', url: '/', ...withSession(cookie) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('/assets/app-abc123.js');
    expect(response.body).toContain('<noscript>');
    expect(pageDataOf(response.body)).toEqual({ signedOut: false, demoWidgetSlug: 'vouchly' });
    // A cookie that is not the session's changes nothing.
    const other = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: 'theme=dark; other=1' },
    });
    expect(other.body).toContain('Landing page');
  });

  it('renders /terms like the landing page, with its small bundle, once at start', async () => {
    const app = await createTestApp({}, fakeBuild());
    const response = await app.inject({ method: 'GET', url: '/terms' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Terms</title>');
    expect(response.body).toContain('<h1>Terms page</h1>');
    expect(response.body).toContain('<script type="module" src="/assets/landing-abc123.js">');
    expect(response.body).not.toContain('app-abc123.js');
    expect(response.body).not.toContain('<noscript>');
    expect(pageDataOf(response.body)).toEqual({ signedOut: true });
  });

  it('renders /auth with either tab and /forgot-password once at start, and gives other variants the app', async () => {
    const app = await createTestApp({}, fakeBuild());
    for (const url of ['/auth', '/auth?tab=login', '/auth?tab=register', '/forgot-password']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<h1>Rendered ${url}</h1>`);
      expect(response.body, url).toContain('<script type="module" src="/assets/app-abc123.js">');
      expect(pageDataOf(response.body), url).toEqual({ signedOut: true });
    }
    // The Wix connect parameters, say: rendered in the browser.
    const wix = await app.inject({
      method: 'GET',
      url: '/auth?tab=login&wix_site_id=s1&redirect=wix-connect',
    });
    expect(wix.statusCode).toBe(200);
    expect(wix.body).toContain('<div id="root"></div>');
    expect(pageDataOf(wix.body)).toEqual({ signedOut: true, demoWidgetSlug: 'vouchly' });
  });

  it('renders /submit/{slug} with the business and its form settings, exactly as GET /api/business/{slug} answers', async () => {
    const app = await createTestApp({}, fakeBuild());
    const { business } = await createUser(app, {
      businessName: 'Crumbs </script><script>alert(1)</script>',
    });
    const slug = business?.collectionSlug ?? '';
    const api = await app.inject({ method: 'GET', url: `/api/business/${slug}` });
    const response = await app.inject({ method: 'GET', url: `/submit/${slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(pageDataOf(response.body)).toEqual({
      signedOut: true,
      publicBusiness: { slug, business: api.json() },
    });
    // The name cannot close the page data's script element.
    expect(response.body.match(/<\/script>/g)).toHaveLength(2);
  });

  it('inlines the stylesheet and the theme script (allowed by its hash) into rendered pages; the app shell keeps the cached files', async () => {
    const build = fakeBuild();
    const link = '<link rel="stylesheet" crossorigin href="/assets/styles-abc123.css">';
    for (const page of ['index.html', 'landing.html']) {
      const file = path.join(build.clientDir, page);
      writeFileSync(file, readFileSync(file, 'utf8').replace('</head>', `${link}</head>`));
    }
    writeFileSync(path.join(build.clientDir, 'assets', 'styles-abc123.css'), 'body{color:red}');
    const themeTag = '<script src="/theme-init.js"></script>';
    const themeScript = "document.documentElement.classList.add('dark');";
    writeFileSync(path.join(build.clientDir, 'theme-init.js'), themeScript);
    for (const page of ['index.html', 'landing.html']) {
      const file = path.join(build.clientDir, page);
      writeFileSync(file, readFileSync(file, 'utf8').replace('<title>', `${themeTag}<title>`));
    }
    const app = await createTestApp({}, build);
    const { business } = await createUser(app);
    for (const url of ['/', '/terms', `/submit/${business?.collectionSlug}`]) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.body, url).toContain('<style>body{color:red}</style>');
      expect(page.body, url).not.toContain(link);
    }
    const terms = await app.inject({ method: 'GET', url: '/terms' });
    expect(terms.body).toContain(`<script>${themeScript}</script>`);
    expect((await app.inject({ method: 'GET', url: '/auth' })).body).toContain(
      `<script>${themeScript}</script>`,
    );
    // The CSP allows exactly that inline script, by its hash.
    const hash = createHash('sha256').update(themeScript).digest('base64');
    expect(terms.headers['content-security-policy']).toContain(
      `script-src 'self' 'sha256-${hash}'`,
    );
    const shell = await app.inject({ method: 'GET', url: '/testimonials' });
    expect(shell.body).toContain(link);
    expect(shell.body).toContain(themeTag);
  });

  it('gives an unknown slug the app with 404, which shows Business Not Found', async () => {
    const app = await createTestApp({}, fakeBuild());
    const response = await app.inject({ method: 'GET', url: '/submit/no-such-business' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('without a built renderer, every page is the app rendered in the browser', async () => {
    const build = fakeBuild();
    rmSync(build.renderDir, { recursive: true });
    const app = await createTestApp({}, build);
    for (const url of ['/', '/terms', '/auth?tab=register']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(pageDataOf(response.body), url).toEqual({
        signedOut: true,
        demoWidgetSlug: 'vouchly',
      });
    }
  });
});
