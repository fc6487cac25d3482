// Every request body has a deadline (plugins/body-deadline.ts): a body that
// goes quiet or trickles is cut, answered 408 in the API's error shape, its
// connection closed, and an upload's bytes are given back at once. Over real
// sockets: inject() cannot stall.
import { statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../shared/constants.js';
import { uploads } from '../db/schema.js';
import { uploadIdOf } from '../modules/uploads/service.js';
import {
  budgetsWith,
  createSignedInUser,
  createWidgetBusiness,
  makeJpeg,
  makePng,
  putUpload,
  uploadImage,
  uploadUrlFor,
} from '../testing/factories.js';
import { openExchange, parseAnswer, type RawExchange } from '../testing/raw-http.js';
import { createTestApp } from '../testing/test-app.js';
import { DEFAULT_BODY_DEADLINE, type BodyDeadline } from './body-deadline.js';
import { depsOf } from '../deps.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

const TIMED_OUT = {
  code: 'REQUEST_TIMEOUT',
  message: 'The request took too long to arrive. Please try again.',
};

/**
 * A listening app where the visitor (every request comes from one address) has
 * room for one 5 MB file besides a first photo, and no more.
 */
async function visitorWithRoomForOneFile(bodyDeadline?: BodyDeadline) {
  const app = await createTestApp({}, bodyDeadline ? { bodyDeadline } : {});
  const owner = await createSignedInUser(app);
  const slug = owner.business!.collectionSlug;
  const { objectPath } = await uploadImage(app, { purpose: 'product-image', slug });
  const firstSize = statSync(
    path.join(app.config.dataDir, objectPath.replace('/objects/', 'objects/')),
  ).size;
  app.uploads.budgets = budgetsWith({ perVisitor: { perHour: firstSize + MAX_IMAGE_BYTES } });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    slug,
    origin,
    nextUrl: () => uploadUrlFor(app, { purpose: 'product-image', slug }),
  };
}

