// Test data factories: `createUser(app, overrides)` writes straight to the
// database (fast); `registerUser(app, overrides)` goes through POST /api/register
// like a browser would. Both hand back a session cookie to call the API with.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import sharp from 'sharp';
import { expect } from 'vitest';
import { outboxDir } from '../adapters/email/outbox-mailer.js';
import type { Executor } from '../db/executor.js';
import { testimonials, type BusinessRow, type TestimonialRow, type UserRow } from '../db/schema.js';
import { hashPassword } from '../modules/auth/passwords.js';
import * as userRepository from '../modules/auth/repository.js';
import * as billingRepository from '../modules/billing/repository.js';
import { createBusinessRecords } from '../modules/business/service.js';
import { CHALLENGE_TTL_MS, issueChallenge } from '../modules/submissions/browser-check.js';
import { DEFAULT_UPLOAD_BUDGETS, type UploadBudgets } from '../modules/uploads/budgets.js';
import { SESSION_COOKIE } from '../plugins/sessions.js';
import {
  submissionChallengeResultSchema,
  type SubmissionChallenge,
  type SubmissionProof,
} from '../../shared/schemas/submission.js';
import { MAX_IMAGE_BYTES } from '../../shared/constants.js';
import { decodeQuotedPrintable } from './quoted-printable.js';
import { TEST_BASE_URL } from './test-app.js';
import { uploadEndpoints, type UploadPurpose } from '../../shared/schemas/uploads.js';

export const TEST_PASSWORD = 'correct horse battery staple';

let counter = 0;
export function uniqueEmail(prefix = 'owner'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

/** The value of the session cookie a response sets, or undefined. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
  return cookie && cookie.value !== '' ? cookie.value : undefined;
}

/** What a page of ours sends with every change: our Origin and a JSON body, even an empty one (plugins/csrf.ts). */
export const OWN_PAGE_HEADERS = {
  origin: TEST_BASE_URL,
  'content-type': 'application/json',
} as const;

/**
 * inject() options of the signed-in owner's own page: the session cookie and
 * OWN_PAGE_HEADERS. `headers` add to those or replace them (a test that plays
 * another site, a file's own content type).
 */
export function withSession(
  cookie: string,
  headers: Record<string, string> = {},
): { cookies: Record<string, string>; headers: Record<string, string> } {
  return { cookies: { [SESSION_COOKIE]: cookie }, headers: { ...OWN_PAGE_HEADERS, ...headers } };
}

export type CreatedUser = {
  user: UserRow;
  email: string;
  password: string;
  business: BusinessRow | null;
};

export async function createUser(
  app: FastifyInstance,
  overrides: {
    email?: string;
    password?: string;
    businessName?: string | null;
    website?: string;
    /** Paid access (through isFreeAccount, as an access code gives it); default true: most tests act as a paying owner. */
    access?: boolean;
  } = {},
): Promise<CreatedUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? TEST_PASSWORD;
  const { db } = app.database;
  const created = await userRepository.create(db, {
    email,
    password: await hashPassword(password, { memoryKib: app.config.passwordHashMemoryKib }),
  });
  if (!created) throw new Error(`createUser: ${email} exists already`);
  const user =
    (overrides.access ?? true)
      ? ((await billingRepository.setFreeAccount(db, created.id)) ?? created)
      : created;
  const businessName =
    overrides.businessName === undefined ? 'Acme Bakery' : overrides.businessName;
  const business = businessName
    ? await db.transaction((tx) =>
        createBusinessRecords(
          { db: tx },
          { ownerId: user.id, name: businessName, website: overrides.website ?? 'acme.example' },
        ),
      )
    : null;
  return { user, email, password, business };
}

/** Signs in through POST /api/login and returns the session cookie. */
export async function login(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error('login set no session cookie');
  return cookie;
}

