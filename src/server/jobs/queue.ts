// The durable job queue's storage (docs/decisions/0030-job-queue.md): enqueue,
// claim, finish. Work that must survive a restart (an email, a webhook
// delivery) is a row in `jobs` before anything is sent, and stays there until
// its handler has finished.
//
// Claiming takes due rows with `FOR UPDATE SKIP LOCKED` and leases them until
// `lockedUntil`: two servers never claim the same job, and a job whose server
// died mid-run is claimed again when its lease has passed. So a job runs at
// least once, and twice only when a server dies after its handler's effect
// and before `completeJob`; handlers make that second run recognisable (the
// same Message-ID, the same webhook-id), derived from the job's id.
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.js';
import { jobs, type JobRow } from '../db/schema.js';
import type { JobDefinition } from './job.js';

export type EnqueueOptions = {
  /** When to run it; default: now. */
  runAt?: Date;
  /** Enqueueing again with the same key adds nothing (while the first job's row is kept). */
  dedupeKey?: string;
};

/** Adds a job; answers its id, or null when one with the same dedupe key exists. */
export async function enqueueJob<Payload>(
  db: Executor,
  definition: JobDefinition<Payload>,
  payload: Payload,
  now: Date,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: definition.kind,
      payload: definition.payload.parse(payload),
      runAt: options.runAt ?? now,
      dedupeKey: options.dedupeKey,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/**
 * Lets a new job take this job's dedupe key: for a job that ends without doing the work its key stands for (its
 * setting changed meanwhile), so the next enqueue with that key is not swallowed by a finished row.
 */
export async function releaseDedupeKey(db: Executor, id: string): Promise<void> {
  await db.update(jobs).set({ dedupeKey: null }).where(eq(jobs.id, id));
}

/** Adds many jobs of one kind in one statement (a list of requests); those whose dedupe key exists are left out. */
export async function enqueueJobs<Payload>(
  db: Executor,
  definition: JobDefinition<Payload>,
  items: readonly ({ payload: Payload } & EnqueueOptions)[],
  now: Date,
): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(jobs)
    .values(
      items.map((item) => ({
        kind: definition.kind,
        payload: definition.payload.parse(item.payload),
        runAt: item.runAt ?? now,
        dedupeKey: item.dedupeKey,
      })),
    )
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/** Leases up to `limit` due jobs of the given kinds until `now + leaseMs`, oldest first. */
export async function claimDueJobs(
  db: Executor,
  options: { kinds: string[]; now: Date; leaseMs: number; limit: number },
): Promise<JobRow[]> {
  if (options.kinds.length === 0) return [];
  const { now } = options;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, 'queued'),
        inArray(jobs.kind, options.kinds),
        lte(jobs.runAt, now),
        sql`(${jobs.lockedUntil} is null or ${jobs.lockedUntil} <= ${now})`,
      ),
    )
    .orderBy(jobs.runAt)
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: new Date(now.getTime() + options.leaseMs),
    })
    .where(inArray(jobs.id, due))
    .returning();
}

export async function completeJob(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', finishedAt: now, lockedUntil: null, lastError: null })
    .where(eq(jobs.id, id));
}

/** Records a failed attempt: runs again at `retryAt`, or, without one, fails for good. */
export async function failJob(
  db: Executor,
  id: string,
  outcome: { error: string; now: Date; retryAt: Date | null },
): Promise<void> {
  await db
    .update(jobs)
    .set(
      outcome.retryAt
        ? { runAt: outcome.retryAt, lockedUntil: null, lastError: outcome.error }
        : {
            status: 'failed',
            finishedAt: outcome.now,
            lockedUntil: null,
            lastError: outcome.error,
          },
    )
    .where(eq(jobs.id, id));
}

/**
 * Frees every lease. Only for a database one process holds alone (PGlite's
 * locked data directory): whatever was leased belonged to a run that is gone.
 */
export async function releaseAllLeases(db: Executor): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedUntil: null })
    .where(and(eq(jobs.status, 'queued'), sql`${jobs.lockedUntil} is not null`));
}

/** Deletes finished jobs older than `before`; answers how many. */
export async function pruneFinishedJobs(db: Executor, before: Date): Promise<number> {
  const removed = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, ['done', 'failed']), lte(jobs.finishedAt, before)))
    .returning({ id: jobs.id });
  return removed.length;
}
