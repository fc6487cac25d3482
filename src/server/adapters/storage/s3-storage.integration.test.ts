// The S3 adapter against a real S3-protocol server (s3rver) on loopback: the
// adapter itself, then the whole upload flow with S3 storage configured. The
// browser PUTs to our own signed upload route as with disk storage, so the
// 5 MB cap, the type check, re-encoding and the visitors' byte budgets apply
// before anything reaches the bucket (docs/decisions/0005-uploads.md).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { uploads } from '../../db/schema.js';
import { sweepUnclaimedUploads } from '../../modules/uploads/service.js';
import {
  budgetsWith,
  createSignedInUser,
  ELF_BINARY,
  makeJpeg,
  putUpload,
  requestUploadUrl,
  SVG_LOGO,
  uploadImage,
  uploadUrlFor,
  withSession,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { createS3Storage } from './s3-storage.js';
import type { ObjectStorage } from './storage.js';
import { depsOf } from '../../deps.js';

const BUCKET = 'vouchly-test';
const HOUR = 60 * 60 * 1000;
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

/** A plain client of the test bucket, to look at it from outside the app. */
async function withBucket<T>(use: (client: S3Client) => Promise<T>): Promise<T> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: true,
  });
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
}

/** Every key in the bucket, sorted. */
const bucketKeys = () =>
  withBucket(async (client) => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
  });

beforeEach(async () => {
  const keys = await bucketKeys();
  if (keys.length === 0) return;
  await withBucket((client) =>
    client.send(
      new DeleteObjectsCommand({
        Bucket: BUCKET,
        Delete: { Objects: keys.map((Key) => ({ Key })) },
      }),
    ),
  );
});

async function withStorage<T>(use: (storage: ObjectStorage) => Promise<T>): Promise<T> {
  const storage = createS3Storage(s3);
  try {
    return await use(storage);
  } finally {
    storage.close();
  }
}