/** A user (with a business unless businessName is null) and a signed-in session. */
export async function createSignedInUser(
  app: FastifyInstance,
  overrides: Parameters<typeof createUser>[1] = {},
): Promise<CreatedUser & { cookie: string }> {
  const created = await createUser(app, overrides);
  return { ...created, cookie: await login(app, created.email, created.password) };
}

/** Starts a checkout of the built-in test provider as the signed-in owner: answers its session id (the last part of the checkout URL). */
export async function startTestCheckout(app: FastifyInstance, cookie: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    ...withSession(cookie),
  });
  expect(response.statusCode, response.body).toBe(200);
  return decodeURIComponent(
    response.json<{ checkoutUrl: string }>().checkoutUrl.split('/').pop() ?? '',
  );
}

/** Pays a test checkout as its owner, as the test checkout page's Pay button does. */
export async function payTestCheckout(
  app: FastifyInstance,
  cookie: string,
  sessionId: string,
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/test-checkout/${sessionId}/pay`,
    ...withSession(cookie),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Two test checkouts of the owner, the first paid (its invoice too), the second left open. */
export async function paidAndOpenTestCheckouts(
  app: FastifyInstance,
  cookie: string,
): Promise<{ paidSessionId: string; openSessionId: string; invoiceId: string }> {
  const paidSessionId = await startTestCheckout(app, cookie);
  const openSessionId = await startTestCheckout(app, cookie);
  await payTestCheckout(app, cookie, paidSessionId);
  const invoices = await app.inject({
    method: 'GET',
    url: '/api/billing/invoices',
    ...withSession(cookie),
  });
  const invoiceId = invoices.json<{ id: string }[]>()[0]?.id;
  if (!invoiceId) throw new Error('the test checkout made no invoice');
  return { paidSessionId, openSessionId, invoiceId };
}

export function registrationInput(
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    businessName: 'Acme Bakery',
    website: 'acme-bakery.example',
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    agreeToTerms: true,
    ...overrides,
  };
}

/** The .eml files the outbox mailer wrote, oldest first. */
export async function readOutbox(app: FastifyInstance): Promise<string[]> {
  const dir = outboxDir(app.config.dataDir);
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(files.map((file) => readFile(path.join(dir, file), 'utf8')));
}

/** The reset link of a raw password-reset message. */
export function resetLinkOf(rawMessage: string): URL {
  const match = /https?:\/\/[^\s"<>]*\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(
    decodeQuotedPrintable(rawMessage),
  );
  if (!match) throw new Error(`no reset link in:\n${rawMessage}`);
  return new URL(match[0]);
}

export type NewTestimonial = Partial<Omit<TestimonialRow, 'businessId'>>;

/** A testimonial written straight to the database: pending, 5 stars, submitted now unless overridden. */
export async function createTestimonial(
  db: Executor,
  businessId: string,
  overrides: NewTestimonial = {},
): Promise<TestimonialRow> {
  counter += 1;
  const [row] = await db
    .insert(testimonials)
    .values({
      authorName: `Customer ${counter}`,
      content: 'Lovely bread and friendly people, would come again.',
      rating: 5,
      ...overrides,
      businessId,
    })
    .returning();
  if (!row) throw new Error('createTestimonial: no row');
  return row;
}

/** Many testimonials in chunked multi-row inserts (a few hundred rows per statement). */
export async function createTestimonials(
  db: Executor,
  businessId: string,
  count: number,
  overridesFor: (index: number) => NewTestimonial = () => ({}),
): Promise<void> {
  const CHUNK = 500;
  for (let start = 0; start < count; start += CHUNK) {
    const values = [];
    for (let index = start; index < Math.min(count, start + CHUNK); index++) {
      values.push({
        authorName: `Customer ${index}`,
        content: `Testimonial number ${index}: lovely bread and friendly people.`,
        rating: (index % 5) + 1,
        ...overridesFor(index),
        businessId,
      });
    }
    await db.insert(testimonials).values(values);
  }
}

/** A signed-up owner whose widget shows `count` approved testimonials; its collection slug. */
export async function createWidgetBusiness(app: FastifyInstance, count: number): Promise<string> {
  const business = (await createSignedInUser(app)).business as BusinessRow;
  await createTestimonials(app.database.db, business.id, count, (i) => ({
    status: 'approved',
    approvedAt: new Date(Date.UTC(2025, 4, i + 1)),
    content: `Lovely bread, kind staff and a very good cake for the party, number ${i}.`,
  }));
  return business.collectionSlug;
}

// ---------------------------------------------------------------------------
// Images and uploads.

/** A small JPEG; with `gps`, it carries EXIF with a camera make and GPS coordinates. */
export async function makeJpeg(
  options: { width?: number; height?: number; gps?: boolean } = {},
): Promise<Buffer> {
  const image = sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 48,
      channels: 3,
      background: '#c0392b',
    },
  }).jpeg();
  if (!options.gps) return image.toBuffer();
  return image
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
      },
    })
    .toBuffer();
}

export function makePng(width = 32, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#2563eb' } })
    .png()
    .toBuffer();
}

export const SVG_LOGO =
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><script>alert(1)</script><rect width="20" height="20" fill="#2563eb"/></svg>\n';

/** The first bytes of a Linux executable, then padding. */
export const ELF_BINARY = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
  Buffer.alloc(256, 1),
]);

export type UploadCaller = {
  purpose: UploadPurpose;
  cookie?: string;
  slug?: string;
  /** The visitor's address; 127.0.0.1 when not given. */
  remoteAddress?: string;
  /** A solved browser check, for a form under a burst. */
  proof?: unknown;
};

/** POST /api/objects/upload... as the owner (cookie) or as a visitor of a collection page (slug). */
export function requestUploadUrl(
  app: FastifyInstance,
  caller: UploadCaller,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: uploadEndpoints[caller.purpose],
    ...(caller.cookie ? withSession(caller.cookie) : {}),
    ...(caller.slug
      ? {
          payload: {
            slug: caller.slug,
            ...(caller.proof === undefined ? {} : { proof: caller.proof }),
          },
        }
      : {}),
    ...(caller.remoteAddress ? { remoteAddress: caller.remoteAddress } : {}),
  });
}

export async function uploadUrlFor(app: FastifyInstance, caller: UploadCaller): Promise<string> {
  const response = await requestUploadUrl(app, caller);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ uploadURL: string }>().uploadURL;
}

/** PUTs a file to a (disk) upload URL. */
export function putUpload(
  app: FastifyInstance,
  uploadURL: string,
  body: Buffer | string,
  contentType = 'application/octet-stream',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { 'content-type': contentType },
    payload: body,
  });
}

/** Asks for an upload URL and PUTs the file (a small JPEG by default); returns the upload URL and object path. */
export async function uploadImage(
  app: FastifyInstance,
  caller: UploadCaller,
  body?: Buffer | string,
): Promise<{ uploadURL: string; objectPath: string }> {
  const uploadURL = await uploadUrlFor(app, caller);
  const response = await putUpload(app, uploadURL, body ?? (await makeJpeg()), 'image/jpeg');
  expect(response.statusCode, response.body).toBe(200);
  return { uploadURL, objectPath: response.json<{ objectPath: string }>().objectPath };
}

const PLENTY_OF_BYTES = 1024 ** 3;

/** Upload budgets for a test: plenty everywhere except the limits given. */
export function budgetsWith(parts: {
  perVisitor?: Partial<UploadBudgets['perVisitor']>;
  perForm?: Partial<UploadBudgets['perForm']>;
  perOwner?: Partial<UploadBudgets['perOwner']>;
  global?: Partial<UploadBudgets['global']>;
}): UploadBudgets {
  return {
    perVisitor: { perHour: PLENTY_OF_BYTES, perDay: PLENTY_OF_BYTES, ...parts.perVisitor },
    perForm: { perHour: PLENTY_OF_BYTES, waiting: PLENTY_OF_BYTES, ...parts.perForm },
    perOwner: { waiting: PLENTY_OF_BYTES, ...parts.perOwner },
    global: {
      perHour: PLENTY_OF_BYTES,
      perDay: PLENTY_OF_BYTES,
      waiting: PLENTY_OF_BYTES,
      ...parts.global,
    },
  };
}

/**
 * The default upload budgets scaled down, so that a test file of `fileBytes`
 * counts as much as a full 5 MB photo does in production: every budget holds
 * as many test files as it holds real photos.
 */
export function budgetsForFilesOf(fileBytes: number): UploadBudgets {
  const scale = (budget: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(budget).map(([name, bytes]) => [
        name,
        Math.floor((bytes * fileBytes) / MAX_IMAGE_BYTES),
      ]),
    );
  return Object.fromEntries(
    Object.entries(DEFAULT_UPLOAD_BUDGETS).map(([part, budget]) => [part, scale(budget)]),
  ) as UploadBudgets;
}

let addresses = 0;
/** A client address no other call of this worker used: each caller its own per-address limits. */
export function freshAddress(): string {
  addresses += 1;
  return `172.16.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

/** POST /api/submit/:slug as a customer's browser sends it, from its own address unless one is given. */
export function submitToForm(
  app: FastifyInstance,
  slug: string,
  payload: Record<string, unknown>,
  remoteAddress = freshAddress(),
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/api/submit/${slug}`, payload, remoteAddress });
}

/** Does a browser check's work, as the form's browser does (with Node's PBKDF2 instead of WebCrypto). */
async function solveChallengeOf(challenge: SubmissionChallenge): Promise<SubmissionProof> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the browser check was not solved in 30 s');
  return { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
}

/** Fetches the form's browser check (GET /api/submit/:slug/challenge) and solves it: the `proof` to send. */
export async function solveBrowserCheck(
  app: FastifyInstance,
  slug: string,
  remoteAddress?: string,
): Promise<SubmissionProof> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/submit/${slug}/challenge`,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return solveChallengeOf(submissionChallengeResultSchema.parse(response.json()).challenge);
}

/**
 * Proofs the browser check of `slug`'s form must refuse, given an honest
 * `proof` for it: signed with another secret, ours for another form or
 * expired (each solved honestly), ours altered after signing, a guessed
 * answer, a broken signature, and things that are not proofs at all.
 */
export async function forgedProofs(
  app: FastifyInstance,
  slug: string,
  proof: SubmissionProof,
): Promise<unknown[]> {
  const ours = { config: app.config, clock: () => new Date() };
  const anotherSecret = {
    ...ours,
    config: { ...app.config, sessionSecret: 'another secret, at least 32 characters' },
  };
  const expired = { ...ours, clock: () => new Date(Date.now() - CHALLENGE_TTL_MS - 1000) };
  const withParameters = (
    changes: Partial<SubmissionProof['challenge']['parameters']>,
  ): SubmissionProof => ({
    ...proof,
    challenge: { ...proof.challenge, parameters: { ...proof.challenge.parameters, ...changes } },
  });
  return [
    await solveChallengeOf(await issueChallenge(anotherSecret, slug)),
    await solveChallengeOf(await issueChallenge(ours, 'another-shop')),
    await solveChallengeOf(await issueChallenge(expired, slug)),
    withParameters({ cost: 1 }),
    withParameters({ expiresAt: proof.challenge.parameters.expiresAt + 3600 }),
    withParameters({ data: { form: 'another-shop' } }),
    { ...proof, solution: { counter: 0, derivedKey: '00'.repeat(32) } },
    { ...proof, challenge: { ...proof.challenge, signature: '0'.repeat(64) } },
    'solved, honestly',
    { challenge: {}, solution: {} },
  ];
}
