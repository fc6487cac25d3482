// POST /api/business/detect-logo against a local website that serves a page
// for each kind of icon. `*.localhost` names resolve to 127.0.0.1 (RFC 6761),
// which lets the website field (a real-looking domain) point at the test server.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.js';
import { startHttpServer, type TestServer } from '../../testing/http-server.js';
import { FetchRefusedError } from '../../adapters/http/safe-fetch.js';
import { detectLogo } from './logo-detection.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const page = (head: string) =>
  `<!doctype html><html><head><title>Shop</title>${head}</head><body>Hello</body></html>`;

const pages: Record<string, string> = {
  '/apple': page(`
    <link rel="icon" href="/icon-32.png" sizes="32x32">
    <meta property="og:image" content="/og.png">
    <link rel="apple-touch-icon" href="/apple-touch-icon.png">`),
  '/icons': page(`
    <link rel="icon" type="image/png" href="/icon-16.png" sizes="16x16">
    <link rel="icon" type="image/png" href="/icon-192.png" sizes="192x192">
    <link rel="shortcut icon" href="/icon-unsized.ico">
    <link rel=icon href=/icon-32.png sizes="32x32">`),
  '/og': page(
    `<meta property="og:image" content="https://cdn.example.com/brand/og.png?w=1200&amp;h=630">`,
  ),
  '/manifest': page(`<link rel="manifest" href="/assets/site.webmanifest">`),
  '/relative': page(`<base href="/static/"><link rel="icon" href="img/logo.svg" sizes="any">`),
  '/hidden': page(
    `<!-- <link rel="icon" href="/commented.png"> --><script>var s = '<link rel="icon" href="/scripted.png">';</script>`,
  ),
  '/plain': page(''),
};

function website(request: IncomingMessage, response: ServerResponse): void {
  const url = request.url ?? '/';
  const host = request.headers.host ?? '';
  if (pages[url]) {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[url]);
  } else if (url === '/moved') {
    response.writeHead(301, { location: '/apple' }).end();
  } else if (url === '/assets/site.webmanifest') {
    response.writeHead(200, { 'content-type': 'application/manifest+json' }).end(
      JSON.stringify({
        name: 'Shop',
        icons: [
          { src: 'icons/192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/48.png', sizes: '48x48', type: 'image/png' },
        ],
      }),
    );
  } else if (url === '/favicon.ico' && host.startsWith('shop.')) {
    response.writeHead(200, { 'content-type': 'image/x-icon' }).end(PNG);
  } else if (url === '/favicon.ico') {
    // Many sites answer unknown paths with an HTML page and status 200.
    response.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an icon</html>');
  } else {
    response.writeHead(404).end();
  }
}

async function detect(app: Awaited<ReturnType<typeof createTestApp>>, site: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/business/detect-logo',
    payload: { website: site },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ logoUrl: string | null }>();
}

