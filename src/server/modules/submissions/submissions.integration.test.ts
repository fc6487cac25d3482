// POST /api/submit/:slug: every rule and message of docs/product/collection.md#what-the-form-accepts,
// docs/product/collection.md#photo-rules, driven by the collection settings;
// photos claimed in the same transaction; honeypot; the per-address limit
// (bursts of submissions: bursts.integration.test.ts).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { submissionMessages as M } from '../../../shared/schemas/submission.js';
import {
  collectionPageSettings,
  testimonials,
  uploads,
  type CollectionPageSettingsRow,
} from '../../db/schema.js';
import { createUser, submitToForm, uploadImage } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { submissionRateLimits } from './routes.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Flags = Partial<Omit<CollectionPageSettingsRow, 'id' | 'businessId' | 'updatedAt'>>;

async function setup(flags: Flags = {}) {
  const app = await createTestApp();
  const { business } = await createUser(app);
  if (Object.keys(flags).length > 0) {
    await app.database.db
      .update(collectionPageSettings)
      .set(flags)
      .where(eq(collectionPageSettings.businessId, business!.id));
  }
  return { app, business: business!, slug: business!.collectionSlug };
}

const valid = { authorName: 'Ann Baker', content: 'The sourdough is the best in town.', rating: 5 };

// Each call from its own address unless a test says otherwise, so the per-IP limit stays out of the way.
const submit = submitToForm;

async function expectRefused(
  app: App,
  slug: string,
  payload: Record<string, unknown>,
  message: string,
) {
  const response = await submit(app, slug, payload);
  expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
  const body = response.json();
  expect(body.error.code).toBe('VALIDATION_ERROR');
  expect(body.error.details.map((detail: { message: string }) => detail.message)).toContain(
    message,
  );
  return body;
}

const stored = (app: App) => app.database.db.select().from(testimonials);

