// Runs the durable job queue (src/server/jobs, docs/decisions/0030-job-queue.md)
// and makes its worker available as `app.jobs`, so tests and the bench can
// `drain()` it. The worker starts when the app is ready and, on close, stops
// taking jobs and lets those in hand finish. On PGlite the data directory is
// this process's alone, so leases left by a killed run are freed at start.
// Every request is counted, so the worker steps aside while the server answers them (jobs/pacing.ts).
// Finished jobs, and webhook deliveries (modules/webhooks), are kept 30 days, then deleted by an hourly sweep; the
// same sweep deletes analytics' raw events and visitor rows past their retention (modules/analytics/ingest.ts).
import type { FastifyInstance } from 'fastify';
import { depsOf } from '../deps.js';
import { registeredJobs } from '../jobs/registry.js';
import { pruneFinishedJobs, releaseAllLeases } from '../jobs/queue.js';
import { DAY_MS, HOUR_MS } from '../../shared/time.js';
import { ForegroundCounter } from '../jobs/pacing.js';
import { DEFAULT_WORKER_OPTIONS, JobWorker, type WorkerOptions } from '../jobs/worker.js';
import { pruneAnalytics } from '../modules/analytics/ingest.js';
import { pruneDeliveries } from '../modules/webhooks/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobWorker;
  }
}

export type JobsOptions = Partial<WorkerOptions> & {
  /** Poll for due jobs in the background; tests turn it off and drain by hand. */
  poll: boolean;
};

const KEEP_FINISHED_MS = 30 * DAY_MS;

export function registerJobs(app: FastifyInstance, options: JobsOptions): void {
  const foreground = new ForegroundCounter();
  const worker = new JobWorker(
    () => depsOf(app),
    registeredJobs,
    { ...DEFAULT_WORKER_OPTIONS, ...options },
    foreground,
  );
  app.decorate('jobs', worker);
  // What the worker steps aside for (jobs/pacing.ts): every request node:http receives, the fast lane's too.
  app.server.on('request', () => {
    foreground.note();
  });
  const prune = async () => {
    try {
      await pruneFinishedJobs(app.database.db, new Date(app.clock().getTime() - KEEP_FINISHED_MS));
      await pruneDeliveries(depsOf(app), app.clock());
    } catch (error) {
      app.log.warn({ err: error }, 'job queue: could not delete finished jobs');
    }
    try {
      await pruneAnalytics(app.database.db, app.clock());
    } catch (error) {
      app.log.warn({ err: error }, 'analytics: could not delete expired events and visitors');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (app.database.kind === 'pglite') await releaseAllLeases(app.database.db);
    if (options.poll) {
      worker.start();
      timer = setInterval(() => void prune(), HOUR_MS);
      timer.unref();
    }
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await worker.stop();
  });
}
