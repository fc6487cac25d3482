// Uploads have byte budgets (docs/decisions/0005): a visitor's (an address's)
// and a form's visitors' per hour, the form's waiting for a claim, an owner's
// waiting, and overall. Past a visitor's own budget: 429; past a form's, the
// form is under a burst and asks for the browser check (403) instead of
// refusing everyone, and a checked upload goes in (docs/decisions/0022); past
// the global one: 507, check or not. Nothing is stored past any of them.
// Budgets here are set to a size measured from a first stored image, so the
// tests do not depend on how sharp encodes it.
import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MAX_IMAGE_BYTES } from '../../../shared/constants.js';
import { submissionCheckCodes } from '../../../shared/schemas/submission.js';
import { uploadCheckMessages } from '../../../shared/schemas/uploads.js';
import { submissionBursts, uploads } from '../../db/schema.js';
import {
  budgetsWith,
  createSignedInUser,
  ELF_BINARY,
  makeJpeg,
  putUpload,
  requestUploadUrl,
  solveBrowserCheck,
  uploadImage,
  uploadUrlFor,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { BURST_RULES } from '../submissions/bursts.js';
import { claimUploads, uploadIdOf } from './service.js';
import { depsOf } from '../../deps.js';

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
  proof?: unknown,
): Promise<{ objectPath: string; size: number }> {
  const { objectPath } = await uploadImage(app, { purpose: 'product-image', slug, proof });
  const size = statSync(
    path.join(app.config.dataDir, objectPath.replace('/objects/', 'objects/')),
  ).size;
  return { objectPath, size };
}

/** The form's burst is over: half an hour on, without a submission or a checked upload. */
const endBursts = (app: App) =>
  app.database.db
    .update(submissionBursts)
    .set({ lastAt: new Date(Date.now() - BURST_RULES.quietMs - 1000) });

