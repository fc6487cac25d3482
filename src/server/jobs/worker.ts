// Runs the queue's due jobs (docs/decisions/0030-job-queue.md). One worker
// per server: it polls every `pollMs`, claims up to `batchSize` due jobs,
// runs them side by side and records each outcome, and goes straight on
// while there is more, unless the server is answering requests meanwhile:
// then it takes smaller batches and rests between them (`pacing.ts`,
// decision 0034). `drain()` runs everything due now, for tests and the
// bench; `stop()` lets the jobs in hand finish.
import type { Deps } from '../deps.js';
import { SECOND_MS } from '../../shared/time.js';
import { PermanentJobError, type JobDefinition } from './job.js';
import {
  DEFAULT_PACING,
  ForegroundCounter,
  restAfter,
  withLoopTime,
  type PacingOptions,
} from './pacing.js';
import { claimDueJobs, completeJob, failJob } from './queue.js';
import type { JobRow } from '../db/schema.js';
import { withDeadline } from '../with-deadline.js';

export type WorkerOptions = {
  pollMs: number;
  /** How long a claimed job is held; a handler is given half of it, so no second claim meets it still running. */
  leaseMs: number;
  batchSize: number;
  pacing: PacingOptions;
};

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  pollMs: SECOND_MS,
  leaseMs: 60 * SECOND_MS,
  batchSize: 20,
  pacing: DEFAULT_PACING,
};

/** A job definition with its payload type erased: what the worker holds a list of. */
type RunnableJob = {
  kind: string;
  retryDelaysMs: readonly number[];
  run: (deps: Deps, payload: unknown, job: { id: string; attempt: number }) => Promise<void>;
  failed: (deps: Deps, payload: unknown, error: string) => Promise<void>;
};

export function runnable<Payload>(definition: JobDefinition<Payload>): RunnableJob {
  return {
    kind: definition.kind,
    retryDelaysMs: definition.retryDelaysMs,
    run: async (deps, payload, job) => {
      const parsed = definition.payload.safeParse(payload);
      // A row written in a shape this version no longer reads: another try cannot mend it.
      if (!parsed.success)
        throw new PermanentJobError(`payload not valid: ${parsed.error.message}`);
      await definition.run(deps, parsed.data, job);
    },
    failed: async (deps, payload, error) => {
      const parsed = definition.payload.safeParse(payload);
      if (parsed.success) await definition.onFailed?.(deps, parsed.data, error);
    },
  };
}

export class JobWorker {
  private readonly byKind: Map<string, RunnableJob>;
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly deps: () => Deps,
    jobs: RunnableJob[],
    private readonly options: WorkerOptions = DEFAULT_WORKER_OPTIONS,
    /** What the server has served; the worker steps aside while it grows. */
    private readonly foreground = new ForegroundCounter(),
  ) {
    this.byKind = new Map(jobs.map((job) => [job.kind, job]));
  }

  /** Claims and runs one batch of up to `limit` due jobs; answers how many it ran. */
  async runDue(limit = this.options.batchSize): Promise<number> {
    const deps = this.deps();
    const claimed = await claimDueJobs(deps.db, {
      kinds: [...this.byKind.keys()],
      now: deps.clock(),
      leaseMs: this.options.leaseMs,
      limit,
    });
    await Promise.all(claimed.map((row) => this.runOne(deps, row)));
    return claimed.length;
  }

  /** Runs batches until nothing is due; answers how many jobs ran. */
  async drain(): Promise<number> {
    let total = 0;
    for (let ran = await this.runDue(); ran > 0; ran = await this.runDue()) total += ran;
    return total;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.poll();
  }

  /** Stops polling and waits for the jobs in hand. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  private async poll(): Promise<void> {
    const { pacing } = this.options;
    let seen = this.foreground.count;
    let busy = false;
    while (this.running) {
      const { result: ran, busyMs } = await withLoopTime(async () => {
        try {
          return await this.runDue(busy ? pacing.busyBatchSize : this.options.batchSize);
        } catch (error) {
          // The database is away: try again at the next poll.
          this.deps().log.warn({ err: error }, 'job queue: could not claim jobs');
          return 0;
        }
      });
      // Requests since the last look (during this batch, or the rest or the wait before it): the server is busy.
      busy = this.foreground.count !== seen;
      seen = this.foreground.count;
      // stop() may have come while that ran.
      if (!this.isRunning()) return;
      if (ran === 0) await this.sleep(this.options.pollMs);
      else if (busy) await this.sleep(restAfter(busyMs, pacing));
    }
  }

  private isRunning(): boolean {
    return this.running;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async runOne(deps: Deps, row: JobRow): Promise<void> {
    const job = this.byKind.get(row.kind);
    if (!job) return; // Claimed only by kind, so not reached.
    try {
      const deadlineMs = this.options.leaseMs / 2;
      await withDeadline(
        job.run(deps, row.payload, { id: row.id, attempt: row.attempts }),
        deadlineMs,
        () => new Error(`gave up after ${deadlineMs} ms`),
      );
      await completeJob(deps.db, row.id, deps.clock());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = job.retryDelaysMs[row.attempts - 1];
      const final = error instanceof PermanentJobError || delay === undefined;
      const now = deps.clock();
      deps.log.warn(
        { err: error, job: row.id, kind: row.kind, attempt: row.attempts, final },
        'job failed',
      );
      try {
        await failJob(deps.db, row.id, {
          error: message,
          now,
          retryAt: final ? null : new Date(now.getTime() + delay),
        });
        if (final) await job.failed(deps, row.payload, message);
      } catch (recordError) {
        // Its lease runs out and it is claimed again.
        deps.log.error({ err: recordError, job: row.id }, 'job queue: could not record a failure');
      }
    }
  }
}
