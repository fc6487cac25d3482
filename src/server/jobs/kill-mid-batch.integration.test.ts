// A kill -9 in the middle of a batch of emails loses none (docs/decisions/0030-job-queue.md, docs/security.md
// rule 15): 500 owners each await a new-testimonial email; the server's mail server accepts half of them, then
// stalls, holding the next ones unanswered; the server is killed then and started again on the same data. Every email is accepted at least once; a second
// copy comes only of a job that was in flight at the kill (accepted, not yet recorded), and it carries the same
// Message-ID. On PGlite and on PostgreSQL alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from '../db/client.js';
import { businesses, jobs, testimonials, users } from '../db/schema.js';
import { newTestimonialsEmailJob } from '../modules/notifications/service.js';
import { exited, startServerProcess, type ServerProcess } from '../testing/server-process.js';
import { startSmtpServer, type ReceivedMail } from '../testing/smtp-server.js';
import { createPostgresDatabase, usingPostgres } from '../testing/test-database.js';
import { enqueueJob, releaseAllLeases } from './queue.js';
import { DEFAULT_WORKER_OPTIONS } from './worker.js';

const OWNERS = 500;
/** The mail server stalls after this many: the kill finds the batch of the next ones in flight, whatever the load. */
const ACCEPTED_BEFORE_THE_KILL = OWNERS / 2;

const ownerEmail = (index: number) => `owner-${index}@example.com`;

const running: ServerProcess[] = [];
const dataDirs: string[] = [];
afterEach(() => {
  for (const server of running.splice(0)) server.child.kill('SIGKILL');
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A migrated database of its own, open: a PGlite data directory made from the migrated snapshot (global-setup.ts),
 * or a PostgreSQL database named after this worker. Answers how to open it again and the server's environment.
 */
async function ownDatabase(dataDir: string): Promise<{
  handle: DatabaseHandle;
  target: DatabaseTarget;
  env: Record<string, string>;
}> {
  if (usingPostgres()) {
    const url = await createPostgresDatabase('kill');
    const target = { kind: 'postgres', url } as const;
    return {
      handle: await openDatabase(target),
      target,
      env: { DATA_DIR: dataDir, DATABASE_URL: url },
    };
  }
  const dbDir = path.join(dataDir, 'db');
  const snapshot = new Blob([await readFile(inject('pgliteSnapshot'))]);
  const client = await PGlite.create(dbDir, { loadDataDir: snapshot });
  return {
    handle: await openDatabase({ kind: 'pglite-client', client }),
    target: { kind: 'pglite', dataDir: dbDir },
    env: { DATA_DIR: dataDir },
  };
}

/** 500 owners, each with a testimonial that arrived through the form: marked as awaiting, and its email's job queued. */
async function seed(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const owners = await db
    .insert(users)
    .values(
      Array.from({ length: OWNERS }, (_, index) => ({
        email: ownerEmail(index),
        password: 'not-a-hash: nobody signs in',
      })),
    )
    .returning({ id: users.id });
  const shops = await db
    .insert(businesses)
    .values(
      owners.map((owner, index) => ({
        ownerId: owner.id,
        name: `Shop ${index}`,
        collectionSlug: `shop-${index}`,
      })),
    )
    .returning({ id: businesses.id });
  await db.insert(testimonials).values(
    shops.map((shop, index) => ({
      businessId: shop.id,
      authorName: `Customer ${index}`,
      content: 'Lovely bread, friendly people.',
      rating: 5,
      awaitsOwnerEmail: true,
    })),
  );
  // What the form's arrival queues (noteArrival), without its settings read and dedupe key: one query each keeps
  // the seeding short on a busy machine.
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const shop of shops) {
      await enqueueJob(tx, newTestimonialsEmailJob, { businessId: shop.id }, now);
    }
  });
}