function expectRefusal(response: LightMyRequestResponse, status: 403 | 429 | 507) {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = response.json<{ error: { code: string; message: string } }>();
  if (status === 403) {
    expect(error).toEqual({
      code: submissionCheckCodes.required,
      message: uploadCheckMessages.required,
    });
    return;
  }
  if (status === 429) {
    expect(error).toEqual({
      code: 'RATE_LIMITED',
      message: 'You have uploaded too many photos. Please try again later.',
    });
  } else {
    expect(error).toEqual({
      code: 'STORAGE_FULL',
      message: 'Uploads are paused for now. Please try again later.',
    });
  }
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('anonymous upload budgets', () => {
  it('past a form’s hourly budget, asks for the browser check instead of refusing: at the PUT of a URL handed out before, then for a new URL; a checked upload goes in', async () => {
    const { app, business, otherSlug } = await twoFormsApp();
    const slug = business.collectionSlug;
    const first = await visitorUpload(app, slug);
    app.uploads.budgets = budgetsWith({
      perForm: { perHour: Math.floor(first.size * 1.5), waiting: PLENTY.waiting },
    });

    // There is room left, so URLs are handed out without the check; the file itself does not fit.
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', slug });
    const laterURL = await uploadUrlFor(app, { purpose: 'product-image', slug });
    expectRefusal(await putUpload(app, uploadURL, await makeJpeg(), 'image/jpeg'), 403);
    expect(storedFiles(app)).toHaveLength(1);
    expect(
      await app.database.db.select().from(uploads).where(isNull(uploads.objectPath)),
    ).toHaveLength(2);

    app.uploads.budgets = budgetsWith({
      perForm: { perHour: first.size, waiting: PLENTY.waiting },
    });
    expectRefusal(await requestUploadUrl(app, { purpose: 'product-image', slug }), 403);
    // A URL handed out earlier is asked for the check before its body is looked at: not 415 for a non-image.
    expectRefusal(await putUpload(app, laterURL, ELF_BINARY), 403);
    // Passing the check, a visitor's photo goes in past the form's budget.
    await visitorUpload(app, slug, await solveBrowserCheck(app, slug));
    expect(storedFiles(app)).toHaveLength(2);

    // Another form has its own budget.
    await visitorUpload(app, otherSlug);
    // An hour on, the burst over, the uploads no longer count against the hour.
    await app.database.db.update(uploads).set({ createdAt: new Date(Date.now() - HOUR - 1000) });
    await endBursts(app);
    await visitorUpload(app, slug);
  });

  it('asks for the check while a form’s unclaimed uploads fill its waiting budget', async () => {
    const { app, business } = await twoFormsApp();
    const slug = business.collectionSlug;
    const first = await visitorUpload(app, slug);
    app.uploads.budgets = budgetsWith({
      perForm: { perHour: PLENTY.perHour, waiting: first.size },
    });

    expectRefusal(await requestUploadUrl(app, { purpose: 'product-image', slug }), 403);
    await app.database.db.transaction((tx) =>
      claimUploads({ db: tx }, business.id, [first.objectPath], 'product-image'),
    );
    await endBursts(app);
    await visitorUpload(app, slug);
  });

  it('stops a visitor past their own budget with 429, whatever the form, and not another visitor', async () => {
    const { app, business, otherSlug } = await twoFormsApp();
    const first = await visitorUpload(app, business.collectionSlug);
    app.uploads.budgets = budgetsWith({ perVisitor: { perHour: first.size * 2 } });
    await visitorUpload(app, otherSlug);
    for (const slug of [business.collectionSlug, otherSlug]) {
      expectRefusal(await requestUploadUrl(app, { purpose: 'product-image', slug }), 429);
    }
    const other = await requestUploadUrl(app, {
      purpose: 'product-image',
      slug: business.collectionSlug,
      remoteAddress: '192.0.2.7',
    });
    expect(other.statusCode, other.body).toBe(200);

    // Its day counts too: two hours on, the hour is free but not the day.
    app.uploads.budgets = budgetsWith({ perVisitor: { perDay: first.size * 2 } });
    await app.database.db.update(uploads).set({ createdAt: new Date(Date.now() - 2 * HOUR) });
    expectRefusal(await requestUploadUrl(app, { purpose: 'product-image', slug: otherSlug }), 429);
  });

  it('pauses every form with 507 past the global budget, and stores nothing', async () => {
    const { app, business, otherSlug } = await twoFormsApp();
    const first = await visitorUpload(app, business.collectionSlug);
    app.uploads.budgets = budgetsWith({
      perForm: PLENTY,
      global: { perHour: Math.floor(first.size * 1.5), waiting: PLENTY.waiting },
    });

    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', slug: otherSlug });
    expectRefusal(await putUpload(app, uploadURL, await makeJpeg(), 'image/jpeg'), 507);
    expect(storedFiles(app)).toHaveLength(1);

    app.uploads.budgets = budgetsWith({
      perForm: PLENTY,
      global: { perHour: PLENTY.perHour, waiting: first.size },
    });
    expectRefusal(await requestUploadUrl(app, { purpose: 'product-image', slug: otherSlug }), 507);
    expect(await app.database.db.select().from(uploads)).toHaveLength(2);
  });

  it('does not count the owner’s own uploads against a form’s visitors', async () => {
    const { app, owner, business } = await twoFormsApp();
    const first = await visitorUpload(app, business.collectionSlug);
    for (const purpose of ['logo', 'product-image'] as const) {
      await uploadImage(app, { purpose, cookie: owner.cookie });
    }
    expect(storedFiles(app)).toHaveLength(3);

    // Large enough for the visitor's uploads alone: the owner's bytes do not count, so no check is asked for.
    app.uploads.budgets = budgetsWith({
      perForm: { perHour: first.size * 2, waiting: first.size * 2 },
    });
    await visitorUpload(app, business.collectionSlug);
    expectRefusal(
      await requestUploadUrl(app, { purpose: 'product-image', slug: business.collectionSlug }),
      403,
    );
  });
});

describe('owner upload budgets (an owner account costs nothing to make)', () => {
  it('refuses an owner whose unsaved uploads fill their waiting budget with 429, until they are claimed', async () => {
    const { app, owner, business } = await twoFormsApp();
    const first = await uploadImage(app, { purpose: 'product-image', cookie: owner.cookie });
    const size = statSync(
      path.join(app.config.dataDir, first.objectPath.replace('/objects/', 'objects/')),
    ).size;
    app.uploads.budgets = budgetsWith({ perOwner: { waiting: size } });

    const refused = await requestUploadUrl(app, { purpose: 'logo', cookie: owner.cookie });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many of your uploads are waiting to be saved. Please try again later.',
      },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another owner has a budget of their own.
    const other = await createSignedInUser(app, { businessName: 'Third Shop' });
    await uploadImage(app, { purpose: 'logo', cookie: other.cookie });

    await app.database.db.transaction((tx) =>
      claimUploads({ db: tx }, business.id, [first.objectPath], 'product-image'),
    );
    await uploadImage(app, { purpose: 'logo', cookie: owner.cookie });
  });

  it('counts the owner’s waiting uploads in the global waiting budget (507)', async () => {
    const { app, owner, otherSlug } = await twoFormsApp();
    const first = await uploadImage(app, { purpose: 'product-image', cookie: owner.cookie });
    const size = statSync(
      path.join(app.config.dataDir, first.objectPath.replace('/objects/', 'objects/')),
    ).size;
    app.uploads.budgets = budgetsWith({ global: { waiting: size } });
    expectRefusal(await requestUploadUrl(app, { purpose: 'product-image', slug: otherSlug }), 507);
    expect(
      (await requestUploadUrl(app, { purpose: 'logo', cookie: owner.cookie })).statusCode,
    ).toBe(507);
  });
});

