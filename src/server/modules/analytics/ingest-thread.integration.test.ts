// The analytics counting on its own thread (ingest-thread.ts, ingest-worker.ts): what crosses between the app and
// the thread. What is counted is ingest.integration.test.ts's; here, the checks' answers, the folded batch handed
// back, a refused write kept for the next flush, and stop. An integration test: it starts a thread.
import { afterEach, describe, expect, it } from 'vitest';
import { beaconsOf } from './beacon-batches.js';
import type { FoldedBatch } from './ingest-counter.js';
import { ThreadCounting } from './ingest-thread.js';

const BUSINESS = '0b6e2f4c-3d1a-4c55-9a8e-2f1f5d0c9b11';
const CARD = '5f0c1a2b-7e3d-4f6a-8b9c-0d1e2f3a4b5c';
const AT = new Date('2026-03-02T10:00:00Z');
const beaconText = (events: unknown[]) =>
  JSON.stringify({ slug: 'crumb-co', page: 'https://shop.example/menu?x=1', events });

/** The raw beacons of a flush, which crossed from the thread as a gzipped batch per business. */
const rowsOf = (batch: FoldedBatch) =>
  batch.beaconBatches.flatMap((ofBusiness) =>
    beaconsOf(ofBusiness).map((beacon) => ({ businessId: ofBusiness.businessId, ...beacon })),
  );
const started: ThreadCounting[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((counting) => counting.stop()));
});

function startCounting(write: (batch: FoldedBatch) => Promise<void>) {
  const warnings: string[] = [];
  const counting = new ThreadCounting({
    ownOrigin: 'https://vouchly.test',
    write,
    warn: (_details, message) => warnings.push(message),
    error: (_details, message) => warnings.push(message),
  });
  started.push(counting);
  return { counting, warnings };
}

const context = {
  business: { id: BUSINESS, timeZone: 'UTC' },
  shown: [CARD],
  visitor: 'v'.repeat(32),
  now: AT,
};

describe('ThreadCounting', () => {
  it('answers each check from the thread: the slug and site of a good beacon, the 400 of a bad one', async () => {
    const { counting } = startCounting(() => Promise.resolve());
    expect(await counting.check(1, beaconText([{ type: 'impression' }]))).toEqual({
      ok: true,
      slug: 'crumb-co',
      site: 'https://shop.example',
    });
    expect(await counting.check(2, '{"slug": ')).toEqual({
      ok: false,
      refusal: {
        statusCode: 400,
        code: 'BAD_REQUEST',
        message: 'The body must be a JSON object: { slug, page, events }',
      },
    });
    const refused = await counting.check(3, beaconText([{ type: 'hover' }]));
    expect(refused).toMatchObject({ ok: false, refusal: { code: 'VALIDATION_ERROR' } });
    expect(refused.ok || refused.refusal.details).toEqual([
      { path: 'events.0.type', message: expect.any(String) as string },
    ]);
    expect(await counting.check(4, '{"__proto__": {"x": 1}}')).toMatchObject({
      ok: false,
      refusal: { code: 'BAD_REQUEST' },
    });
  });

  it('hands each flush back folded: the raw rows as one JSON text, the visitors, the counters', async () => {
    const batches: FoldedBatch[] = [];
    const { counting } = startCounting((batch) => {
      batches.push(batch);
      return Promise.resolve();
    });
    const id = 1;
    await counting.check(
      id,
      beaconText([
        { type: 'impression' },
        { type: 'card', testimonialId: CARD },
        { type: 'interaction', action: 'next' },
      ]),
    );
    counting.count(id, context);
    await counting.check(2, beaconText([{ type: 'impression' }]));
    counting.forget(2);
    await counting.flush();
    expect(batches).toHaveLength(1);
    const [batch] = batches;
    expect(batch && rowsOf(batch)).toEqual([
      {
        businessId: BUSINESS,
        receivedAt: AT,
        day: '2026-03-02',
        slug: 'crumb-co',
        page: 'https://shop.example/menu',
        visitor: context.visitor,
        events: [
          { type: 'impression' },
          { type: 'card', testimonialId: CARD },
          { type: 'interaction', action: 'next' },
        ],
      },
    ]);
    expect(batch?.visitors).toEqual([
      { businessId: BUSINESS, day: '2026-03-02', visitor: context.visitor },
    ]);
    expect(
      batch?.counters.map((counter) => `${counter.metric} ${counter.dimension} ${counter.count}`),
    ).toEqual([
      'card_impressions 5f0c1a2b-7e3d-4f6a-8b9c-0d1e2f3a4b5c 1',
      'impressions  1',
      'impressions crumb-co 1',
      'interactions  1',
      'interactions next 1',
      'page_impressions https://shop.example/menu 1',
      'widget_interactions crumb-co 1',
    ]);
  });

  it('keeps a batch the database refused for the next flush, with a warning', async () => {
    let refuse = true;
    const written: FoldedBatch[] = [];
    const { counting, warnings } = startCounting((batch) => {
      if (refuse) return Promise.reject(new Error('database away'));
      written.push(batch);
      return Promise.resolve();
    });
    await counting.check(1, beaconText([{ type: 'impression' }]));
    counting.count(1, context);
    await counting.flush();
    expect(written).toEqual([]);
    expect(warnings).toHaveLength(1);
    refuse = false;
    await counting.flush();
    expect(written.map((batch) => rowsOf(batch).length)).toEqual([1]);
  });

  it('writes what is left when stopped, and starts a new thread when used again', async () => {
    const written: FoldedBatch[] = [];
    const { counting } = startCounting((batch) => {
      written.push(batch);
      return Promise.resolve();
    });
    await counting.check(1, beaconText([{ type: 'impression' }]));
    counting.count(1, context);
    await counting.stop();
    expect(written.map((batch) => rowsOf(batch).length)).toEqual([1]);
    expect((await counting.check(1, beaconText([{ type: 'impression' }]))).ok).toBe(true);
  });
});
