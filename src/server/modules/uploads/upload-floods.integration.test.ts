// A flood of a form's uploads from a few addresses never shuts the form
// (docs/decisions/0022 and 0005): each address has its own limits and byte
// budgets; past the form's own numbers the form is under a burst, and a new
// visitor whose browser passes the check still gets an upload URL and a photo
// in. The global budgets still keep the disk: 507 when it is really full,
// whatever check was passed. A proof buys one upload URL, once.
import { statSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testimonials, uploads } from '../../db/schema.js';
import {
  budgetsForFilesOf,
  createSignedInUser,
  createTestimonials,
  forgedProofs,
  freshAddress,
  makeJpeg,
  putUpload,
  requestUploadUrl,
  solveBrowserCheck,
  submitToForm,
  uploadUrlFor,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { BURST_RULES } from '../submissions/bursts.js';
import { uploadRateLimits } from './routes.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Response = LightMyRequestResponse;

const PHOTO = 'product-image';
const checkRefusals = {
  required: {
    code: 'CHALLENGE_REQUIRED',
    message:
      'This form is receiving an unusual number of photos right now. Your browser needs to pass a quick check before it can upload yours.',
  },
  failed: {
    code: 'CHALLENGE_FAILED',
    message: 'The check of your browser did not pass or has expired. Please add the photo again.',
  },
} as const;

/** Ten addresses of a flood: each its own per-address limits. */
const flooders = Array.from({ length: 10 }, (_, index) => `198.51.100.${index + 1}`);

function expectCheck(response: Response, refusal: keyof typeof checkRefusals): void {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toEqual({ error: checkRefusals[refusal] });
}

async function formApp() {
  const app = await createTestApp();
  const owner = await createSignedInUser(app);
  return { app, businessId: owner.business!.id, slug: owner.business!.collectionSlug };
}

const storedSize = (app: App, objectPath: string) =>
  statSync(path.join(app.config.dataDir, objectPath.replace('/objects/', 'objects/'))).size;

/** An upload URL for a visitor at `address`, passing the browser check when the form asks for it. */
async function uploadUrlPassingCheck(app: App, slug: string, address: string): Promise<string> {
  const first = await requestUploadUrl(app, { purpose: PHOTO, slug, remoteAddress: address });
  if (first.statusCode === 200) return first.json<{ uploadURL: string }>().uploadURL;
  expectCheck(first, 'required');
  const proof = await solveBrowserCheck(app, slug, address);
  return uploadUrlFor(app, { purpose: PHOTO, slug, remoteAddress: address, proof });
}

/** Uploads one photo as a visitor at `address`: the refusal at either step, or the stored photo's path. */
async function tryUpload(
  app: App,
  slug: string,
  address: string,
  photo: Buffer,
): Promise<{ refused: Response } | { objectPath: string }> {
  const url = await requestUploadUrl(app, { purpose: PHOTO, slug, remoteAddress: address });
  if (url.statusCode !== 200) return { refused: url };
  const put = await putUpload(
    app,
    url.json<{ uploadURL: string }>().uploadURL,
    photo,
    'image/jpeg',
  );
  if (put.statusCode !== 200) return { refused: put };
  return { objectPath: put.json<{ objectPath: string }>().objectPath };
}

/** Bytes stored for visitors of the business. */
async function visitorBytes(app: App, businessId: string): Promise<number> {
  const rows = await app.database.db
    .select({ size: uploads.size })
    .from(uploads)
    .where(and(eq(uploads.businessId, businessId), isNotNull(uploads.objectPath)));
  return rows.reduce((total, row) => total + (row.size ?? 0), 0);
}

const review = {
  authorName: 'Real Customer',
  content: 'Lovely work on our kitchen, thank you!',
  rating: 5,
};

describe('a flood of upload URLs from ten addresses', () => {
  it(
    'leaves the form open: a new visitor passes the check, gets an upload URL and sends a testimonial with the photo',
    { timeout: 90_000 },
    async () => {
      const { app, businessId, slug } = await formApp();
      const answers: Response[] = [];
      for (const address of flooders) {
        for (let i = 0; i < uploadRateLimits.publicPerIp.max; i++) {
          answers.push(
            await requestUploadUrl(app, { purpose: PHOTO, slug, remoteAddress: address }),
          );
        }
      }

      const visitor = freshAddress();
      const unchecked = await requestUploadUrl(app, {
        purpose: PHOTO,
        slug,
        remoteAddress: visitor,
      });
      expectCheck(unchecked, 'required');
      const proof = await solveBrowserCheck(app, slug, visitor);
      const uploadURL = await uploadUrlFor(app, {
        purpose: PHOTO,
        slug,
        remoteAddress: visitor,
        proof,
      });
      const put = await putUpload(app, uploadURL, await makeJpeg(), 'image/jpeg');
      expect(put.statusCode, put.body).toBe(200);
      const { objectPath } = put.json<{ objectPath: string }>();

      // The form is under a burst for its testimonials too: the visitor's browser does the check once more.
      const sent = await submitToForm(
        app,
        slug,
        {
          ...review,
          productImageUrls: [objectPath],
          proof: await solveBrowserCheck(app, slug, visitor),
        },
        visitor,
      );
      expect(sent.statusCode, sent.body).toBe(201);
      const [stored] = await app.database.db
        .select()
        .from(testimonials)
        .where(eq(testimonials.businessId, businessId));
      expect(stored?.productImageUrls).toEqual([objectPath]);

      // The flood got URLs until the form was under a burst, then was asked for the check: never a 429 for everyone.
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status !== 200 && status !== 403)).toEqual([]);
      for (const refused of answers.filter((answer) => answer.statusCode === 403)) {
        expectCheck(refused, 'required');
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(BURST_RULES.uploadThreshold);
    },
  );
});

