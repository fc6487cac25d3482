// The logo the sign-up wizard found on the website (POST /api/register with
// `logoUrl`): fetched by the server after it has answered, through the same
// safe fetch as logo detection, checked and stored like an uploaded logo (SVG
// rasterised), and set unless the owner has set one meanwhile. Whatever goes
// wrong, the account exists and the business simply has no logo.
import { existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { uploads } from '../../db/schema.js';
import {
  ELF_BINARY,
  makeJpeg,
  makePng,
  registrationInput,
  sessionCookieOf,
  SVG_LOGO,
  uploadImage,
  withSession,
} from '../../testing/factories.js';
import { startHttpServer, type TestServer } from '../../testing/http-server.js';
import { createTestApp } from '../../testing/test-app.js';
import { settleAfterAnswerWork } from '../auth/after-answer.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

const OBJECT_PATH =
  /^\/objects\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(\w+)$/;

/** A website answering each path with what `files` says; anything else is 404. */
function websiteServing(files: Record<string, { type: string; body: Buffer | string }>) {
  return startHttpServer((request: IncomingMessage, response: ServerResponse) => {
    const file = files[request.url ?? ''];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
}

/** `*.localhost` resolves to the test server (RFC 6761), like a real shop's domain would to its host. */
const urlOn = (site: TestServer, file: string) => `http://shop.localhost:${site.port}${file}`;

async function register(app: App, logoUrl: string | undefined) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: registrationInput(logoUrl === undefined ? {} : { logoUrl }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error('registration set no session cookie');
  return cookie;
}

async function businessLogo(app: App, cookie: string): Promise<string | null> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/business',
    ...withSession(cookie),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ logoUrl: string | null }>().logoUrl;
}

/** The files kept in the app's disk storage. */
function storedFiles(app: App): string[] {
  const dir = path.join(app.config.dataDir, 'objects', 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('the logo detected at sign-up', () => {
  it('is fetched after registration has answered, re-encoded without its metadata, stored and set', async () => {
    const app = await createTestApp({ allowPrivateNetworkFetch: true });
    const logo = await makeJpeg({ width: 200, height: 120, gps: true });
    const held: ServerResponse[] = [];
    const site = await startHttpServer((_request, response) => held.push(response));

    // The website has not answered yet: registration does not wait for it.
    const cookie = await register(app, urlOn(site, '/brand/logo.jpg'));
    await vi.waitFor(() => expect(held).toHaveLength(1));
    expect(await businessLogo(app, cookie)).toBeNull();
    held[0]!.writeHead(200, { 'content-type': 'image/jpeg' }).end(logo);
    await settleAfterAnswerWork(app);

    const logoUrl = await businessLogo(app, cookie);
    expect(logoUrl).toMatch(OBJECT_PATH);
    expect(logoUrl).toMatch(/\.jpg$/);
    const request = site.requests[0]!;
    expect(request.url).toBe('/brand/logo.jpg');
    expect(request.headers['user-agent']).toContain('VouchlyLogoDetector');

    const served = await app.inject({ method: 'GET', url: logoUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([200, 120]);
    expect(metadata.exif, 'EXIF (GPS) is stripped').toBeUndefined();

    // An upload of the business's like any other, claimed by the logo.
    const rows = await app.database.db.select().from(uploads);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'logo', anonymous: false, objectPath: logoUrl });
    expect(rows[0]!.claimedAt).not.toBeNull();
    expect(rows[0]!.size).toBe(served.rawPayload.length);
  });

  it('rasterises an SVG logo to PNG, so none of its markup is kept', async () => {
    const app = await createTestApp({ allowPrivateNetworkFetch: true });
    const site = await websiteServing({ '/logo.svg': { type: 'image/svg+xml', body: SVG_LOGO } });
    const cookie = await register(app, urlOn(site, '/logo.svg'));
    await settleAfterAnswerWork(app);

    const logoUrl = await businessLogo(app, cookie);
    expect(logoUrl).toMatch(OBJECT_PATH);
    expect(logoUrl).toMatch(/\.png$/);
    const served = await app.inject({ method: 'GET', url: logoUrl! });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.includes('<script')).toBe(false);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('png');
    // Drawn large enough for any place a logo shows, in its own proportions.
    expect(metadata.width).toBe(metadata.height);
    expect(metadata.width).toBeGreaterThanOrEqual(256);
    // Its square is drawn: the middle pixel is the SVG's blue.
    const middle = Math.floor(metadata.width / 2);
    const pixel = await sharp(served.rawPayload)
      .extract({ left: middle, top: middle, width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer();
    expect([...pixel]).toEqual([0x25, 0x63, 0xeb]);
  });

  it('leaves the business without a logo when the file cannot be used, and registration still succeeds', async () => {
    const app = await createTestApp({ allowPrivateNetworkFetch: true });
    const tooLarge = Buffer.alloc(3 * 1024 * 1024, 0xff);
    const site = await websiteServing({
      '/page.png': {
        type: 'text/html',
        body: '<!doctype html><html><body>Not an image</body></html>',
      },
      '/program.png': { type: 'image/png', body: ELF_BINARY },
      '/huge.png': { type: 'image/png', body: Buffer.concat([await makePng(), tooLarge]) },
      '/broken.png': { type: 'image/png', body: (await makePng()).subarray(0, 40) },
    });
    const failing = [
      urlOn(site, '/missing.png'),
      urlOn(site, '/page.png'),
      urlOn(site, '/program.png'),
      urlOn(site, '/huge.png'),
      urlOn(site, '/broken.png'),
      // Nothing listens there.
      `http://shop.localhost:1/logo.png`,
    ];
    for (const logoUrl of failing) {
      const cookie = await register(app, logoUrl);
      await settleAfterAnswerWork(app);
      expect(await businessLogo(app, cookie), logoUrl).toBeNull();
    }
    // Each was asked for, and none kept.
    expect(site.requests.map((request) => request.url)).toEqual([
      '/missing.png',
      '/page.png',
      '/program.png',
      '/huge.png',
      '/broken.png',
    ]);
    const claimed = (await app.database.db.select().from(uploads)).filter((row) => row.claimedAt);
    expect(claimed).toEqual([]);
    expect(storedFiles(app)).toEqual([]);
  });

  it("fetches a client's URL only as logo detection may: never this machine, another port or a private network", async () => {
    // The app as it runs in production: private addresses and other ports are refused.
    const app = await createTestApp();
    const site = await websiteServing({
      '/logo.png': { type: 'image/png', body: await makePng() },
    });
    for (const logoUrl of [
      `http://127.0.0.1/logo.png`,
      `http://[::1]/logo.png`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://shop.localhost/logo.png`,
      urlOn(site, '/logo.png'),
    ]) {
      const cookie = await register(app, logoUrl);
      await settleAfterAnswerWork(app);
      expect(await businessLogo(app, cookie), logoUrl).toBeNull();
    }
    expect(site.connections()).toBe(0);
    expect(await app.database.db.select().from(uploads)).toEqual([]);
  });

  it('refuses a logoUrl that is not an http(s) URL, like any invalid field', async () => {
    const app = await createTestApp();
    for (const logoUrl of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'ftp://shop.example/logo.png',
      'logo.png',
      `https://shop.example/${'a'.repeat(2100)}.png`,
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: registrationInput({ logoUrl }),
      });
      expect(response.statusCode, logoUrl).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('does not replace a logo the owner set while it was being fetched, and keeps no copy of it', async () => {
    const app = await createTestApp({ allowPrivateNetworkFetch: true });
    const held: ServerResponse[] = [];
    const site = await startHttpServer((_request, response) => held.push(response));
    const cookie = await register(app, urlOn(site, '/logo.png'));
    await vi.waitFor(() => expect(held).toHaveLength(1));

    const { objectPath } = await uploadImage(
      app,
      { purpose: 'logo', cookie },
      await makePng(64, 64),
    );
    const set = await app.inject({
      method: 'PUT',
      url: '/api/business/logo',
      ...withSession(cookie),
      payload: { logoURL: objectPath },
    });
    expect(set.statusCode, set.body).toBe(200);
    held[0]!.writeHead(200, { 'content-type': 'image/png' }).end(await makePng(100, 100));
    await settleAfterAnswerWork(app);

    expect(await businessLogo(app, cookie)).toBe(objectPath);
    const rows = await app.database.db.select().from(uploads);
    expect(rows.map((row) => row.objectPath)).toEqual([objectPath]);
    expect(storedFiles(app)).toEqual([path.basename(objectPath)]);
  });

  it('registers without a logo when none was detected', async () => {
    const app = await createTestApp({ allowPrivateNetworkFetch: true });
    const cookie = await register(app, undefined);
    await settleAfterAnswerWork(app);
    expect(await businessLogo(app, cookie)).toBeNull();
    expect(await app.database.db.select().from(uploads).where(eq(uploads.purpose, 'logo'))).toEqual(
      [],
    );
  });
});
