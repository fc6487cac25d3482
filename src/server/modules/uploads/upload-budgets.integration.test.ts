// SECURITY.md §23: visitors' uploads (a collection page's slug, no session)
// have byte budgets per form and overall, per hour and waiting for a claim.
// Past a form's budget: 429; past the global one: 507; nothing is stored past
// either. The owner's own uploads are not budgeted. Budgets here are set to a
// size measured from a first stored image, so the tests do not depend on how
// sharp encodes it.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { uploads } from '../../db/schema.js';
import {
  createSignedInUser,
  createUser,
  ELF_BINARY,
  makeJpeg,
  putUpload,
  requestUploadUrl,
  uploadImage,
  uploadUrlFor,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { uploadRateLimits } from './routes.js';
import { claimUploads } from './service.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

const HOUR = 60 * 60 * 1000;
const PLENTY = { perHour: 1024 ** 3, waiting: 1024 ** 3 };

async function twoFormsApp() {
  const app = await createTestApp();
  const owner = await createSignedInUser(app);
  const other = await createSignedInUser(app, { businessName: 'Other Shop' });
  return { app, owner, business: owner.business!, otherSlug: other.business!.collectionSlug };
}

const storedFiles = (app: App) => {
  try {
    return readdirSync(path.join(app.config.dataDir, 'objects', 'uploads'));
  } catch {
    return [];
  }
};

/** A visitor's upload on `slug`; answers the size of the stored file. */
async function visitorUpload(
  app: App,
  slug: string,
): Promise<{ objectPath: string; size: number }> {
  const { objectPath } = await uploadImage(app, { purpose: 'product-image', slug });
  const size = statSync(
    path.join(app.config.dataDir, objectPath.replace('/objects/', 'objects/')),
  ).size;
  return { objectPath, size };
}

function expectRefusal(response: LightMyRequestResponse, status: 429 | 507) {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = response.json<{ error: { code: string; message: string } }>();
  if (status === 429) {
    expect(error).toEqual({
      code: 'RATE_LIMITED',
      message: 'This form has received too many uploads. Please try again later.',
    });
  } else {
    expect(error).toEqual({
      code: 'STORAGE_FULL',
      message: 'Uploads are paused for now. Please try again later.',
    });
  }
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('anonymous upload budgets (SECURITY.md §23)', () => {
  it('refuses a form past its hourly budget with 429, when the file arrives and then when a URL is asked for', async () => {
    const { app, business, otherSlug } = await twoFormsApp();
    const slug = business.collectionSlug;
    const first = await visitorUpload(app, slug);
    app.uploads.budgets = {
      perForm: { perHour: Math.floor(first.size * 1.5), waiting: PLENTY.waiting },
      global: PLENTY,
    };

    // There is room left, so URLs are handed out; the file itself does not fit.
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', slug });
    const laterURL = await uploadUrlFor(app, { purpose: 'product-image', slug });
    expectRefusal(await putUpload(app, uploadURL, await makeJpeg(), 'image/jpeg'), 429);
    expect(storedFiles(app)).toHaveLength(1);
    expect(
      await app.database.db.select().from(uploads).where(isNull(uploads.objectPath)),
    ).toHaveLength(2);

    app.uploads.budgets = {
      perForm: { perHour: first.size, waiting: PLENTY.waiting },
      global: PLENTY,
    };
    expectRefusal(await requestUploadUrl(app, { purpose: 'product-image', slug }), 429);
    // A URL handed out earlier is refused before its body is looked at: 429, not 415 for a non-image.
    expectRefusal(await putUpload(app, laterURL, ELF_BINARY), 429);

    // Another form has its own budget.
    await visitorUpload(app, otherSlug);
    // An hour on, the first upload no longer counts against the hour.
    await app.database.db.update(uploads).set({ createdAt: new Date(Date.now() - HOUR - 1000) });
    await visitorUpload(app, slug);
  });

  it('refuses a form whose unclaimed uploads fill its waiting budget, until they are claimed', async () => {
    const { app, business } = await twoFormsApp();
    const slug = business.collectionSlug;
    const first = await visitorUpload(app, slug);
    app.uploads.budgets = {
      perForm: { perHour: PLENTY.perHour, waiting: first.size },
      global: PLENTY,
    };

    expectRefusal(await requestUploadUrl(app, { purpose: 'product-image', slug }), 429);
    await app.database.db.transaction((tx) =>
      claimUploads(tx, business.id, [first.objectPath], 'product-image'),
    );
    await visitorUpload(app, slug);
  });

  it('pauses every form with 507 past the global budget, and stores nothing', async () => {
    const { app, business, otherSlug } = await twoFormsApp();
    const first = await visitorUpload(app, business.collectionSlug);
    app.uploads.budgets = {
      perForm: PLENTY,
      global: { perHour: Math.floor(first.size * 1.5), waiting: PLENTY.waiting },
    };

    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', slug: otherSlug });
    expectRefusal(await putUpload(app, uploadURL, await makeJpeg(), 'image/jpeg'), 507);
    expect(storedFiles(app)).toHaveLength(1);

    app.uploads.budgets = {
      perForm: PLENTY,
      global: { perHour: PLENTY.perHour, waiting: first.size },
    };
    expectRefusal(await requestUploadUrl(app, { purpose: 'product-image', slug: otherSlug }), 507);
    expect(await app.database.db.select().from(uploads)).toHaveLength(2);
  });

  it('never budgets the owner’s own uploads, nor counts them against the visitors’', async () => {
    const { app, owner, business } = await twoFormsApp();
    const first = await visitorUpload(app, business.collectionSlug);
    app.uploads.budgets = {
      perForm: { perHour: first.size, waiting: first.size },
      global: { perHour: first.size, waiting: first.size },
    };
    expectRefusal(
      await requestUploadUrl(app, { purpose: 'product-image', slug: business.collectionSlug }),
      429,
    );

    for (const purpose of ['logo', 'product-image'] as const) {
      await uploadImage(app, { purpose, cookie: owner.cookie });
    }
    expect(storedFiles(app)).toHaveLength(3);
    const ownerRows = await app.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.purpose, 'logo'));
    expect(ownerRows).toHaveLength(1);

    // Budgets large enough for the visitor's uploads alone: the owner's bytes do not count.
    app.uploads.budgets = {
      perForm: { perHour: first.size * 2, waiting: first.size * 2 },
      global: PLENTY,
    };
    await visitorUpload(app, business.collectionSlug);
  });
});