describe('a flood of photos from ten addresses at an honest pace', () => {
  it('is stopped without shutting the form: a new visitor’s small photo is still accepted', async () => {
    const { app, businessId, slug } = await formApp();
    const photo = await makeJpeg();
    const first = await tryUpload(app, slug, freshAddress(), photo);
    if (!('objectPath' in first)) throw new Error(first.refused.body);
    // Every budget holds as many of these photos as it holds 5 MB ones in production.
    const budgets = budgetsForFilesOf(storedSize(app, first.objectPath));
    app.uploads.budgets = budgets;

    // Each address sends one photo in turn, as fast as its own limits let it, until it is refused.
    const refusals = new Map<string, Response>();
    const perAddress = new Map<string, number>();
    while (refusals.size < flooders.length) {
      for (const address of flooders.filter((each) => !refusals.has(each))) {
        const result = await tryUpload(app, slug, address, photo);
        if ('refused' in result) refusals.set(address, result.refused);
        else perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      }
    }

    const visitor = freshAddress();
    const uploadURL = await uploadUrlPassingCheck(app, slug, visitor);
    const small = await makeJpeg({ width: 24, height: 24 });
    const put = await putUpload(app, uploadURL, small, 'image/jpeg');
    expect(put.statusCode, put.body).toBe(200);

    // The flood was asked for the check once the form's own budget was spent, and never took more than it.
    for (const refused of refusals.values()) expectCheck(refused, 'required');
    expect(await visitorBytes(app, businessId)).toBeLessThanOrEqual(
      budgets.perForm.perHour + storedSize(app, put.json<{ objectPath: string }>().objectPath),
    );
    expect(perAddress.size).toBe(flooders.length);
  });

  it('stops one address at its own byte budget with 429; other visitors upload without a check', async () => {
    const { app, slug } = await formApp();
    const photo = await makeJpeg();
    const first = await tryUpload(app, slug, freshAddress(), photo);
    if (!('objectPath' in first)) throw new Error(first.refused.body);
    const size = storedSize(app, first.objectPath);
    const budgets = budgetsForFilesOf(size);
    app.uploads.budgets = budgets;

    const address = flooders[0]!;
    let stored = 0;
    let refused: Response | undefined;
    while (!refused) {
      const result = await tryUpload(app, slug, address, photo);
      if ('refused' in result) refused = result.refused;
      else stored += 1;
    }
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'You have uploaded too many photos. Please try again later.',
      },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(stored * size).toBeLessThanOrEqual(budgets.perVisitor.perHour);
    expect(stored * size).toBeGreaterThan(budgets.perVisitor.perHour - 2 * size);

    // Its own budget is its own: another address gets a URL at once and its photo in.
    const other = await requestUploadUrl(app, {
      purpose: PHOTO,
      slug,
      remoteAddress: freshAddress(),
    });
    expect(other.statusCode, other.body).toBe(200);
    const put = await putUpload(
      app,
      other.json<{ uploadURL: string }>().uploadURL,
      photo,
      'image/jpeg',
    );
    expect(put.statusCode, put.body).toBe(200);
  });
});