describe('POST /api/business/detect-logo', () => {
  let server: TestServer;
  const at = (path: string, host = 'shop.localhost') => `http://${host}:${server.port}${path}`;

  async function localApp() {
    server = await startHttpServer(website);
    return createTestApp({ allowPrivateNetworkFetch: true });
  }

  it('prefers the apple-touch-icon over icons and og:image', async () => {
    const app = await localApp();
    expect(await detect(app, at('/apple'))).toEqual({ logoUrl: at('/apple-touch-icon.png') });
  });

  it('takes the largest rel="icon" when there is no apple-touch-icon', async () => {
    const app = await localApp();
    expect(await detect(app, at('/icons'))).toEqual({ logoUrl: at('/icon-192.png') });
  });

  it('falls back to og:image, decoding entities', async () => {
    const app = await localApp();
    expect(await detect(app, at('/og'))).toEqual({
      logoUrl: 'https://cdn.example.com/brand/og.png?w=1200&h=630',
    });
  });

  it("falls back to the web-app manifest's largest icon, resolved against the manifest", async () => {
    const app = await localApp();
    expect(await detect(app, at('/manifest'))).toEqual({ logoUrl: at('/assets/icons/512.png') });
  });

  it('resolves relative links against <base href>', async () => {
    const app = await localApp();
    expect(await detect(app, at('/relative'))).toEqual({ logoUrl: at('/static/img/logo.svg') });
  });

  it('resolves links against the page a redirect led to', async () => {
    const app = await localApp();
    expect(await detect(app, at('/moved'))).toEqual({ logoUrl: at('/apple-touch-icon.png') });
  });

  it('ignores icons in comments and scripts, then uses /favicon.ico when it is an image', async () => {
    const app = await localApp();
    expect(await detect(app, at('/hidden'))).toEqual({ logoUrl: at('/favicon.ico') });
    expect(await detect(app, at('/plain'))).toEqual({ logoUrl: at('/favicon.ico') });
  });

  it('answers null when /favicon.ico is not an image', async () => {
    const app = await localApp();
    expect(await detect(app, at('/plain', 'other.localhost'))).toEqual({ logoUrl: null });
  });

  it('answers null when the site cannot be reached', async () => {
    const app = await localApp();
    await server.close();
    expect(await detect(app, at('/apple'))).toEqual({ logoUrl: null });
  });

  it('stops when its time budget is spent, whatever is still pending', async () => {
    // The page answers at once; the manifest never finishes.
    server = await startHttpServer((request, response) => {
      if (request.url === '/slow.webmanifest') return void response.writeHead(200).write('{');
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(page('<link rel="manifest" href="/slow.webmanifest">'));
    });
    const started = Date.now();
    const result = await detectLogo(
      at('/'),
      { allowPrivateNetwork: true, allowAnyPort: true },
      400,
    );
    expect(result.logoUrl).toBeNull();
    expect(result.failure).toBeInstanceOf(FetchRefusedError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('never reaches a local site when private network fetches are not allowed', async () => {
    server = await startHttpServer(website);
    const app = await createTestApp({ allowPrivateNetworkFetch: false });
    expect(await detect(app, at('/apple'))).toEqual({ logoUrl: null });
    // Port 80: the name passes the port rule and is refused for the loopback address it resolves to.
    expect(await detect(app, 'http://shop.localhost/apple')).toEqual({ logoUrl: null });
    expect(await detect(app, 'localhost.localhost')).toEqual({ logoUrl: null });
    expect(server.connections()).toBe(0);
  });

  it('rejects a website that is not a domain with the form message', async () => {
    const app = await createTestApp();
    for (const site of ['http://127.0.0.1/', '[::1]', 'not a website']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/business/detect-logo',
        payload: { website: site },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        'Please enter a valid website (e.g., example.com)',
      );
    }
  });
});

describe('POST /api/business/detect-logo with hostile or huge pages (docs/security.md rule 24)', () => {
  const TWO_MB = 2 * 1024 * 1024;
  const fill = (unit: string, bytes: number) => unit.repeat(Math.floor(bytes / unit.length));
  // Just under the 2 MB fetch cap, so that the whole page would be read.
  const hostile = (unit: string) => fill(unit, TWO_MB - 1024);
  const hostilePages: Record<string, string> = {
    '/comments': `<html><head>${hostile('<!--')}`,
    '/scripts': `<html><head>${hostile('<script ')}`,
    '/styles': `<html><head>${hostile('<style>')}`,
    '/icon-links': `<html><head>${hostile('<link rel="icon" href=')}`,
    '/attribute': `<html><head><meta name="x" content="${hostile('a')}`,
  };
  let server: TestServer;
  const at = (path: string) => `http://shop.localhost:${server.port}${path}`;

  async function appWith(handler: Parameters<typeof startHttpServer>[0]) {
    server = await startHttpServer(handler);
    return createTestApp({ allowPrivateNetworkFetch: true });
  }

  it.each(Object.keys(hostilePages))(
    'answers well within the 5 s budget for 2 MB of %s',
    async (path) => {
      const app = await appWith((request, response) => {
        const body = hostilePages[request.url ?? ''];
        if (body) response.writeHead(200, { 'content-type': 'text/html' }).end(body);
        else response.writeHead(404).end();
      });
      const started = Date.now();
      expect(await detect(app, at(path))).toEqual({ logoUrl: null });
      // Within the route's own 5 s budget (docs/security.md rule 24; the old regular expressions took 80 s); the bench records the real time.
      expect(Date.now() - started).toBeLessThan(5000);
    },
  );

  it('uses the head of a page larger than the 2 MB fetch cap', async () => {
    const app = await appWith((request, response) => {
      if (request.url !== '/') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><head><link rel="icon" href="/big-site.png"></head><body>');
      response.end(`${fill('<p>Lots to read.</p>', 3 * TWO_MB)}</body></html>`);
    });
    expect(await detect(app, at('/'))).toEqual({ logoUrl: at('/big-site.png') });
  });

  it('answers as soon as the head has arrived, without waiting for the rest of the page', async () => {
    // The body never ends: only a detector that stops at </head> gets the icon before the time budget runs out.
    const app = await appWith((request, response) => {
      if (request.url !== '/') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write(
        '<html><head><link rel="apple-touch-icon" href="/touch.png"></head><body>Loading',
      );
    });
    expect(await detect(app, at('/'))).toEqual({ logoUrl: at('/touch.png') });
  });

  it('does not read past the first 512 KB of a page', async () => {
    const app = await appWith((request, response) => {
      if (request.url === '/favicon.ico')
        return void response.writeHead(200, { 'content-type': 'image/x-icon' }).end(PNG);
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        `<html><head><meta name="filler" content="${fill('a', 600 * 1024)}"><link rel="icon" href="/too-late.png"></head>`,
      );
    });
    expect(await detect(app, at('/'))).toEqual({ logoUrl: at('/favicon.ico') });
  });
});