describe('POST /api/submit/:slug', () => {
  it('stores a pending testimonial and answers 201 with its id', async () => {
    const { app, slug, business } = await setup();
    const response = await submit(app, slug, {
      ...valid,
      authorEmail: 'ann@example.com',
      authorLocation: '  Leeds ',
      unknownField: 'dropped',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { testimonial } = response.json();
    expect(Object.keys(response.json())).toEqual(['testimonial']);
    const [row] = await stored(app);
    expect(row).toMatchObject({
      id: testimonial.id,
      businessId: business.id,
      status: 'pending',
      authorName: 'Ann Baker',
      authorEmail: 'ann@example.com',
      authorLocation: 'Leeds',
      authorBusinessName: null,
      content: valid.content,
      rating: 5,
      approvedAt: null,
      productImageUrls: [],
    });
  });

  it('answers 404 Business not found for an unknown slug', async () => {
    const app = await createTestApp();
    const response = await submit(app, 'no-such-business', valid);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Business not found');
  });

  it('applies the default settings: name and rating required, email optional but valid', async () => {
    const { app, slug } = await setup();
    await expectRefused(app, slug, { ...valid, authorName: undefined }, M.nameRequired);
    await expectRefused(app, slug, { ...valid, authorName: '   ' }, M.nameRequired);
    await expectRefused(app, slug, { ...valid, authorEmail: 'not-an-email' }, M.invalidEmail);
    await expectRefused(app, slug, { ...valid, content: 'Too short' }, M.contentTooShort);
    await expectRefused(app, slug, { ...valid, content: '   nine 9 9   ' }, M.contentTooShort);
    await expectRefused(app, slug, { ...valid, content: undefined }, M.contentTooShort);
    await expectRefused(app, slug, { ...valid, rating: undefined }, M.ratingRequired);
    await expectRefused(app, slug, { ...valid, rating: 0 }, M.ratingRequired);
    await expectRefused(app, slug, { ...valid, rating: 6 }, M.ratingTooHigh);
    await expectRefused(app, slug, { ...valid, rating: 2.5 }, M.ratingRequired);
    expect(await stored(app)).toHaveLength(0);
    expect((await submit(app, slug, { ...valid, authorEmail: '' })).statusCode).toBe(201);
    expect((await stored(app))[0]!.authorEmail).toBeNull();
  });

  it('gives the first problem as the message and every problem in the details', async () => {
    const { app, slug } = await setup();
    const body = await expectRefused(app, slug, {}, M.nameRequired);
    expect(body.error.message).toBe(M.nameRequired);
    expect(body.error.details).toEqual([
      { path: 'authorName', message: M.nameRequired },
      { path: 'content', message: M.contentTooShort },
      { path: 'rating', message: M.ratingRequired },
    ]);
  });

  it('asks for the email, business name and location when they are required', async () => {
    const { app, slug } = await setup({
      emailRequired: true,
      collectBusinessName: true,
      businessNameRequired: true,
      locationRequired: true,
    });
    await expectRefused(app, slug, valid, M.emailRequired);
    await expectRefused(app, slug, valid, M.businessNameRequired);
    await expectRefused(app, slug, valid, M.locationRequired);
    await expectRefused(app, slug, { ...valid, authorEmail: 'nope@' }, M.invalidEmail);
    const response = await submit(app, slug, {
      ...valid,
      authorEmail: 'ann@example.com',
      authorBusinessName: 'Ann’s Café',
      authorLocation: 'York',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await stored(app))[0]).toMatchObject({
      authorBusinessName: 'Ann’s Café',
      authorLocation: 'York',
    });
  });

  it('makes the rating optional (0 to 5, default 0) when it is not required', async () => {
    const { app, slug } = await setup({ starRatingsRequired: false });
    expect((await submit(app, slug, { ...valid, rating: undefined })).statusCode).toBe(201);
    expect((await submit(app, slug, { ...valid, rating: 0 })).statusCode).toBe(201);
    expect((await submit(app, slug, { ...valid, rating: 3 })).statusCode).toBe(201);
    await expectRefused(app, slug, { ...valid, rating: 6 }, M.ratingTooHigh);
    await expectRefused(app, slug, { ...valid, rating: -1 }, M.ratingTooLow);
    expect((await stored(app)).map((row) => row.rating).sort()).toEqual([0, 0, 3]);
  });

  it('drops the fields the business does not collect', async () => {
    const { app, slug } = await setup({
      collectName: false,
      nameRequired: false,
      collectEmail: false,
      collectLocation: false,
      collectStarRatings: false,
      starRatingsRequired: false,
      collectSelfie: false,
      collectProductPhotos: false,
      collectBeforeAfterPhotos: false,
    });
    const response = await submit(app, slug, {
      authorName: 'Ignored Name',
      authorEmail: 'not even an email',
      authorBusinessName: 'Ignored Ltd',
      authorLocation: 'Ignored',
      content: 'Only the text is collected here.',
      rating: 9,
      authorImageUrl: 'https://evil.example/a.png',
      productImageUrls: ['https://evil.example/b.png'],
      beforeImageUrl: 'https://evil.example/c.png',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await stored(app))[0]).toMatchObject({
      authorName: 'Anonymous',
      authorEmail: null,
      authorBusinessName: null,
      authorLocation: null,
      rating: 0,
      authorImageUrl: null,
      productImageUrls: [],
      beforeImageUrl: null,
      afterImageUrl: null,
    });
  });

  it('stores "Anonymous" when a collected, optional name is left empty', async () => {
    const { app, slug } = await setup({ nameRequired: false });
    expect((await submit(app, slug, { ...valid, authorName: '' })).statusCode).toBe(201);
    expect((await stored(app))[0]!.authorName).toBe('Anonymous');
  });

  it('caps the length of every text field', async () => {
    const { app, slug } = await setup({ collectBusinessName: true });
    for (const [field, length] of [
      ['authorName', 121],
      ['authorEmail', 255],
      ['authorBusinessName', 121],
      ['authorLocation', 121],
      ['content', 5001],
      ['authorImageUrl', 2049],
    ] as const) {
      const value =
        field === 'authorEmail' ? `${'a'.repeat(length - 12)}@example.com` : 'x'.repeat(length);
      const response = await submit(app, slug, { ...valid, [field]: value });
      expect(response.statusCode, field).toBe(400);
    }
    expect((await submit(app, slug, { ...valid, content: 'x'.repeat(5000) })).statusCode).toBe(201);
  });

  it('refuses a filled honeypot with a generic 400 and stores nothing', async () => {
    const { app, slug } = await setup();
    const response = await submit(app, slug, { ...valid, website: 'https://spam.example' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'BAD_REQUEST', message: M.rejected });
    expect(await stored(app)).toHaveLength(0);
    expect((await submit(app, slug, { ...valid, website: '' })).statusCode).toBe(201);
  });
});

describe('photos on submit', () => {
  it('stores the public uploads as object paths and claims them, whether sent as upload URL or object path', async () => {
    const { app, slug } = await setup();
    const caller = { slug };
    const selfie = await uploadImage(app, { purpose: 'author-image', ...caller });
    const productA = await uploadImage(app, { purpose: 'product-image', ...caller });
    const productB = await uploadImage(app, { purpose: 'product-image', ...caller });
    const before = await uploadImage(app, { purpose: 'before-after-image', ...caller });
    const after = await uploadImage(app, { purpose: 'before-after-image', ...caller });
    const response = await submit(app, slug, {
      ...valid,
      authorImageUrl: selfie.uploadURL,
      productImageUrls: [productA.objectPath, `http://localhost:3000${productB.objectPath}`],
      beforeImageUrl: before.uploadURL,
      afterImageUrl: after.objectPath,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await stored(app))[0]).toMatchObject({
      authorImageUrl: selfie.objectPath,
      productImageUrls: [productA.objectPath, productB.objectPath],
      beforeImageUrl: before.objectPath,
      afterImageUrl: after.objectPath,
    });
    const rows = await app.database.db.select().from(uploads);
    expect(rows.every((row) => row.claimedAt !== null)).toBe(true);
  });

  it('asks for a selfie when it is required', async () => {
    const { app, slug } = await setup({ selfieRequired: true });
    await expectRefused(app, slug, valid, M.selfieRequired);
    await expectRefused(app, slug, { ...valid, authorImageUrl: '' }, M.selfieRequired);
    const selfie = await uploadImage(app, { purpose: 'author-image', slug });
    expect(
      (await submit(app, slug, { ...valid, authorImageUrl: selfie.objectPath })).statusCode,
    ).toBe(201);
  });

  it('asks for product photos when they are required, and takes at most 5', async () => {
    const { app, slug } = await setup({ productPhotosRequired: true });
    await expectRefused(app, slug, valid, M.productPhotosRequired);
    await expectRefused(app, slug, { ...valid, productImageUrls: [] }, M.productPhotosRequired);
    const photos = [];
    for (let i = 0; i < 6; i++)
      photos.push((await uploadImage(app, { purpose: 'product-image', slug })).objectPath);
    await expectRefused(app, slug, { ...valid, productImageUrls: photos }, M.tooManyProductPhotos);
    expect(
      (await submit(app, slug, { ...valid, productImageUrls: photos.slice(0, 5) })).statusCode,
    ).toBe(201);
  });

  it('asks for the missing half of a before/after pair', async () => {
    const { app, slug } = await setup();
    const before = await uploadImage(app, { purpose: 'before-after-image', slug });
    await expectRefused(
      app,
      slug,
      { ...valid, beforeImageUrl: before.objectPath },
      M.afterPhotoMissing,
    );
    await expectRefused(
      app,
      slug,
      { ...valid, afterImageUrl: before.objectPath },
      M.beforePhotoMissing,
    );
    expect(await stored(app)).toHaveLength(0);
  });

  it('asks for both before and after photos when they are required', async () => {
    const { app, slug } = await setup({ beforeAfterPhotosRequired: true });
    const before = await uploadImage(app, { purpose: 'before-after-image', slug });
    const after = await uploadImage(app, { purpose: 'before-after-image', slug });
    await expectRefused(app, slug, valid, M.beforeAfterRequired);
    const onlyBefore = await expectRefused(
      app,
      slug,
      { ...valid, beforeImageUrl: before.objectPath },
      M.beforeAfterRequired,
    );
    expect(onlyBefore.error.details).toEqual([
      { path: 'afterImageUrl', message: M.beforeAfterRequired },
    ]);
    await expectRefused(
      app,
      slug,
      { ...valid, afterImageUrl: after.objectPath },
      M.beforeAfterRequired,
    );
    const response = await submit(app, slug, {
      ...valid,
      beforeImageUrl: before.objectPath,
      afterImageUrl: after.objectPath,
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('shows every photo rule at once with the other problems', async () => {
    const { app, slug } = await setup({
      selfieRequired: true,
      productPhotosRequired: true,
      beforeAfterPhotosRequired: true,
    });
    const body = await expectRefused(app, slug, { content: 'short' }, M.selfieRequired);
    const messages = body.error.details.map((detail: { message: string }) => detail.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        M.nameRequired,
        M.contentTooShort,
        M.ratingRequired,
        M.productPhotosRequired,
        M.beforeAfterRequired,
      ]),
    );
  });

  it('refuses another business’s upload, an upload of another purpose, a used one or a foreign URL, and stores nothing', async () => {
    const { app, slug } = await setup();
    const other = await createUser(app, { businessName: 'Other Shop' });
    const theirs = await uploadImage(app, {
      purpose: 'author-image',
      slug: other.business!.collectionSlug,
    });
    const product = await uploadImage(app, { purpose: 'product-image', slug });
    const selfie = await uploadImage(app, { purpose: 'author-image', slug });
    const cases: Record<string, unknown>[] = [
      { authorImageUrl: theirs.objectPath },
      { authorImageUrl: theirs.uploadURL },
      { authorImageUrl: product.objectPath },
      { authorImageUrl: 'https://evil.example/me.jpg' },
      { authorImageUrl: '/objects/uploads/00000000-0000-4000-8000-000000000000.jpg' },
      { productImageUrls: [product.objectPath, product.uploadURL] },
    ];
    for (const extra of cases) {
      const response = await submit(app, slug, {
        ...valid,
        authorImageUrl: selfie.objectPath,
        ...extra,
      });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect(await stored(app)).toHaveLength(0);
    expect(
      (await app.database.db.select().from(uploads)).every((row) => row.claimedAt === null),
    ).toBe(true);

    expect(
      (await submit(app, slug, { ...valid, authorImageUrl: selfie.objectPath })).statusCode,
    ).toBe(201);
    const reused = await submit(app, slug, { ...valid, authorImageUrl: selfie.objectPath });
    expect(reused.statusCode).toBe(400);
    expect(await stored(app)).toHaveLength(1);
  });
});

describe('submission rate limits', () => {
  it('allows 10 submissions per IP in 10 minutes, then 429 with Retry-After', async () => {
    const { app, slug } = await setup();
    for (let i = 0; i < submissionRateLimits.perIp.max; i++) {
      expect((await submit(app, slug, valid, '203.0.113.7')).statusCode).toBe(201);
    }
    const limited = await submit(app, slug, valid, '203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored(app)).toHaveLength(submissionRateLimits.perIp.max);
    expect((await submit(app, slug, valid, '198.51.100.1')).statusCode).toBe(201);
  });

  // No limit per form: a burst asks for a browser check instead (bursts.integration.test.ts, docs/security.md rule 26).
});
