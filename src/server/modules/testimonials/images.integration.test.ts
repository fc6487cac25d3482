// Image calls of a testimonial (docs/product/testimonials.md#calls): only the business's own uploads for
// the right purpose are accepted, at most 5 product photos, and images let go
// are deleted with their files.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testimonials, uploads } from '../../db/schema.js';
import {
  createSignedInUser,
  createTestimonial,
  uploadImage,
  uploadUrlFor,
  withSession,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

async function owner(app: App) {
  const created = await createSignedInUser(app);
  if (!created.business) throw new Error('owner without business');
  return {
    cookie: created.cookie,
    businessId: created.business.id,
    session: withSession(created.cookie),
  };
}

async function rowOf(app: App, id: string) {
  const [row] = await app.database.db.select().from(testimonials).where(eq(testimonials.id, id));
  return row;
}

async function uploadRow(app: App, objectPath: string) {
  const [row] = await app.database.db
    .select()
    .from(uploads)
    .where(eq(uploads.objectPath, objectPath));
  return row;
}

const served = async (app: App, objectPath: string) =>
  (await app.inject({ method: 'GET', url: objectPath })).statusCode;

describe('PUT /api/testimonials/:id/product-images', () => {
  it('appends own uploads (by upload URL or object path) up to 5, then answers 400 and stores nothing', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const row = await createTestimonial(app.database.db, a.businessId);
    const put = (productImageURLs: string[]) =>
      app.inject({
        method: 'PUT',
        url: `/api/testimonials/${row.id}/product-images`,
        payload: { productImageURLs },
        ...a.session,
      });
    const images = [];
    for (let i = 0; i < 6; i++)
      images.push(await uploadImage(app, { purpose: 'product-image', cookie: a.cookie }));

    const first = await put([
      images[0]?.uploadURL ?? '',
      images[1]?.objectPath ?? '',
      images[2]?.uploadURL ?? '',
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const firstThree = images.slice(0, 3).map((image) => image.objectPath);
    expect(first.json()).toEqual({ imagePaths: firstThree });
    expect((await uploadRow(app, firstThree[0] ?? ''))?.claimedAt).not.toBeNull();

    const tooMany = await put(images.slice(3, 6).map((image) => image.uploadURL));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(
      'A testimonial can have at most 5 product photos; this one has 3, so 2 more can be added.',
    );
    expect((await rowOf(app, row.id))?.productImageUrls).toEqual(firstThree);
    expect((await uploadRow(app, images[3]?.objectPath ?? ''))?.claimedAt).toBeNull();

    const upToFive = await put(images.slice(3, 5).map((image) => image.uploadURL));
    expect(upToFive.json().imagePaths).toHaveLength(5);
    const sixth = await put([images[5]?.uploadURL ?? '']);
    expect(sixth.statusCode).toBe(400);
    expect((await rowOf(app, row.id))?.productImageUrls).toHaveLength(5);
    // More than 5 in one call is refused by the schema.
    const six = await put(images.map((image) => image.uploadURL));
    expect(six.statusCode).toBe(400);
  });

  it("refuses another business's upload, another purpose, unfinished, used and foreign URLs", async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const b = await owner(app);
    const row = await createTestimonial(app.database.db, a.businessId);
    const other = await createTestimonial(app.database.db, a.businessId);
    const put = (url: string, id = row.id) =>
      app.inject({
        method: 'PUT',
        url: `/api/testimonials/${id}/product-images`,
        payload: { productImageURLs: [url] },
        ...a.session,
      });

    const foreign = await uploadImage(app, { purpose: 'product-image', cookie: b.cookie });
    const wrongPurpose = await uploadImage(app, { purpose: 'author-image', cookie: a.cookie });
    const unfinished = await uploadUrlFor(app, { purpose: 'product-image', cookie: a.cookie });
    const used = await uploadImage(app, { purpose: 'product-image', cookie: a.cookie });
    expect((await put(used.uploadURL, other.id)).statusCode).toBe(200);

    for (const url of [
      foreign.uploadURL,
      foreign.objectPath,
      wrongPurpose.objectPath,
      unfinished,
      used.objectPath,
      'https://evil.example/tracker.png',
      '/objects/uploads/../../etc/passwd',
      'javascript:alert(1)',
    ]) {
      const response = await put(url);
      expect(response.statusCode, url).toBe(400);
    }
    expect((await rowOf(app, row.id))?.productImageUrls).toEqual([]);
    expect((await uploadRow(app, foreign.objectPath))?.claimedAt).toBeNull();
  });
});

describe('DELETE /api/testimonials/:id/product-images', () => {
  it('removes one image and deletes its file; an image it does not have is 404', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const row = await createTestimonial(app.database.db, a.businessId);
    const one = await uploadImage(app, { purpose: 'product-image', cookie: a.cookie });
    const two = await uploadImage(app, { purpose: 'product-image', cookie: a.cookie });
    await app.inject({
      method: 'PUT',
      url: `/api/testimonials/${row.id}/product-images`,
      payload: { productImageURLs: [one.uploadURL, two.uploadURL] },
      ...a.session,
    });
    expect(await served(app, one.objectPath)).toBe(200);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/testimonials/${row.id}/product-images`,
      payload: { imageUrl: one.objectPath },
      ...a.session,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ imagePaths: [two.objectPath] });
    expect(await uploadRow(app, one.objectPath)).toBeUndefined();
    expect(await served(app, one.objectPath)).toBe(404);

    const again = await app.inject({
      method: 'DELETE',
      url: `/api/testimonials/${row.id}/product-images`,
      payload: { imageUrl: one.objectPath },
      ...a.session,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Image not found');

    // An absolute URL of the stored path names it too.
    const absolute = await app.inject({
      method: 'DELETE',
      url: `/api/testimonials/${row.id}/product-images`,
      payload: { imageUrl: `http://localhost:3000${two.objectPath}` },
      ...a.session,
    });
    expect(absolute.json()).toEqual({ imagePaths: [] });
  });
});

