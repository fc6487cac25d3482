// What a service receives: one object, `deps`, always its first parameter,
// each function naming the parts it uses (`Pick<Deps, 'db' | 'clock'>`), so a
// test or a transaction hands it exactly those. A route's handler gets the
// app's `deps` from plugins/contract-route.ts; inside a transaction a service
// passes `{ ...deps, db: tx }` on. Repositories take the `Executor` alone.
// src/server/README.md says the same for a newcomer.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Mailer } from './adapters/email/mailer.js';
import type { PaymentProvider } from './adapters/payments/provider.js';
import type { Config } from './config.js';
import type { Executor } from './db/executor.js';
import type { AnalyticsIngest } from './modules/analytics/ingest.js';
import type { UploadContext } from './modules/uploads/service.js';

export type Deps = {
  /** The database, or the open transaction a caller composes in. */
  db: Executor;
  /** The app's clock: tests move it, nothing reads `new Date()` for a rule. */
  clock: () => Date;
  config: Config;
  log: FastifyBaseLogger;
  mailer: Mailer;
  payments: PaymentProvider;
  /** Object storage, the upload URL key and the byte budgets (plugins/uploads.ts). */
  uploads: UploadContext;
  /** What visitors saw and did, counted behind the answers (modules/analytics/ingest.ts, plugins/analytics.ts). */
  analytics: AnalyticsIngest;
};

/** The app's deps, read from its decorators (the same objects: a test that changes `app.uploads.budgets` is seen). */
export function depsOf(app: FastifyInstance): Deps {
  return {
    db: app.database.db,
    clock: app.clock,
    config: app.config,
    log: app.log,
    mailer: app.mailer,
    payments: app.payments,
    uploads: app.uploads,
    analytics: app.analytics,
  };
}