describe('the global budgets under a burst', () => {
  it('still refuse with 507 when the disk budget is really full, check or no check', async () => {
    const { app, businessId, slug } = await formApp();
    const other = await createSignedInUser(app, { businessName: 'Other Shop' });
    const otherSlug = other.business!.collectionSlug;
    const photo = await makeJpeg();
    const first = await tryUpload(app, otherSlug, freshAddress(), photo);
    if (!('objectPath' in first)) throw new Error(first.refused.body);
    const size = storedSize(app, first.objectPath);
    // Room for a dozen photos in all this hour: many visitors of both forms fill it.
    app.uploads.budgets = {
      ...budgetsForFilesOf(size),
      global: { perHour: 12 * size, perDay: 100 * size, waiting: 100 * size },
    };

    // The form is under a burst; a visitor passes the check and holds an upload URL.
    await createTestimonials(app.database.db, businessId, 30);
    const checked = await uploadUrlPassingCheck(app, slug, freshAddress());

    let full: Response | undefined;
    for (let i = 0; !full && i < 40; i++) {
      const result = await tryUpload(app, otherSlug, freshAddress(), photo);
      if ('refused' in result) full = result.refused;
    }
    expect(full?.statusCode, full?.body).toBe(507);

    const put = await putUpload(app, checked, photo, 'image/jpeg');
    expect(put.statusCode, put.body).toBe(507);
    expect(put.json().error.code).toBe('STORAGE_FULL');
    const visitor = freshAddress();
    const refused = await requestUploadUrl(app, {
      purpose: PHOTO,
      slug,
      remoteAddress: visitor,
      proof: await solveBrowserCheck(app, slug, visitor),
    });
    expect(refused.statusCode, refused.body).toBe(507);
    expect(refused.json().error).toEqual({
      code: 'STORAGE_FULL',
      message: 'Uploads are paused for now. Please try again later.',
    });
    expect(await visitorBytes(app, businessId)).toBe(0);
  });
});

describe('the browser check of uploads', () => {
  async function formUnderBurst() {
    const form = await formApp();
    await createTestimonials(form.app.database.db, form.businessId, 30);
    return form;
  }
  const rowCount = async (app: App) => (await app.database.db.select().from(uploads)).length;

  it(
    'buys one upload URL: a proof used once is refused for another URL and for a testimonial, even at the same moment',
    { timeout: 60_000 },
    async () => {
      const { app, slug } = await formUnderBurst();
      const visitor = freshAddress();
      const ask = (proof?: unknown) =>
        requestUploadUrl(app, { purpose: PHOTO, slug, remoteAddress: visitor, proof });

      expectCheck(await ask(), 'required');
      const proof = await solveBrowserCheck(app, slug, visitor);
      expect((await ask(proof)).statusCode).toBe(200);
      expectCheck(await ask(proof), 'failed');
      const again = await submitToForm(app, slug, { ...review, proof }, visitor);
      expect(again.json().error.code).toBe('CHALLENGE_FAILED');

      const twice = await solveBrowserCheck(app, slug, visitor);
      const both = await Promise.all([ask(twice), ask(twice)]);
      expect(both.map((response) => response.statusCode).sort()).toEqual([200, 403]);

      // One spent on a testimonial buys no upload URL.
      const forTestimonial = await solveBrowserCheck(app, slug, visitor);
      expect(
        (await submitToForm(app, slug, { ...review, proof: forTestimonial }, visitor)).statusCode,
      ).toBe(201);
      expectCheck(await ask(forTestimonial), 'failed');
      expect(await rowCount(app)).toBe(2);
    },
  );

  it(
    'refuses a forged, tampered, expired or unsolved proof, or one for another form, and makes no upload',
    { timeout: 60_000 },
    async () => {
      const { app, slug } = await formUnderBurst();
      const proof = await solveBrowserCheck(app, slug);
      const forged = await forgedProofs(app, slug, proof);
      for (const bad of forged) {
        expectCheck(
          await requestUploadUrl(app, {
            purpose: PHOTO,
            slug,
            remoteAddress: freshAddress(),
            proof: bad,
          }),
          'failed',
        );
      }
      expect(await rowCount(app)).toBe(0);
      // The honest proof, untouched by all that, still works.
      expect(
        (
          await requestUploadUrl(app, {
            purpose: PHOTO,
            slug,
            remoteAddress: freshAddress(),
            proof,
          })
        ).statusCode,
      ).toBe(200);
    },
  );
});
