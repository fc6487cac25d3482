import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { jobs } from '../db/schema.js';
import { testDatabase } from '../testing/test-database.js';
import { defineJob, PermanentJobError } from './job.js';
import { claimDueJobs, enqueueJob, pruneFinishedJobs, releaseAllLeases } from './queue.js';
import { ForegroundCounter } from './pacing.js';
import { DEFAULT_WORKER_OPTIONS, JobWorker, runnable } from './worker.js';

const SECOND = 1000;

async function setup(run: (payload: { n: number }) => Promise<void>) {
  const { db } = await testDatabase();
  let now = new Date('2026-01-01T00:00:00Z');
  const failures: string[] = [];
  const job = defineJob({
    kind: 'test.count',
    payload: z.object({ n: z.number() }),
    retryDelaysMs: [5 * SECOND, 60 * SECOND],
    run: (_deps, payload) => run(payload),
    onFailed: async (_deps, payload, error) => {
      failures.push(`${payload.n}: ${error}`);
    },
  });
  const silent = { warn() {}, error() {} } as unknown as Deps['log'];
  const deps = () => ({ db, clock: () => now, log: silent }) as Deps;
  const foreground = new ForegroundCounter();
  const worker = new JobWorker(
    deps,
    [runnable(job)],
    {
      ...DEFAULT_WORKER_OPTIONS,
      pollMs: 10,
      leaseMs: 60 * SECOND,
      batchSize: 5,
      pacing: { share: 0.1, busyBatchSize: 2, maxRestMs: SECOND },
    },
    foreground,
  );
  return {
    db,
    job,
    worker,
    foreground,
    failures,
    now: () => now,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    rows: () => db.select().from(jobs).orderBy(jobs.createdAt),
  };
}

