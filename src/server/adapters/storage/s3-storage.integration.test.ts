// The S3 adapter against a real S3-protocol server (s3rver) on loopback: the
// adapter itself, then the whole upload flow with S3 storage configured —
// presigned PUT to a staging key, checked and re-encoded when first used.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../../shared/constants.js';
import type { Config } from '../../config.js';
import { uploads } from '../../db/schema.js';
import { sweepUnclaimedUploads } from '../../modules/uploads/service.js';
import {
  createSignedInUser,
  ELF_BINARY,
  makeJpeg,
  SVG_LOGO,
  uploadUrlFor,
  withSession,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { createS3Storage } from './s3-storage.js';
import type { ObjectStorage } from './storage.js';

const BUCKET = 'vouchly-test';
let server: S3rver;
let s3: NonNullable<Config['s3']>;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(path.join(os.tmpdir(), 'vouchly-s3rver-')),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = await server.run();
  s3 = {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
});

afterAll(async () => {
  await server?.close();
});

/** What a browser does with the presigned URL. */
const browserPut = (url: string, body: Buffer | string, contentType = 'image/jpeg') =>
  fetch(url, {
    method: 'PUT',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'content-type': contentType },
  });

async function withStorage<T>(use: (storage: ObjectStorage) => Promise<T>): Promise<T> {
  const storage = createS3Storage(s3);
  try {
    return await use(storage);
  } finally {
    storage.close();
  }
}

describe('S3 storage adapter', () => {
  it('puts, reads, sizes and removes objects', async () => {
    await withStorage(async (storage) => {
      const data = Buffer.from('hello, bucket');
      await storage.put('uploads/adapter-test.png', data, 'image/png');
      expect(await storage.size('uploads/adapter-test.png')).toBe(data.length);
      const object = await storage.get('uploads/adapter-test.png');
      expect(object?.size).toBe(data.length);
      const chunks: Buffer[] = [];
      for await (const chunk of object!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('hello, bucket');
      expect((await storage.readUpTo('uploads/adapter-test.png', 4))?.toString()).toBe('hello');
      await storage.remove('uploads/adapter-test.png');
      expect(await storage.get('uploads/adapter-test.png')).toBeNull();
      expect(await storage.size('uploads/adapter-test.png')).toBeNull();
      expect(await storage.readUpTo('uploads/adapter-test.png', 4)).toBeNull();
      await expect(storage.remove('uploads/adapter-test.png')).resolves.toBeUndefined();
    });
  });

  it('presigns a PUT a browser can use, with no checksum of an empty body signed in', async () => {
    await withStorage(async (storage) => {
      const url = (await storage.presignPut('staging/presign-test', 600)) ?? '';
      expect(url).toContain('X-Amz-Signature=');
      expect(url).toContain('X-Amz-Expires=600');
      expect(url.toLowerCase()).not.toContain('checksum');
      const response = await browserPut(url, 'raw bytes', 'application/octet-stream');
      expect(response.status).toBe(200);
      expect(await storage.size('staging/presign-test')).toBe(9);
      await storage.remove('staging/presign-test');
    });
  });

  it('refuses keys that could leave the storage root', async () => {
    await withStorage(async (storage) => {
      await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
        /invalid storage key/,
      );
      await expect(storage.get('uploads/../../x')).rejects.toThrow(/invalid storage key/);
    });
  });
});