describe('PUT /api/testimonials/:id/author-image', () => {
  it('sets and replaces the author photo, deleting the replaced file', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const row = await createTestimonial(app.database.db, a.businessId);
    const first = await uploadImage(app, { purpose: 'author-image', cookie: a.cookie });
    const second = await uploadImage(app, { purpose: 'author-image', cookie: a.cookie });
    const put = (authorImageURL: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/testimonials/${row.id}/author-image`,
        payload: { authorImageURL },
        ...a.session,
      });

    const set = await put(first.uploadURL);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ imagePath: first.objectPath });
    expect((await rowOf(app, row.id))?.authorImageUrl).toBe(first.objectPath);
    // Sending the current photo again changes nothing.
    expect((await put(first.objectPath)).statusCode).toBe(200);

    expect((await put(second.uploadURL)).json()).toEqual({ imagePath: second.objectPath });
    expect(await served(app, first.objectPath)).toBe(404);
    expect(await served(app, second.objectPath)).toBe(200);

    const productUpload = await uploadImage(app, { purpose: 'product-image', cookie: a.cookie });
    expect((await put(productUpload.uploadURL)).statusCode).toBe(400);

    // PATCH with authorImageUrl null removes it, and the file goes too.
    const removed = await app.inject({
      method: 'PATCH',
      url: `/api/testimonials/${row.id}`,
      payload: { authorImageUrl: null },
      ...a.session,
    });
    expect(removed.json().authorImageUrl).toBeNull();
    expect(await served(app, second.objectPath)).toBe(404);
  });
});

describe('PUT /api/testimonials/:id/before-after-images', () => {
  /** An owner's testimonial with no photos, `put` of its pair, and `upload` of a pair photo. */
  async function pairOfNewTestimonial() {
    const app = await createTestApp();
    const a = await owner(app);
    const row = await createTestimonial(app.database.db, a.businessId);
    const upload = () => uploadImage(app, { purpose: 'before-after-image', cookie: a.cookie });
    const put = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: `/api/testimonials/${row.id}/before-after-images`,
        payload,
        ...a.session,
      });
    return { app, row, upload, put };
  }

  it('sets, keeps, replaces and removes each side', async () => {
    const { app, row, upload, put } = await pairOfNewTestimonial();
    const before = await upload();
    const after = await upload();
    const newAfter = await upload();

    const both = await put({ beforeImageURL: before.uploadURL, afterImageURL: after.uploadURL });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toEqual({
      beforeImagePath: before.objectPath,
      afterImagePath: after.objectPath,
    });

    const replaced = await put({ afterImageURL: newAfter.uploadURL });
    expect(replaced.json()).toEqual({
      beforeImagePath: before.objectPath,
      afterImagePath: newAfter.objectPath,
    });
    expect(await served(app, after.objectPath)).toBe(404);

    const same = await put({
      beforeImageURL: before.objectPath,
      afterImageURL: newAfter.objectPath,
    });
    expect(same.statusCode).toBe(200);

    const sameTwice = await put({
      beforeImageURL: newAfter.objectPath,
      afterImageURL: newAfter.objectPath,
    });
    expect(sameTwice.statusCode).toBe(400);

    const removed = await put({ beforeImageURL: null, afterImageURL: null });
    expect(removed.json()).toEqual({ beforeImagePath: null, afterImagePath: null });
    expect(await served(app, before.objectPath)).toBe(404);
    expect(await served(app, newAfter.objectPath)).toBe(404);

    const foreignOwner = await owner(app);
    const foreign = await uploadImage(app, {
      purpose: 'before-after-image',
      cookie: foreignOwner.cookie,
    });
    expect((await put({ beforeImageURL: foreign.uploadURL })).statusCode).toBe(400);
    expect((await rowOf(app, row.id))?.beforeImageUrl).toBeNull();
  });

  it('refuses a change that would leave one photo without its pair, and changes nothing', async () => {
    const { app, row, upload, put } = await pairOfNewTestimonial();
    const before = await upload();
    const after = await upload();

    const lone = await put({ beforeImageURL: before.uploadURL });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().error.message).toBe(
      'Please add an after photo, or remove the before photo.',
    );
    expect(await rowOf(app, row.id)).toEqual(row);

    expect(
      (await put({ beforeImageURL: before.uploadURL, afterImageURL: after.uploadURL })).statusCode,
    ).toBe(200);
    const halfRemoved = await put({ beforeImageURL: null });
    expect(halfRemoved.statusCode).toBe(400);
    expect(halfRemoved.json().error.message).toBe(
      'Please add a before photo, or remove the after photo.',
    );
    const kept = await rowOf(app, row.id);
    expect([kept?.beforeImageUrl, kept?.afterImageUrl]).toEqual([
      before.objectPath,
      after.objectPath,
    ]);
    expect(await served(app, before.objectPath)).toBe(200);
  });
});

describe('deleting testimonials deletes their images', () => {
  it('DELETE and bulk delete remove the upload rows and files', async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const first = await createTestimonial(app.database.db, a.businessId);
    const second = await createTestimonial(app.database.db, a.businessId);
    const photoOne = await uploadImage(app, { purpose: 'author-image', cookie: a.cookie });
    const photoTwo = await uploadImage(app, { purpose: 'product-image', cookie: a.cookie });
    await app.inject({
      method: 'PUT',
      url: `/api/testimonials/${first.id}/author-image`,
      payload: { authorImageURL: photoOne.uploadURL },
      ...a.session,
    });
    await app.inject({
      method: 'PUT',
      url: `/api/testimonials/${second.id}/product-images`,
      payload: { productImageURLs: [photoTwo.uploadURL] },
      ...a.session,
    });

    expect(
      (await app.inject({ method: 'DELETE', url: `/api/testimonials/${first.id}`, ...a.session }))
        .statusCode,
    ).toBe(200);
    expect(await served(app, photoOne.objectPath)).toBe(404);
    expect(await uploadRow(app, photoOne.objectPath)).toBeUndefined();

    const bulk = await app.inject({
      method: 'POST',
      url: '/api/testimonials/bulk',
      payload: { action: 'delete', ids: [second.id] },
      ...a.session,
    });
    expect(bulk.json()).toEqual({ deleted: 1 });
    expect(await served(app, photoTwo.objectPath)).toBe(404);
  });
});

describe('cross-tenant image calls', () => {
  it("answer 404 for another business's testimonial, even with the caller's own uploads", async () => {
    const app = await createTestApp();
    const a = await owner(app);
    const b = await owner(app);
    const row = await createTestimonial(app.database.db, a.businessId, {
      productImageUrls: ['/objects/uploads/x.jpg'],
    });
    const calls = [
      {
        method: 'PUT',
        url: `/api/testimonials/${row.id}/author-image`,
        payload: {
          authorImageURL: (await uploadImage(app, { purpose: 'author-image', cookie: b.cookie }))
            .uploadURL,
        },
      },
      {
        method: 'PUT',
        url: `/api/testimonials/${row.id}/product-images`,
        payload: {
          productImageURLs: [
            (await uploadImage(app, { purpose: 'product-image', cookie: b.cookie })).uploadURL,
          ],
        },
      },
      {
        method: 'DELETE',
        url: `/api/testimonials/${row.id}/product-images`,
        payload: { imageUrl: '/objects/uploads/x.jpg' },
      },
      {
        method: 'PUT',
        url: `/api/testimonials/${row.id}/before-after-images`,
        payload: { beforeImageURL: null },
      },
    ] as const;
    for (const call of calls) {
      const response = await app.inject({ ...call, ...b.session });
      expect(response.statusCode, call.url).toBe(404);
      expect(response.json().error.message).toBe('Testimonial not found');
    }
    expect(await rowOf(app, row.id)).toEqual(row);
  });
});