/** The bucket key of an object path: `/objects/uploads/<id>.<ext>` is `uploads/<id>.<ext>`. */
const keyOf = (objectPath: string) => objectPath.replace(/^\/objects\//, '');

describe('S3 storage adapter', () => {
  it('puts, reads and removes objects', async () => {
    await withStorage(async (storage) => {
      const data = Buffer.from('hello, bucket');
      await storage.put('uploads/adapter-test.png', data, 'image/png');
      expect(await bucketKeys()).toEqual(['uploads/adapter-test.png']);
      const object = await storage.get('uploads/adapter-test.png');
      expect(object?.size).toBe(data.length);
      const chunks: Buffer[] = [];
      for await (const chunk of object!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('hello, bucket');
      await storage.remove('uploads/adapter-test.png');
      expect(await storage.get('uploads/adapter-test.png')).toBeNull();
      expect(await bucketKeys()).toEqual([]);
      await expect(storage.remove('uploads/adapter-test.png')).resolves.toBeUndefined();
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

  it('hands out our own signed upload URL, never a URL of the bucket', async () => {
    const { app, owner, business } = await s3App();
    const ownerURL = await uploadUrlFor(app, { purpose: 'logo', cookie: owner.cookie });
    const visitorURL = await uploadUrlFor(app, {
      purpose: 'product-image',
      slug: business.collectionSlug,
    });
    for (const uploadURL of [ownerURL, visitorURL]) {
      expect(uploadURL).toMatch(/^\/objects\/upload\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    }
  });

  it('refuses a PUT over 5 MB to the upload URL with 413, and nothing reaches the bucket', async () => {
    const { app, business } = await s3App();
    const slug = business.collectionSlug;
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', slug });
    const response = await putUpload(app, uploadURL, Buffer.alloc(6 * 1024 * 1024, 0xff));
    expect(response.statusCode).toBe(413);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await bucketKeys()).toEqual([]);
  });

  it('stores a re-encoded logo in the bucket under uploads/<id>.<ext>, serves it, and claims it', async () => {
    const { app, owner } = await s3App();
    const { uploadURL, objectPath } = await uploadImage(
      app,
      { purpose: 'logo', cookie: owner.cookie },
      await makeJpeg({ gps: true, width: 90, height: 60 }),
    );
    expect(objectPath).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}\.jpg$/);
    expect(await bucketKeys()).toEqual([keyOf(objectPath)]);

    const served = await app.inject({ method: 'GET', url: objectPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([90, 60]);
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);

    // The client may send the upload URL as well as the object path.
    const response = await app.inject({
      method: 'PUT',
      url: '/api/business/logo',
      ...withSession(owner.cookie),
      payload: { logoURL: uploadURL },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ logoUrl: string }>().logoUrl).toBe(objectPath);
    const [row] = await app.database.db.select().from(uploads);
    expect(row).toMatchObject({ objectPath });
    expect(row!.claimedAt).not.toBeNull();
  });

  it('keeps an SVG logo as it is and serves it sandboxed', async () => {
    const { app, owner } = await s3App();
    const { objectPath } = await uploadImage(
      app,
      { purpose: 'logo', cookie: owner.cookie },
      SVG_LOGO,
    );
    expect(objectPath).toMatch(/\.svg$/);
    const served = await app.inject({ method: 'GET', url: objectPath });
    expect(served.body).toBe(SVG_LOGO);
    expect(String(served.headers['content-security-policy'])).toContain('sandbox');
  });

  it('refuses a non-image with 415 and stores nothing; an upload not stored cannot be used', async () => {
    const { app, owner } = await s3App();
    const refused = await uploadUrlFor(app, { purpose: 'logo', cookie: owner.cookie });
    const response = await putUpload(app, refused, ELF_BINARY);
    expect(response.statusCode).toBe(415);
    expect(await bucketKeys()).toEqual([]);

    const neverSent = await uploadUrlFor(app, { purpose: 'logo', cookie: owner.cookie });
    for (const logoURL of [refused, neverSent]) {
      const setLogo = await app.inject({
        method: 'PUT',
        url: '/api/business/logo',
        ...withSession(owner.cookie),
        payload: { logoURL },
      });
      expect(setLogo.statusCode).toBe(400);
    }
  });

  it('takes a public submission whose photos went through the upload route into the bucket', async () => {
    const { app, business } = await s3App();
    const slug = business.collectionSlug;
    const selfie = await uploadImage(app, { purpose: 'author-image', slug });
    const product = await uploadImage(
      app,
      { purpose: 'product-image', slug },
      await makeJpeg({ width: 30, height: 30 }),
    );
    const response = await app.inject({
      method: 'POST',
      url: `/api/submit/${slug}`,
      payload: {
        authorName: 'Ann',
        content: 'Wonderful bread, every single day.',
        rating: 5,
        authorImageUrl: selfie.objectPath,
        productImageUrls: [product.uploadURL],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await bucketKeys()).toEqual([selfie.objectPath, product.objectPath].map(keyOf).sort());
    const rows = await app.database.db.select().from(uploads);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.claimedAt !== null)).toBe(true);
  });

  it('applies the visitors’ byte budgets: the check asked for at the PUT past a form’s, 507 past the global one', async () => {
    const { app, business } = await s3App();
    const slug = business.collectionSlug;
    const first = await uploadImage(app, { purpose: 'product-image', slug });
    const size = await withStorage(
      async (storage) => (await storage.get(keyOf(first.objectPath)))?.size ?? 0,
    );
    expect(size).toBeGreaterThan(0);
    const plenty = { perHour: 1024 ** 3, waiting: 1024 ** 3 };

    app.uploads.budgets = budgetsWith({
      perForm: { perHour: Math.floor(size * 1.5), waiting: plenty.waiting },
      global: plenty,
    });
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', slug });
    const overForm = await putUpload(app, uploadURL, await makeJpeg(), 'image/jpeg');
    expect(overForm.statusCode, overForm.body).toBe(403);
    expect(overForm.json().error.code).toBe('CHALLENGE_REQUIRED');
    expect(await bucketKeys()).toEqual([keyOf(first.objectPath)]);

    app.uploads.budgets = budgetsWith({
      perForm: plenty,
      global: { perHour: plenty.perHour, waiting: size },
    });
    const overAll = await requestUploadUrl(app, { purpose: 'product-image', slug });
    expect(overAll.statusCode, overAll.body).toBe(507);
    expect(await bucketKeys()).toEqual([keyOf(first.objectPath)]);
  });

  it('sweeps unclaimed uploads out of the bucket a day on, and keeps claimed ones', async () => {
    const { app, owner } = await s3App();
    const unclaimed = await uploadImage(app, { purpose: 'product-image', cookie: owner.cookie });
    const logo = await uploadImage(app, { purpose: 'logo', cookie: owner.cookie });
    await uploadUrlFor(app, { purpose: 'author-image', cookie: owner.cookie });
    const setLogo = await app.inject({
      method: 'PUT',
      url: '/api/business/logo',
      ...withSession(owner.cookie),
      payload: { logoURL: logo.objectPath },
    });
    expect(setLogo.statusCode, setLogo.body).toBe(200);
    expect(await bucketKeys()).toEqual([unclaimed.objectPath, logo.objectPath].map(keyOf).sort());

    expect(await sweepUnclaimedUploads(depsOf(app), new Date(Date.now() + 23 * HOUR))).toBe(0);
    expect(await bucketKeys()).toHaveLength(2);

    // The unclaimed photo and the URL never used go; the logo stays.
    expect(await sweepUnclaimedUploads(depsOf(app), new Date(Date.now() + 25 * HOUR))).toBe(2);
    expect(await bucketKeys()).toEqual([keyOf(logo.objectPath)]);
    expect((await app.inject({ method: 'GET', url: unclaimed.objectPath })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: logo.objectPath })).statusCode).toBe(200);
  });
});