describe('uploads with S3 storage', () => {
  async function s3App() {
    const app = await createTestApp({ s3 });
    const owner = await createSignedInUser(app);
    return { app, owner, business: owner.business! };
  }
  const stagingKeyOf = (uploadURL: string) =>
    new URL(uploadURL).pathname.replace(`/${BUCKET}/`, '');

  it('hands out a presigned URL for a staging key, and has no disk upload route', async () => {
    const { app, owner } = await s3App();
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
    expect(uploadURL.startsWith(`${s3.endpoint}/${BUCKET}/staging/`)).toBe(true);
    expect(new URL(uploadURL).searchParams.get('X-Amz-Expires')).toBe('600');
    const disk = await app.inject({ method: 'PUT', url: '/objects/upload/anything', payload: 'x' });
    expect(disk.statusCode).toBe(404);
  });

  it('checks, re-encodes and moves a staged logo when it is claimed, then serves it from the bucket', async () => {
    const { app, owner } = await s3App();
    const uploadURL = await uploadUrlFor(app, { purpose: 'logo', cookie: owner.cookie });
    expect(
      (await browserPut(uploadURL, await makeJpeg({ gps: true, width: 90, height: 60 }))).status,
    ).toBe(200);

    const response = await app.inject({
      method: 'PUT',
      url: '/api/business/logo',
      ...withSession(owner.cookie),
      payload: { logoURL: uploadURL },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { logoUrl } = response.json();
    expect(logoUrl).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}\.jpg$/);

    const served = await app.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([90, 60]);
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);

    await withStorage(async (storage) => {
      expect(await storage.size(stagingKeyOf(uploadURL))).toBeNull();
      expect(await storage.size(logoUrl.replace('/objects/', ''))).toBe(served.rawPayload.length);
    });
    const [row] = await app.database.db.select().from(uploads);
    expect(row).toMatchObject({ objectPath: logoUrl });
    expect(row!.claimedAt).not.toBeNull();
  });

  it('keeps a staged SVG logo as it is', async () => {
    const { app, owner } = await s3App();
    const uploadURL = await uploadUrlFor(app, { purpose: 'logo', cookie: owner.cookie });
    await browserPut(uploadURL, SVG_LOGO, 'image/svg+xml');
    const response = await app.inject({
      method: 'PUT',
      url: '/api/business/logo',
      ...withSession(owner.cookie),
      payload: { logoURL: uploadURL },
    });
    expect(response.statusCode, response.body).toBe(200);
    const served = await app.inject({ method: 'GET', url: response.json().logoUrl });
    expect(served.body).toBe(SVG_LOGO);
    expect(String(served.headers['content-security-policy'])).toContain('sandbox');
  });

  it('takes a public submission whose photos went straight to the bucket', async () => {
    const { app, business } = await s3App();
    const slug = business.collectionSlug;
    const selfieURL = await uploadUrlFor(app, { purpose: 'author-image', slug });
    const productURL = await uploadUrlFor(app, { purpose: 'product-image', slug });
    await browserPut(selfieURL, await makeJpeg());
    await browserPut(productURL, await makeJpeg({ width: 30, height: 30 }));
    const response = await app.inject({
      method: 'POST',
      url: `/api/submit/${slug}`,
      payload: {
        authorName: 'Ann',
        content: 'Wonderful bread, every single day.',
        rating: 5,
        authorImageUrl: selfieURL,
        productImageUrls: [productURL],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const rows = await app.database.db.select().from(uploads);
    expect(rows.every((row) => row.claimedAt !== null && row.objectPath !== null)).toBe(true);
  });

  it('refuses a staged file over 5 MB with 413 and deletes it', async () => {
    const { app, owner } = await s3App();
    const uploadURL = await uploadUrlFor(app, { purpose: 'logo', cookie: owner.cookie });
    await browserPut(uploadURL, Buffer.alloc(MAX_IMAGE_BYTES + 1, 0xff));
    const response = await app.inject({
      method: 'PUT',
      url: '/api/business/logo',
      ...withSession(owner.cookie),
      payload: { logoURL: uploadURL },
    });
    expect(response.statusCode).toBe(413);
    await withStorage(async (storage) =>
      expect(await storage.size(stagingKeyOf(uploadURL))).toBeNull(),
    );
  });

  it('refuses a staged non-image with 415, and an upload never sent with 400', async () => {
    const { app, owner } = await s3App();
    const uploadURL = await uploadUrlFor(app, { purpose: 'logo', cookie: owner.cookie });
    await browserPut(uploadURL, ELF_BINARY);
    const setLogo = (logoURL: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/business/logo',
        ...withSession(owner.cookie),
        payload: { logoURL },
      });
    expect((await setLogo(uploadURL)).statusCode).toBe(415);
    const neverSent = await uploadUrlFor(app, { purpose: 'logo', cookie: owner.cookie });
    expect((await setLogo(neverSent)).statusCode).toBe(400);
  });

  it('refuses a staged upload of another business', async () => {
    const { app, owner } = await s3App();
    const other = await createSignedInUser(app, { businessName: 'Other Shop' });
    const theirs = await uploadUrlFor(app, { purpose: 'logo', cookie: other.cookie });
    await browserPut(theirs, await makeJpeg());
    const response = await app.inject({
      method: 'PUT',
      url: '/api/business/logo',
      ...withSession(owner.cookie),
      payload: { logoURL: theirs },
    });
    expect(response.statusCode).toBe(400);
    // Not even checked or moved on the other business's behalf.
    await withStorage(async (storage) =>
      expect(await storage.size(stagingKeyOf(theirs))).not.toBeNull(),
    );
  });

  it('sweeps staged and final objects nothing refers to', async () => {
    const { app, owner } = await s3App();
    const staged = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
    await browserPut(staged, await makeJpeg());
    const removed = await sweepUnclaimedUploads(
      app.uploads,
      new Date(Date.now() + 25 * 60 * 60 * 1000),
    );
    expect(removed).toBe(1);
    await withStorage(async (storage) =>
      expect(await storage.size(stagingKeyOf(staged))).toBeNull(),
    );
  });
});