describe('visitors’ uploads per day (claimed photos stay)', () => {
  it('pauses every form with 507 once a day’s visitor bytes are spent, claimed or not, and an older day does not count', async () => {
    const { app, business, otherSlug } = await twoFormsApp();
    const first = await visitorUpload(app, business.collectionSlug);
    await app.database.db.transaction((tx) =>
      claimUploads({ db: tx }, business.id, [first.objectPath], 'product-image'),
    );
    // Two hours ago: out of the hour, still in the day.
    await app.database.db.update(uploads).set({ createdAt: new Date(Date.now() - 2 * HOUR) });
    app.uploads.budgets = budgetsWith({ global: { perDay: first.size } });
    expectRefusal(await requestUploadUrl(app, { purpose: 'product-image', slug: otherSlug }), 507);

    await app.database.db.update(uploads).set({ createdAt: new Date(Date.now() - 25 * HOUR) });
    await visitorUpload(app, otherSlug);
  });
});

describe('uploads in flight count against the budgets (no race past a budget)', () => {
  /** The upload row behind an upload URL. */
  async function rowOf(app: App, uploadURL: string) {
    const id = uploadIdOf(depsOf(app), uploadURL);
    const [row] = await app.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, id ?? ''));
    if (!row) throw new Error(`no upload row for ${uploadURL}`);
    return row;
  }

  /** A PUT whose length is not declared (chunked), as a stream of the file. */
  const putUnknownLength = (app: App, uploadURL: string, body: Buffer) =>
    app.inject({
      method: 'PUT',
      url: uploadURL,
      headers: { 'content-type': 'image/jpeg' },
      payload: Readable.from([body]),
    });

  it.each([
    { budget: 'a form’s unchecked uploads’', status: 403 as const },
    { budget: 'a visitor’s', status: 429 as const },
    { budget: 'the global', status: 507 as const },
  ])(
    'stores no more than $budget budget allows when many files arrive at once',
    async ({ status }) => {
      const { app, business, otherSlug } = await twoFormsApp();
      const first = await visitorUpload(app, business.collectionSlug);
      const jpeg = await makeJpeg();
      // Room for two and a half files, whether counted as sent or as stored.
      const budget = first.size + Math.floor(2.5 * Math.max(first.size, jpeg.length));
      app.uploads.budgets =
        status === 403
          ? budgetsWith({ perForm: { waiting: budget } })
          : status === 429
            ? budgetsWith({ perVisitor: { perHour: budget } })
            : budgetsWith({ global: { waiting: budget } });
      const slugs =
        status === 403 ? [business.collectionSlug] : [business.collectionSlug, otherSlug];
      const urls: string[] = [];
      for (let i = 0; i < 10; i++) {
        urls.push(
          await uploadUrlFor(app, { purpose: 'product-image', slug: slugs[i % slugs.length] }),
        );
      }

      const responses = await Promise.all(
        urls.map((url) => putUpload(app, url, jpeg, 'image/jpeg')),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((code) => code !== 200 && code !== status)).toEqual([]);
      expect(statuses.filter((code) => code === 200).length).toBeGreaterThanOrEqual(1);
      for (const refused of responses.filter((response) => response.statusCode === status)) {
        expectRefusal(refused, status);
      }
      const stored = await app.database.db
        .select({ size: uploads.size })
        .from(uploads)
        .where(isNotNull(uploads.objectPath));
      expect(stored.reduce((total, row) => total + (row.size ?? 0), 0)).toBeLessThanOrEqual(budget);
      expect(storedFiles(app)).toHaveLength(stored.length);
      // Refused files gave their reservations back.
      expect(
        await app.database.db
          .select()
          .from(uploads)
          .where(and(isNull(uploads.objectPath), isNotNull(uploads.size))),
      ).toEqual([]);
    },
  );

  it('holds the declared length from the start of a PUT, or 5 MB when the length is not declared', async () => {
    const { app, business } = await twoFormsApp();
    const slug = business.collectionSlug;
    const first = await visitorUpload(app, slug);
    app.uploads.budgets = budgetsWith({
      perVisitor: { perHour: first.size + MAX_IMAGE_BYTES - 1 },
    });
    const jpeg = await makeJpeg();

    const unknownLength = await uploadUrlFor(app, { purpose: 'product-image', slug });
    expectRefusal(await putUnknownLength(app, unknownLength, jpeg), 429);
    expect((await rowOf(app, unknownLength)).size).toBeNull();
    await visitorUpload(app, slug);
  });

  it('gives back what a refused file held: 415, 413, and a client that hangs up mid-file', async () => {
    const { app, business } = await twoFormsApp();
    const slug = business.collectionSlug;
    const first = await visitorUpload(app, slug);
    // Room for exactly one file of unknown length: anything a refused file kept would refuse the next one.
    app.uploads.budgets = budgetsWith({ perVisitor: { perHour: first.size + MAX_IMAGE_BYTES } });
    const nextUrl = () => uploadUrlFor(app, { purpose: 'product-image', slug });

    const notAnImage = await nextUrl();
    expect((await putUnknownLength(app, notAnImage, ELF_BINARY)).statusCode).toBe(415);
    expect((await rowOf(app, notAnImage)).size).toBeNull();

    const tooLarge = await nextUrl();
    const oversized = await putUnknownLength(
      app,
      tooLarge,
      Buffer.alloc(MAX_IMAGE_BYTES + 1, 0xff),
    );
    expect(oversized.statusCode, oversized.body).toBe(413);
    expect((await rowOf(app, tooLarge)).size).toBeNull();

    const declaredTooLarge = await nextUrl();
    expect(
      (await putUpload(app, declaredTooLarge, Buffer.alloc(MAX_IMAGE_BYTES + 1, 0xff))).statusCode,
    ).toBe(413);
    expect((await rowOf(app, declaredTooLarge)).size).toBeNull();

    const hungUp = await nextUrl();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'PUT',
      path: hungUp,
      headers: { 'content-type': 'image/jpeg', 'content-length': 4096 },
    });
    request.on('error', () => {});
    try {
      request.write(Buffer.alloc(1024, 0xff));
      await vi.waitFor(async () => expect((await rowOf(app, hungUp)).size).toBe(4096), {
        timeout: 5000,
      });
    } finally {
      request.destroy();
    }
    await vi.waitFor(async () => expect((await rowOf(app, hungUp)).size).toBeNull(), {
      timeout: 5000,
    });

    const last = await nextUrl();
    const stored = await putUnknownLength(app, last, await makeJpeg());
    expect(stored.statusCode, stored.body).toBe(200);
  });
});

describe('a padded slug is the same form (keys normalised as routes read them)', () => {
  it('finds the form’s burst and takes the check asked for the trimmed slug', async () => {
    const { app, business } = await twoFormsApp();
    const slug = business.collectionSlug;
    const first = await visitorUpload(app, slug);
    app.uploads.budgets = budgetsWith({ perForm: { waiting: first.size } });
    const ask = (payload: Record<string, unknown>, query = '') =>
      app.inject({ method: 'POST', url: `/api/objects/upload/product-image${query}`, payload });

    expectRefusal(await ask({ slug: ` ${slug}\t` }), 403);
    expectRefusal(await ask({}, `?slug=%0A${slug}%20`), 403);
    const proof = await solveBrowserCheck(app, slug);
    const checked = await ask({ slug: `${slug}\n`, proof });
    expect(checked.statusCode, checked.body).toBe(200);
  });
});