/** The origin of a listening app whose bodies have `bodyDeadline`. */
async function listening(bodyDeadline: BodyDeadline): Promise<string> {
  const app = await createTestApp({}, { bodyDeadline });
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function heldBytes(app: App, uploadURL: string): Promise<number | null> {
  const [row] = await app.database.db
    .select({ size: uploads.size })
    .from(uploads)
    .where(eq(uploads.id, uploadIdOf(depsOf(app), uploadURL) ?? ''));
  if (!row) throw new Error(`no upload row for ${uploadURL}`);
  return row.size;
}

const putHead = (uploadURL: string, length: number) =>
  `PUT ${uploadURL} HTTP/1.1\r\nhost: localhost\r\ncontent-type: image/jpeg\r\ncontent-length: ${length}\r\n\r\n`;

function expectTimedOut(exchange: RawExchange): void {
  const answer = parseAnswer(exchange.received());
  expect(answer.status, exchange.received()).toBe(408);
  expect(answer.headers.connection).toBe('close');
  expect(JSON.parse(answer.body)).toEqual({ error: TIMED_OUT });
}

/** Sends `body` in `chunkSize` pieces every `everyMs` until it is all sent or the server closes. */
async function trickle(
  exchange: RawExchange,
  body: Buffer,
  chunkSize: number,
  everyMs: number,
): Promise<void> {
  for (let sent = 0; sent < body.length && !exchange.isClosed(); sent += chunkSize) {
    await exchange.write(body.subarray(sent, sent + chunkSize));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

describe('a stalled upload', () => {
  it('that declares 5 MB and stops after 16 bytes is cut within seconds, and its 5 MB are free again at once', async () => {
    const { app, origin, nextUrl } = await visitorWithRoomForOneFile({
      silenceMs: 1500,
      graceMs: 5000,
      minBytesPerSecond: 1,
    });
    const stalledUrl = await nextUrl();
    const photoUrl = await nextUrl();
    const stalled = await openExchange(
      origin,
      putHead(stalledUrl, MAX_IMAGE_BYTES) + 'x'.repeat(16),
    );
    await vi.waitFor(async () => expect(await heldBytes(app, stalledUrl)).toBe(MAX_IMAGE_BYTES), {
      timeout: 2000,
    });
    // While it holds its 5 MB, the visitor's next photo, a small one, does not fit.
    const photo = await makeJpeg();
    expect((await putUpload(app, photoUrl, photo, 'image/jpeg')).statusCode).toBe(429);

    const closedAfterMs = await stalled.closedWithin(4000);
    expect(closedAfterMs).toBeGreaterThanOrEqual(1500);
    expectTimedOut(stalled);
    expect(await heldBytes(app, stalledUrl)).toBeNull();
    const next = await putUpload(app, await nextUrl(), photo, 'image/jpeg');
    expect(next.statusCode, next.body).toBe(200);
  });

  it(
    'is cut after the documented 10 seconds of silence with the production settings',
    { timeout: 20_000 },
    async () => {
      expect(DEFAULT_BODY_DEADLINE.silenceMs).toBe(10_000);
      const { app, origin, nextUrl } = await visitorWithRoomForOneFile();
      const stalledUrl = await nextUrl();
      const stalled = await openExchange(
        origin,
        putHead(stalledUrl, MAX_IMAGE_BYTES) + 'x'.repeat(16),
      );
      const closedAfterMs = await stalled.closedWithin(13_000);
      expect(closedAfterMs).toBeGreaterThanOrEqual(9_500);
      expectTimedOut(stalled);
      expect(await heldBytes(app, stalledUrl)).toBeNull();
    },
  );

  it('that trickles below the minimum rate is cut once the grace is over, and gives its bytes back', async () => {
    const { app, origin, nextUrl } = await visitorWithRoomForOneFile({
      silenceMs: 1000,
      graceMs: 1500,
      minBytesPerSecond: 4096,
    });
    const tricklingUrl = await nextUrl();
    const trickling = await openExchange(origin, putHead(tricklingUrl, MAX_IMAGE_BYTES));
    // 250 bytes every 250 ms: a quarter of the minimum, and never silent for long.
    void trickle(trickling, Buffer.alloc(MAX_IMAGE_BYTES, 0xff), 250, 250);
    const closedAfterMs = await trickling.closedWithin(4000);
    expect(closedAfterMs).toBeGreaterThanOrEqual(1500);
    expectTimedOut(trickling);
    expect(await heldBytes(app, tricklingUrl)).toBeNull();
    const next = await putUpload(app, await nextUrl(), await makeJpeg(), 'image/jpeg');
    expect(next.statusCode, next.body).toBe(200);
  });

  it('that is slow but keeps the rate, with pauses shorter than the silence, is stored', async () => {
    const { origin, nextUrl } = await visitorWithRoomForOneFile({
      silenceMs: 800,
      graceMs: 500,
      minBytesPerSecond: 64 * 1024,
    });
    // A real PNG padded to 256 KB (its decoder ignores what follows the image).
    const png = await makePng(16, 16);
    const photo = Buffer.concat([png, Buffer.alloc(256 * 1024 - png.length)]);
    const slowUrl = await nextUrl();
    const slow = await openExchange(origin, putHead(slowUrl, photo.length));
    // About 128 KB/s, twice the minimum, with a pause of 600 ms halfway.
    const half = photo.length / 2;
    await trickle(slow, photo.subarray(0, half), 16 * 1024, 125);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await trickle(slow, photo.subarray(half), 16 * 1024, 125);
    await vi.waitFor(() => expect(slow.received()).toContain('\r\n\r\n'), { timeout: 5000 });
    const answer = parseAnswer(slow.received());
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      objectPath: expect.stringMatching(/^\/objects\/uploads\//),
    });
  });
});

describe('every other body', () => {
  it('a JSON body that stops is cut and answered 408 in the error shape', async () => {
    const origin = await listening({ silenceMs: 500, graceMs: 5000, minBytesPerSecond: 1 });
    const login = await openExchange(
      origin,
      'POST /api/login HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 200\r\n\r\n{"email":',
    );
    expect(await login.closedWithin(3000)).toBeGreaterThanOrEqual(500);
    expectTimedOut(login);
  });

  it('a chunked JSON body that trickles below the minimum rate is cut', async () => {
    const origin = await listening({ silenceMs: 1000, graceMs: 1000, minBytesPerSecond: 1024 });
    const submit = await openExchange(
      origin,
      'POST /api/login HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n',
    );
    void (async () => {
      for (let i = 0; i < 40 && !submit.isClosed(); i += 1) {
        await submit.write('a\r\n          \r\n');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    expect(await submit.closedWithin(3000)).toBeGreaterThanOrEqual(1000);
    expectTimedOut(submit);
  });

  it('a body sent with a GET of a cached widget is not answered before Fastify, so it is cut too', async () => {
    const app = await createTestApp(
      {},
      { bodyDeadline: { silenceMs: 500, graceMs: 5000, minBytesPerSecond: 1 } },
    );
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const path = `/api/widget/${await createWidgetBusiness(app, 1)}`;
    // Loaded into the cache: the fast lane (plugins/fast-lane.ts) would answer the next GET.
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const get = await openExchange(
      origin,
      `GET ${path} HTTP/1.1\r\nhost: localhost\r\ncontent-length: 100000\r\n\r\nxx`,
    );
    expect(await get.closedWithin(3000)).toBeGreaterThanOrEqual(400);
    expect(parseAnswer(get.received()).status).toBe(200);
  });

  it('a body sent with a GET, which nothing reads, is cut the same way', async () => {
    const origin = await listening({ silenceMs: 500, graceMs: 5000, minBytesPerSecond: 1 });
    const get = await openExchange(
      origin,
      'GET /api/health HTTP/1.1\r\nhost: localhost\r\ncontent-length: 100000\r\n\r\nxx',
    );
    expect(await get.closedWithin(3000)).toBeGreaterThanOrEqual(400);
  });
});