async function jobCounts(handle: DatabaseHandle) {
  const [row] = await handle.db
    .select({
      done: sql<number>`count(*) filter (where ${jobs.status} = 'done')::int`,
      inFlight: sql<number>`count(*) filter (where ${and(eq(jobs.status, 'queued'), isNotNull(jobs.lockedUntil))})::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(jobs);
  return row!;
}

async function until(condition: () => boolean, what: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The owners whose email's job is claimed and not finished. */
async function ownersInFlight(handle: DatabaseHandle): Promise<Set<string>> {
  const rows = await handle.db
    .select({ email: users.email })
    .from(jobs)
    .innerJoin(businesses, sql`${businesses.id}::text = ${jobs.payload}->>'businessId'`)
    .innerJoin(users, eq(users.id, businesses.ownerId))
    .where(and(eq(jobs.status, 'queued'), isNotNull(jobs.lockedUntil)));
  return new Set(rows.map((row) => row.email));
}

const messageIdOf = (mail: ReceivedMail) => /^Message-ID:\s*(<[^>]+>)/im.exec(mail.raw)?.[1];

describe('the job queue across a kill -9', () => {
  it('sends each of 500 emails, a second copy only of one in flight at the kill and with the same Message-ID', async () => {
    const smtp = await startSmtpServer({ holdAfter: ACCEPTED_BEFORE_THE_KILL });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vouchly-kill-'));
    dataDirs.push(dataDir);
    const own = await ownDatabase(dataDir);
    const { target, env } = own;
    let handle = own.handle;
    await seed(handle);
    await handle.close();
    const serverEnv = { ...env, SMTP_URL: smtp.url };
    const ours = () => smtp.messages.filter((mail) => mail.to[0]?.startsWith('owner-'));

    const first = await startServerProcess(serverEnv);
    running.push(first);
    await until(
      () => ours().length === ACCEPTED_BEFORE_THE_KILL && smtp.held.length > 0,
      'half the emails are accepted and the next is held',
    );
    first.child.kill('SIGKILL');
    await exited(first.child);
    const acceptedAtKill = ours().length;
    expect(acceptedAtKill).toBe(ACCEPTED_BEFORE_THE_KILL);
    // What the dead server was sending is dropped; the next server's emails are accepted at once.
    smtp.release();

    handle = await openDatabase(target);
    const atKill = await jobCounts(handle);
    // The kill landed mid-batch: jobs were claimed and not finished.
    expect(atKill.total).toBe(OWNERS);
    expect(atKill.done).toBeLessThan(OWNERS);
    expect(atKill.inFlight).toBeGreaterThan(0);
    expect(atKill.inFlight).toBeLessThanOrEqual(DEFAULT_WORKER_OPTIONS.batchSize);
    const inFlight = await ownersInFlight(handle);
    expect(inFlight.size).toBe(atKill.inFlight);
    // On PGlite the restarted server frees the dead run's leases itself. On PostgreSQL another server cannot know
    // the holder is dead and waits out the lease (60 s; queue.integration.test.ts shows it): pass them here.
    if (handle.kind === 'postgres') await releaseAllLeases(handle.db);
    await handle.close();

    const second = await startServerProcess(serverEnv);
    running.push(second);
    await until(
      () => new Set(ours().map((mail) => mail.to[0])).size === OWNERS,
      'every email is accepted',
    );
    // A clean stop lets the jobs in hand record themselves.
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);

    handle = await openDatabase(target);
    const after = await jobCounts(handle);
    const stillAwaiting = await handle.db.$count(
      testimonials,
      eq(testimonials.awaitsOwnerEmail, true),
    );
    await handle.close();
    expect(after).toEqual({ done: OWNERS, inFlight: 0, total: OWNERS });
    expect(stillAwaiting).toBe(0);

    const firstCopy = new Map<string, string | undefined>();
    let duplicates = 0;
    for (const [index, mail] of ours().entries()) {
      const to = mail.to[0]!;
      if (firstCopy.has(to)) {
        duplicates += 1;
        // Sent again by the second server, of a job the first was running when it died, under the same Message-ID.
        expect(index).toBeGreaterThanOrEqual(acceptedAtKill);
        expect(inFlight.has(to)).toBe(true);
        expect(messageIdOf(mail)).toBe(firstCopy.get(to));
      } else {
        firstCopy.set(to, messageIdOf(mail));
      }
    }
    expect([...firstCopy.keys()].sort()).toEqual(
      Array.from({ length: OWNERS }, (_, index) => ownerEmail(index)).sort(),
    );
    expect(new Set(firstCopy.values()).size).toBe(OWNERS);
    expect(duplicates).toBeLessThanOrEqual(atKill.inFlight);
  }, 200_000);
});
