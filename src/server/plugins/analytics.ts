// Makes the analytics ingest available as `app.analytics` (decorated on the root, so both scopes of app.ts and
// every service's deps see it): modules/analytics/ingest.ts, counting on a thread of its own unless told not to
// (modules/analytics/ingest-thread.ts). It flushes every second once the app is ready, and
// writes what is left when the app closes, after the last request has been answered and before the database
// is closed.
import type { FastifyInstance } from 'fastify';
import { AnalyticsIngest } from '../modules/analytics/ingest.js';

declare module 'fastify' {
  interface FastifyInstance {
    analytics: AnalyticsIngest;
  }
}

export function registerAnalytics(app: FastifyInstance, options: { thread: boolean }): void {
  const ingest = new AnalyticsIngest({
    db: app.database.db,
    clock: () => app.clock(),
    log: app.log,
    baseUrl: app.config.baseUrl,
    thread: options.thread,
  });
  app.decorate('analytics', ingest);
  app.addHook('onReady', async () => {
    ingest.start();
  });
  app.addHook('onClose', async () => {
    await ingest.stop();
  });
}