describe('public upload rate limit per slug (SECURITY.md §22)', () => {
  it('counts a slug padded with spaces, tabs or newlines as the same form', async () => {
    const scale = 0.1;
    const app = await createTestApp({ rateLimitScale: scale });
    const { business } = await createUser(app);
    const slug = business!.collectionSlug;
    const perSlugMax = uploadRateLimits.publicPerSlug.max * scale;
    const variants = [`${slug}%20`, `%20${slug}`, `${slug}%09`, `%0A${slug}%20`, slug];
    const statuses: number[] = [];
    for (let i = 0; i < perSlugMax + 5; i++) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/objects/upload/product-image?slug=${variants[i % variants.length]}`,
        // Fresh addresses, so that the per-IP limit never answers first.
        remoteAddress: `10.3.${Math.floor(i / 200)}.${i % 200}`,
      });
      statuses.push(response.statusCode);
    }
    const padded = await app.inject({
      method: 'POST',
      url: '/api/objects/upload/product-image',
      remoteAddress: '10.4.0.1',
      payload: { slug: ` ${slug}\t` },
    });
    expect(statuses.slice(0, perSlugMax)).toEqual(Array<number>(perSlugMax).fill(200));
    expect(statuses.slice(perSlugMax)).toEqual(Array<number>(5).fill(429));
    expect(padded.statusCode).toBe(429);
  });
});
