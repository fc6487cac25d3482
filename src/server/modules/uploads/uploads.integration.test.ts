// Uploads on disk storage (docs/security.md rule 9): who may get an upload URL, what
// the PUT accepts, how objects are served, and the single-use signed URL.
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../../shared/constants.js';
import { businesses, testimonials, uploads } from '../../db/schema.js';
import {
  createSignedInUser,
  createUser,
  ELF_BINARY,
  makeJpeg,
  makePng,
  putUpload,
  requestUploadUrl,
  SVG_LOGO,
  uploadImage,
  uploadUrlFor,
  withSession,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { uploadRateLimits } from './routes.js';
import { claimUploads, sweepUnclaimedUploads } from './service.js';
import { readUploadToken, signUploadToken } from './tokens.js';
import { depsOf } from '../../deps.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

const publicPurposes = ['product-image', 'before-after-image', 'author-image'] as const;

async function ownerApp() {
  const app = await createTestApp();
  const owner = await createSignedInUser(app);
  return { app, owner, business: owner.business! };
}

const tokenOf = (uploadURL: string) => uploadURL.replace('/objects/upload/', '');
const fileOf = (app: App, objectPath: string) =>
  path.join(app.config.dataDir, objectPath.replace('/objects/', 'objects/'));

describe('POST /api/objects/upload...', () => {
  it('gives the owner an upload URL for every purpose', async () => {
    const { app, owner } = await ownerApp();
    for (const purpose of ['logo', ...publicPurposes] as const) {
      const response = await requestUploadUrl(app, { purpose, cookie: owner.cookie });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().uploadURL).toMatch(
        /^\/objects\/upload\/[A-Za-z0-9_-]{51}\.[A-Za-z0-9_-]{22}$/,
      );
    }
  });

  it('binds the business and the purpose into the signed URL, with a 10 minute expiry', async () => {
    const { app, owner, business } = await ownerApp();
    const before = Math.floor(Date.now() / 1000);
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
    const token = readUploadToken(app.uploads.urlKey, tokenOf(uploadURL));
    expect(token).toMatchObject({ businessId: business.id, purpose: 'product-image' });
    expect(token!.expiresAt - before).toBeGreaterThanOrEqual(599);
    expect(token!.expiresAt - before).toBeLessThanOrEqual(601);
  });

  it('lets a visitor upload for a known collection slug (body or query), but not a logo', async () => {
    const { app, business } = await ownerApp();
    for (const purpose of publicPurposes) {
      const response = await requestUploadUrl(app, { purpose, slug: business.collectionSlug });
      expect(response.statusCode, response.body).toBe(200);
    }
    const byQuery = await app.inject({
      method: 'POST',
      url: `/api/objects/upload/author-image?slug=${business.collectionSlug}`,
    });
    expect(byQuery.statusCode, byQuery.body).toBe(200);
    const logo = await requestUploadUrl(app, { purpose: 'logo', slug: business.collectionSlug });
    expect(logo.statusCode).toBe(401);
  });

  it('refuses an unknown slug with 404 and makes no upload', async () => {
    const app = await createTestApp();
    const response = await requestUploadUrl(app, {
      purpose: 'product-image',
      slug: 'no-such-business',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Business not found');
    expect(await app.database.db.select().from(uploads)).toHaveLength(0);
  });

  it('refuses a visitor without a slug (401) and an owner without a business (404)', async () => {
    const app = await createTestApp();
    expect((await requestUploadUrl(app, { purpose: 'product-image' })).statusCode).toBe(401);
    expect((await requestUploadUrl(app, { purpose: 'logo' })).statusCode).toBe(401);
    const { cookie } = await createSignedInUser(app, { businessName: null });
    const response = await requestUploadUrl(app, { purpose: 'logo', cookie });
    expect(response.statusCode).toBe(404);
  });

  it('rate limits public upload URLs per IP with 429 and Retry-After', async () => {
    const { app, business } = await ownerApp();
    for (let i = 0; i < uploadRateLimits.publicPerIp.max; i++) {
      const response = await requestUploadUrl(app, {
        purpose: 'product-image',
        slug: business.collectionSlug,
      });
      expect(response.statusCode).toBe(200);
    }
    const limited = await requestUploadUrl(app, {
      purpose: 'product-image',
      slug: business.collectionSlug,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('PUT /objects/upload/:token', () => {
  it('stores a JPEG re-encoded without EXIF or GPS and answers its object path', async () => {
    const { app, owner } = await ownerApp();
    const original = await makeJpeg({ gps: true, width: 120, height: 80 });
    const exif = (await sharp(original).metadata()).exif;
    // The GPS IFD pointer tag (0x8825) is in the original's EXIF, big- or little-endian.
    expect(
      exif &&
        (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))),
    ).toBe(true);

    const uploadURL = await uploadUrlFor(app, { purpose: 'author-image', cookie: owner.cookie });
    const response = await putUpload(app, uploadURL, original, 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    const { objectPath } = response.json();
    expect(objectPath).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}\.jpg$/);

    const served = await app.inject({ method: 'GET', url: objectPath });
    expect(served.statusCode).toBe(200);
    const stored = served.rawPayload;
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect([metadata.width, metadata.height]).toEqual([120, 80]);
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Exif'))).toBe(false);
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);

    const [row] = await app.database.db.select().from(uploads);
    expect(row).toMatchObject({ objectPath, purpose: 'author-image', claimedAt: null });
    expect(row!.uploadedAt).toBeInstanceOf(Date);
  });

  it('serves objects immutable, typed, nosniff and cross-origin', async () => {
    const { app, owner } = await ownerApp();
    const { objectPath } = await uploadImage(
      app,
      { purpose: 'product-image', cookie: owner.cookie },
      await makePng(),
    );
    expect(objectPath).toMatch(/\.png$/);
    const served = await app.inject({ method: 'GET', url: objectPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    const missing = await app.inject({
      method: 'GET',
      url: '/objects/uploads/00000000-0000-4000-8000-000000000000.png',
    });
    expect(missing.statusCode).toBe(404);
    const traversal = await app.inject({
      method: 'GET',
      url: '/objects/uploads/..%2F..%2Fsession-secret',
    });
    expect(traversal.statusCode).toBe(404);
  });

  it('refuses 5 MB + 1 byte with 413 from the declared length', async () => {
    const { app, owner } = await ownerApp();
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
    const response = await putUpload(app, uploadURL, Buffer.alloc(MAX_IMAGE_BYTES + 1, 0xff));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(response.headers.connection).toBe('close');
  });

  it('refuses 5 MB + 1 byte with 413 while counting a body of unknown length', async () => {
    const { app, owner } = await ownerApp();
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
    const chunk = Buffer.alloc(64 * 1024, 0xff);
    const chunks = Math.ceil((MAX_IMAGE_BYTES + 1) / chunk.length) + 1;
    const response = await app.inject({
      method: 'PUT',
      url: uploadURL,
      headers: { 'content-type': 'image/jpeg' },
      payload: Readable.from(Array.from({ length: chunks }, () => chunk)),
    });
    expect(response.statusCode).toBe(413);
  });

  it('answers 413 on a real connection before the client has finished sending', async () => {
    const { app, owner } = await ownerApp();
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: uploadURL,
          headers: { 'content-type': 'image/jpeg' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      const chunk = Buffer.alloc(256 * 1024, 0xff);
      // Just over the cap, chunked, and the request is never ended: only a streaming check can answer.
      for (let sent = 0; sent <= MAX_IMAGE_BYTES; sent += chunk.length) request.write(chunk);
    });
    expect(status).toBe(413);
  });

  it('takes exactly 5 MB', async () => {
    const { app, owner } = await ownerApp();
    // A valid PNG padded with a trailing chunk-free tail is still a PNG to file-type and sharp.
    const png = await makePng(16, 16);
    const padded = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES - png.length)]);
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
    const response = await putUpload(app, uploadURL, padded, 'image/png');
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a renamed executable and an HTML page with 415 NOT_AN_IMAGE', async () => {
    const { app, owner } = await ownerApp();
    for (const body of [
      ELF_BINARY,
      '<!doctype html><html><body><script>alert(1)</script></body></html>',
    ]) {
      const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
      const response = await putUpload(app, uploadURL, body, 'image/jpeg');
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toEqual({
        code: 'NOT_AN_IMAGE',
        message: 'This file is not an image. Please choose a JPEG, PNG, WebP, GIF or AVIF photo.',
      });
    }
    expect(
      (await app.database.db.select().from(uploads)).every((row) => row.objectPath === null),
    ).toBe(true);
  });

  it('refuses a file that claims to be an image but is not one with 415', async () => {
    const { app, owner } = await ownerApp();
    const truncated = (await makeJpeg()).subarray(0, 40);
    const uploadURL = await uploadUrlFor(app, { purpose: 'author-image', cookie: owner.cookie });
    expect((await putUpload(app, uploadURL, truncated, 'image/jpeg')).statusCode).toBe(415);
  });

  it('refuses a pixel bomb with 413', async () => {
    const { app, owner } = await ownerApp();
    const bomb = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
    const response = await putUpload(app, uploadURL, bomb, 'image/png');
    expect(response.statusCode).toBe(413);
  });

  it('refuses an empty body', async () => {
    const { app, owner } = await ownerApp();
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
    expect((await app.inject({ method: 'PUT', url: uploadURL })).statusCode).toBe(400);
  });

  it('refuses SVG for product, author and before/after photos', async () => {
    const { app, owner, business } = await ownerApp();
    for (const purpose of publicPurposes) {
      for (const caller of [{ cookie: owner.cookie }, { slug: business.collectionSlug }]) {
        const uploadURL = await uploadUrlFor(app, { purpose, ...caller });
        const response = await putUpload(app, uploadURL, SVG_LOGO, 'image/svg+xml');
        expect(response.statusCode).toBe(415);
        expect(response.json().error.message).toBe('SVG images can only be used as a logo');
      }
    }
  });

  it('keeps an SVG logo as it is and serves it sandboxed', async () => {
    const { app, owner } = await ownerApp();
    const { objectPath } = await uploadImage(
      app,
      { purpose: 'logo', cookie: owner.cookie },
      SVG_LOGO,
    );
    expect(objectPath).toMatch(/\.svg$/);
    const served = await app.inject({ method: 'GET', url: objectPath });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(SVG_LOGO);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(String(served.headers['content-security-policy'])).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(String(served.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses an expired URL', async () => {
    const { app, owner } = await ownerApp();
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
    const token = readUploadToken(app.uploads.urlKey, tokenOf(uploadURL))!;
    const expired = signUploadToken(app.uploads.urlKey, {
      ...token,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    const response = await putUpload(
      app,
      `/objects/upload/${expired}`,
      await makeJpeg(),
      'image/jpeg',
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('This upload link has expired. Please try again.');
  });

  it('takes one file per URL: a second PUT is refused', async () => {
    const { app, owner } = await ownerApp();
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
    expect((await putUpload(app, uploadURL, await makeJpeg(), 'image/jpeg')).statusCode).toBe(200);
    const again = await putUpload(app, uploadURL, await makePng(), 'image/png');
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(
      'This upload link has already been used. Please try again.',
    );
    expect(await app.database.db.select().from(uploads)).toHaveLength(1);
  });

  it('refuses a tampered URL: another purpose, another business, or a changed signature', async () => {
    const { app, owner } = await ownerApp();
    const other = await createUser(app, { businessName: 'Other Shop' });
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
    const [body = '', signature = ''] = tokenOf(uploadURL).split('.');
    const bytes = Buffer.from(body, 'base64url');
    const tampered = (change: (copy: Buffer) => void) => {
      const copy = Buffer.from(bytes);
      change(copy);
      return `/objects/upload/${copy.toString('base64url')}.${signature}`;
    };
    const attempts = [
      tampered((copy) => copy.writeUInt8(0, 33)), // purpose: logo
      tampered((copy) => Buffer.from(other.business!.id.replaceAll('-', ''), 'hex').copy(copy, 17)),
      tampered((copy) => copy.writeUInt32BE(copy.readUInt32BE(34) + 3600, 34)),
      `/objects/upload/${body}.${signature.startsWith('AA') ? 'BB' : 'AA'}${signature.slice(2)}`,
      '/objects/upload/not-a-token',
    ];
    for (const url of attempts) {
      const response = await putUpload(app, url, SVG_LOGO, 'image/svg+xml');
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.message).toBe('This upload link is not valid');
    }
    // The genuine URL still works afterwards: nothing was spent by the forgeries.
    expect((await putUpload(app, uploadURL, await makeJpeg(), 'image/jpeg')).statusCode).toBe(200);
  });

  it('is not a way around CSRF: a cross-site PUT with the session cookie is refused', async () => {
    const { app, owner } = await ownerApp();
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
    const response = await app.inject({
      method: 'PUT',
      url: uploadURL,
      ...withSession(owner.cookie, {
        'content-type': 'image/jpeg',
        'sec-fetch-site': 'cross-site',
      }),
      payload: await makeJpeg(),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('claimUploads', () => {
  it('claims this business’s own uploads once, and refuses another business’s or another purpose', async () => {
    const { app, owner, business } = await ownerApp();
    const other = await createSignedInUser(app, { businessName: 'Other Shop' });
    const mine = await uploadImage(app, { purpose: 'product-image', cookie: owner.cookie });
    const theirs = await uploadImage(app, { purpose: 'product-image', cookie: other.cookie });
    const { db } = app.database;

    await expect(
      db.transaction((tx) =>
        claimUploads({ db: tx }, business.id, [theirs.objectPath], 'product-image'),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      db.transaction((tx) =>
        claimUploads({ db: tx }, business.id, [mine.objectPath], 'author-image'),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    // All or nothing: one bad path rolls back the good one.
    await expect(
      db.transaction((tx) =>
        claimUploads(
          { db: tx },
          business.id,
          [mine.objectPath, theirs.objectPath],
          'product-image',
        ),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(
      (await db.select().from(uploads).where(eq(uploads.objectPath, mine.objectPath)))[0]!
        .claimedAt,
    ).toBeNull();

    await db.transaction((tx) =>
      claimUploads({ db: tx }, business.id, [mine.objectPath], 'product-image'),
    );
    expect(
      (await db.select().from(uploads).where(eq(uploads.objectPath, mine.objectPath)))[0]!
        .claimedAt,
    ).not.toBeNull();
    await expect(
      db.transaction((tx) =>
        claimUploads({ db: tx }, business.id, [mine.objectPath], 'product-image'),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses an upload older than the claim window', async () => {
    const { app, owner, business } = await ownerApp();
    const { objectPath } = await uploadImage(app, {
      purpose: 'product-image',
      cookie: owner.cookie,
    });
    const { db } = app.database;
    await db.update(uploads).set({ createdAt: new Date(Date.now() - 23.5 * 60 * 60 * 1000) });
    await expect(
      db.transaction((tx) => claimUploads({ db: tx }, business.id, [objectPath], 'product-image')),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('leaves the file on disk where the object path says', async () => {
    const { app, owner } = await ownerApp();
    const { objectPath } = await uploadImage(app, {
      purpose: 'product-image',
      cookie: owner.cookie,
    });
    expect(existsSync(fileOf(app, objectPath))).toBe(true);
  });
});

describe('sweepUnclaimedUploads', () => {
  const HOUR = 60 * 60 * 1000;

  it('deletes, 24 hours on, every upload nothing refers to, and keeps the rest', async () => {
    const { app, owner, business } = await ownerApp();
    const { db } = app.database;
    const caller = { cookie: owner.cookie };
    const unclaimed = await uploadImage(app, { purpose: 'product-image', ...caller });
    const onTestimonial = await uploadImage(app, { purpose: 'product-image', ...caller });
    const asAuthor = await uploadImage(app, { purpose: 'author-image', ...caller });
    const asLogo = await uploadImage(app, { purpose: 'logo', ...caller });
    const letGo = await uploadImage(app, { purpose: 'before-after-image', ...caller });
    const neverSent = await uploadUrlFor(app, { purpose: 'author-image', ...caller });
    await db.transaction(async (tx) => {
      await claimUploads({ db: tx }, business.id, [onTestimonial.objectPath], 'product-image');
      await claimUploads({ db: tx }, business.id, [asAuthor.objectPath], 'author-image');
      await claimUploads({ db: tx }, business.id, [asLogo.objectPath], 'logo');
      await claimUploads({ db: tx }, business.id, [letGo.objectPath], 'before-after-image');
      await tx.insert(testimonials).values({
        businessId: business.id,
        authorName: 'Ann',
        content: 'Lovely bread, friendly people.',
        rating: 5,
        productImageUrls: [onTestimonial.objectPath],
        authorImageUrl: asAuthor.objectPath,
      });
      await tx
        .update(businesses)
        .set({ logoUrl: asLogo.objectPath })
        .where(eq(businesses.id, business.id));
    });
    expect(await db.select().from(uploads)).toHaveLength(6);

    expect(await sweepUnclaimedUploads(depsOf(app), new Date(Date.now() + 23 * HOUR))).toBe(0);
    expect(await db.select().from(uploads)).toHaveLength(6);

    expect(await sweepUnclaimedUploads(depsOf(app), new Date(Date.now() + 25 * HOUR))).toBe(3);
    const left = (await db.select().from(uploads)).map((row) => row.objectPath).sort();
    expect(left).toEqual([onTestimonial.objectPath, asAuthor.objectPath, asLogo.objectPath].sort());
    expect(existsSync(fileOf(app, unclaimed.objectPath))).toBe(false);
    expect(existsSync(fileOf(app, letGo.objectPath))).toBe(false);
    expect(existsSync(fileOf(app, asLogo.objectPath))).toBe(true);
    expect((await app.inject({ method: 'GET', url: unclaimed.objectPath })).statusCode).toBe(404);
    expect((await putUpload(app, neverSent, await makeJpeg(), 'image/jpeg')).statusCode).toBe(403);
  });

  it('also runs when the app starts', async () => {
    const first = await createTestApp();
    const { business } = await createUser(first);
    const { db } = first.database;
    await db.insert(uploads).values([
      { businessId: business!.id, purpose: 'logo', createdAt: new Date(Date.now() - 25 * HOUR) },
      { businessId: business!.id, purpose: 'logo' },
    ]);
    await createTestApp();
    expect(await db.select().from(uploads)).toHaveLength(1);
  });
});