describe('the job queue', () => {
  it('runs a due job once and marks it done', async () => {
    const seen: number[] = [];
    const q = await setup(async ({ n }) => {
      seen.push(n);
    });
    await enqueueJob(q.db, q.job, { n: 1 }, q.now());
    expect(await q.worker.drain()).toBe(1);
    expect(await q.worker.drain()).toBe(0);
    expect(seen).toEqual([1]);
    const [row] = await q.rows();
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
  });

  it('waits for a job planned later', async () => {
    const seen: number[] = [];
    const q = await setup(async ({ n }) => {
      seen.push(n);
    });
    await enqueueJob(q.db, q.job, { n: 7 }, q.now(), {
      runAt: new Date(q.now().getTime() + 10 * SECOND),
    });
    expect(await q.worker.drain()).toBe(0);
    q.advance(10 * SECOND);
    expect(await q.worker.drain()).toBe(1);
    expect(seen).toEqual([7]);
  });

  it('retries after each delay, then fails for good and says so once', async () => {
    let calls = 0;
    const q = await setup(async () => {
      calls++;
      throw new Error('mail server away');
    });
    await enqueueJob(q.db, q.job, { n: 2 }, q.now());
    await q.worker.drain();
    expect(calls).toBe(1);
    q.advance(4 * SECOND);
    expect(await q.worker.drain()).toBe(0);
    q.advance(1 * SECOND);
    await q.worker.drain();
    expect(calls).toBe(2);
    q.advance(60 * SECOND);
    await q.worker.drain();
    expect(calls).toBe(3);
    q.advance(3600 * SECOND);
    expect(await q.worker.drain()).toBe(0);
    const [row] = await q.rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'mail server away' });
    expect(q.failures).toEqual(['2: mail server away']);
  });

  it('does not retry a permanent failure', async () => {
    let calls = 0;
    const q = await setup(async () => {
      calls++;
      throw new PermanentJobError('no such mailbox');
    });
    await enqueueJob(q.db, q.job, { n: 3 }, q.now());
    await q.worker.drain();
    q.advance(3600 * SECOND);
    await q.worker.drain();
    expect(calls).toBe(1);
    expect(q.failures).toEqual(['3: no such mailbox']);
  });

  it('refuses a payload of the wrong shape when enqueued', async () => {
    const q = await setup(async () => {});
    await expect(
      enqueueJob(q.db, q.job, { n: 'one' } as unknown as { n: number }, q.now()),
    ).rejects.toThrow();
    expect(await q.rows()).toHaveLength(0);
  });

  it('fails a job whose stored payload it no longer reads, without retrying it', async () => {
    let calls = 0;
    const q = await setup(async () => {
      calls++;
    });
    await q.db
      .insert(jobs)
      .values({ kind: 'test.count', payload: { n: 'old shape' }, runAt: q.now() });
    await q.worker.drain();
    q.advance(3600 * SECOND);
    await q.worker.drain();
    expect(calls).toBe(0);
    const [row] = await q.rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(q.failures).toEqual([]);
  });

  it('makes one job of two enqueued with the same key', async () => {
    const q = await setup(async () => {});
    const first = await enqueueJob(q.db, q.job, { n: 1 }, q.now(), { dedupeKey: 'k' });
    const second = await enqueueJob(q.db, q.job, { n: 1 }, q.now(), { dedupeKey: 'k' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(await q.rows()).toHaveLength(1);
  });

  it('keeps a job enqueued in a transaction that rolls back out of the queue', async () => {
    const q = await setup(async () => {});
    await expect(
      q.db.transaction(async (tx) => {
        await enqueueJob(tx, q.job, { n: 1 }, q.now());
        throw new Error('the surrounding write failed');
      }),
    ).rejects.toThrow('the surrounding write failed');
    expect(await q.rows()).toHaveLength(0);
  });

  it('claims a leased job again only after its lease, as when its server died', async () => {
    const q = await setup(async () => {});
    const id = await enqueueJob(q.db, q.job, { n: 4 }, q.now());
    const claim = () =>
      claimDueJobs(q.db, { kinds: ['test.count'], now: q.now(), leaseMs: 60 * SECOND, limit: 5 });
    expect(await claim()).toHaveLength(1);
    expect(await claim()).toHaveLength(0);
    q.advance(60 * SECOND);
    const [again] = await claim();
    expect(again).toMatchObject({ id, attempts: 2 });
  });

  it('frees every lease on a database held alone, so a restart goes on at once', async () => {
    const q = await setup(async () => {});
    await enqueueJob(q.db, q.job, { n: 5 }, q.now());
    await claimDueJobs(q.db, {
      kinds: ['test.count'],
      now: q.now(),
      leaseMs: 60 * SECOND,
      limit: 5,
    });
    await releaseAllLeases(q.db);
    expect(await q.worker.drain()).toBe(1);
    const [row] = await q.db.select().from(jobs).where(eq(jobs.kind, 'test.count'));
    expect(row?.status).toBe('done');
  });

  it('hands two concurrent claimers different jobs', async () => {
    const q = await setup(async () => {});
    for (let n = 0; n < 10; n++) await enqueueJob(q.db, q.job, { n }, q.now());
    const claim = () =>
      claimDueJobs(q.db, { kinds: ['test.count'], now: q.now(), leaseMs: 60 * SECOND, limit: 6 });
    const [a, b] = await Promise.all([claim(), claim()]);
    const ids = [...(a ?? []), ...(b ?? [])].map((row) => row.id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
  });
});

describe('the polling worker beside the requests the server answers', () => {
  /** Ten jobs that each keep the event loop busy 5 ms, run by the polling worker; answers how many ran at once at each start, and the time. */
  async function runTen(whileRunning: (q: Awaited<ReturnType<typeof setup>>) => void) {
    let running = 0;
    const atOnce: number[] = [];
    const q = await setup(async () => {
      running += 1;
      atOnce.push(running);
      whileRunning(q);
      await Promise.resolve();
      const until = performance.now() + 5;
      while (performance.now() < until);
      running -= 1;
    });
    for (let n = 0; n < 10; n++) await enqueueJob(q.db, q.job, { n }, q.now());
    const started = performance.now();
    q.worker.start();
    await expect
      .poll(async () => (await q.rows()).filter((row) => row.status === 'done').length, {
        timeout: 10 * SECOND,
        interval: 10,
      })
      .toBe(10);
    const elapsedMs = performance.now() - started;
    await q.worker.stop();
    return { atOnce, elapsedMs };
  }

  it('runs whole batches while nothing is served', async () => {
    const { atOnce } = await runTen(() => {});
    expect(Math.max(...atOnce)).toBe(5);
    expect(atOnce).toEqual([1, 2, 3, 4, 5, 1, 2, 3, 4, 5]);
  });

  it('takes two at a time and rests nine times as long as each batch took while requests arrive', async () => {
    const { atOnce, elapsedMs } = await runTen((q) => {
      q.foreground.note();
    });
    // The first batch began before any request was seen; then batches of two.
    expect(atOnce.slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(Math.max(...atOnce.slice(5))).toBe(2);
    // Four batches of at least 5 ms, each followed by a rest of at least 9 × 5 ms (share 0.1).
    expect(elapsedMs).toBeGreaterThanOrEqual(4 * 5 * 10 - 10);
  });
});

describe('pruning finished jobs', () => {
  it('deletes done and failed jobs finished before the cut, and keeps queued ones', async () => {
    const q = await setup(async ({ n }) => {
      if (n === 2) throw new PermanentJobError('no');
    });
    await enqueueJob(q.db, q.job, { n: 1 }, q.now());
    await enqueueJob(q.db, q.job, { n: 2 }, q.now());
    await q.worker.drain();
    await enqueueJob(q.db, q.job, { n: 3 }, q.now(), { runAt: new Date(q.now().getTime() + 1) });
    expect(await pruneFinishedJobs(q.db, new Date(q.now().getTime() - 1))).toBe(0);
    expect(await pruneFinishedJobs(q.db, q.now())).toBe(2);
    expect((await q.rows()).map((row) => row.status)).toEqual(['queued']);
  });
});
