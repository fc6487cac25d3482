// buildApp(config, deps): registers plugins and modules and returns the app
// without listening, so tests can drive it with app.inject().
//
// Two sibling scopes (docs/decisions/0010-public-and-session-scopes.md):
// - the public scope: cookie-free answers other sites load (the widget JSON,
//   the embed page, widget.js, the Wix widget, the analytics beacon, uploaded
//   images and the signed upload PUT), the public API v1 (bearer API key), and the client app's
//   files and health. No session plugin is registered there,
//   so none of it reads a session or sends Set-Cookie.
// - the session scope: @fastify/cookie + @fastify/session and every route that
//   signs someone in or acts for the signed-in owner (and the public form
//   endpoints that live in the same modules); no cache keeps its answers
//   (plugins/no-store.ts).
// What both need is on the root, set before either scope is registered:
// decorators, the error handler, the body deadline, security headers, CSRF,
// the text guard, rate limits, mailer, uploads, the jobs and analytics'
// write-behind buffer, and the app shell; and the
// not-found handler. Request logging (plugins/request-log.ts) is Fastify's
// own, moved to debug.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { analyticsApiRoutes, analyticsRoutes } from './modules/analytics/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { billingRoutes } from './modules/billing/routes.js';
import { webhookRoutes } from './modules/billing/webhook-routes.js';
import { businessRoutes } from './modules/business/routes.js';
import { collectionRoutes } from './modules/collection/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { apiV1Routes } from './modules/integrations/api-v1-routes.js';
import { importApiRoutes, importRoutes } from './modules/imports/routes.js';
import { integrationRoutes } from './modules/integrations/routes.js';
import { approvalRoutes } from './modules/notifications/approval-routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { requestApiRoutes } from './modules/requests/api-routes.js';
import { requestLinkRoutes } from './modules/requests/public-routes.js';
import { requestRoutes } from './modules/requests/routes.js';
import { reviewSourceRoutes } from './modules/review-sources/routes.js';
import { submissionRoutes } from './modules/submissions/routes.js';
import { testimonialRoutes } from './modules/testimonials/routes.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { webhookApiRoutes } from './modules/webhooks/api-routes.js';
import { webhookEndpointRoutes } from './modules/webhooks/routes.js';
import { objectRoutes } from './modules/uploads/object-routes.js';
import { publicWidgetRoutes } from './modules/widget/public-routes.js';
import { widgetRoutes } from './modules/widget/routes.js';
import {
  DEFAULT_BODY_DEADLINE,
  registerBodyDeadline,
  SERVER_TIMEOUTS,
  type BodyDeadline,
} from './plugins/body-deadline.js';
import {
  clientAppRoutes,
  loadClientApp,
  registerAppShell,
  registerClientAppFallback,
} from './plugins/client-app.js';
import { registerAnalytics } from './plugins/analytics.js';
import { registerCompression } from './plugins/compression.js';
import { registerCsrfProtection, requireJsonForCookieChanges } from './plugins/csrf.js';
import { answerClientError, registerErrorHandler } from './plugins/error-handler.js';
import { FastLane, serverWithFastLane } from './plugins/fast-lane.js';
import { registerJobs, type JobsOptions } from './plugins/jobs.js';
import { registerJsonTextGuard } from './plugins/json-text-guard.js';
import { registerMailer } from './plugins/mailer.js';
import { keepAnswersOutOfCaches } from './plugins/no-store.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerPayments } from './plugins/payments.js';
import { registerRateLimits } from './plugins/rate-limit.js';
import { DebugRequestLog } from './plugins/request-log.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSessions } from './plugins/sessions.js';
import { registerUploads } from './plugins/uploads.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    /** Routes that answer some requests before Fastify's lifecycle register here (plugins/fast-lane.ts). */
    fastLane: FastLane;
  }
}

export type AppDeps = {
  database: DatabaseHandle;
  /** Built client and widget; default: dist/ at the repository root. */
  clientDir?: string;
  widgetDir?: string;
  /** The built renderer of public pages (server-entry.js); default: dist/render. */
  renderDir?: string;
  /** A pino logger configuration (default: LOG_LEVEL), or false to stay silent (tests). */
  logger?: FastifyServerOptions['logger'];
  /**
   * Runs on the root after the shared plugins and before any route, so what
   * it adds (an onRoute hook collecting the route table, a request hook)
   * reaches both scopes. For tests.
   */
  beforeRoutes?: (app: FastifyInstance) => void;
  /** The time paid access is measured against; default: the system clock. Tests move it. */
  clock?: () => Date;
  /** How long a request body may stall or trickle (plugins/body-deadline.ts); tests make it short. */
  bodyDeadline?: BodyDeadline;
  /** The job queue's worker (plugins/jobs.ts); default: polling. Tests turn polling off and drain by hand. */
  jobs?: JobsOptions;
  /**
   * Counts analytics beacons on a thread of its own (modules/analytics/ingest-thread.ts); default: true. Tests that
   * do not look at the counting count on the app's thread, and spare a thread's start.
   */
  analyticsThread?: boolean;
};

const distDir = path.resolve(import.meta.dirname, '../../dist');

/** Levels at which every request is logged (plugins/request-log.ts): the fast lane stays shut. */
const REQUEST_LOGGING_LEVELS = new Set(['debug', 'trace']);

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const fastLane = new FastLane({ enabled: !REQUEST_LOGGING_LEVELS.has(config.logLevel) });
  const app = Fastify({
    serverFactory: serverWithFastLane(fastLane),
    logger: deps.logger ?? { level: config.logLevel },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...SERVER_TIMEOUTS,
    // What Node's HTTP parser refuses is answered in the one error shape too.
    clientErrorHandler: answerClientError,
    return503OnClosing: true,
    // No info line per request: they are logged at debug (plugins/request-log.ts).
    logController: new DebugRequestLog(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('fastLane', fastLane);
  // Closing: Fastify answers 503 (return503OnClosing), so nothing may pass it.
  app.addHook('preClose', (done) => {
    fastLane.close();
    done();
  });

  registerErrorHandler(app);
  registerBodyDeadline(app, deps.bodyDeadline ?? DEFAULT_BODY_DEADLINE);
  await registerCompression(app);
  // Loaded first: the pages it renders bring the inline script the CSP must allow.
  const client = await loadClientApp({
    clientDir: deps.clientDir ?? path.join(distDir, 'client'),
    widgetDir: deps.widgetDir ?? path.join(distDir, 'widget'),
    renderDir: deps.renderDir ?? path.join(distDir, 'render'),
    productName: config.productName,
    demoWidgetSlug: config.demoWidgetSlug,
  });
  await registerSecurityHeaders(app, config, client.pages?.scriptHashes ?? []);
  registerCsrfProtection(app, config);
  registerJsonTextGuard(app);
  await registerRateLimits(app, config);
  registerMailer(app, config);
  registerUploads(app, config);
  registerPayments(app, config, deps.clock ?? (() => new Date()));
  registerJobs(app, deps.jobs ?? { poll: true });
  registerAnalytics(app, { thread: deps.analyticsThread ?? true });
  await registerOpenApi(app, config);
  registerAppShell(app, client);
  deps.beforeRoutes?.(app);

  await app.register(async function publicScope(scope) {
    await scope.register(healthRoutes);
    await scope.register(publicWidgetRoutes);
    await scope.register(objectRoutes);
    await scope.register(webhookRoutes);
    await scope.register(apiV1Routes);
    await scope.register(importApiRoutes);
    await scope.register(webhookApiRoutes);
    await scope.register(approvalRoutes);
    await scope.register(requestApiRoutes);
    await scope.register(analyticsApiRoutes);
    await scope.register(requestLinkRoutes);
    await scope.register(clientAppRoutes, client);
  });

  await app.register(async function sessionScope(scope) {
    requireJsonForCookieChanges(scope);
    await registerSessions(scope, config);
    keepAnswersOutOfCaches(scope);
    await scope.register(authRoutes);
    await scope.register(businessRoutes);
    await scope.register(uploadRoutes);
    await scope.register(collectionRoutes);
    await scope.register(dashboardRoutes);
    await scope.register(submissionRoutes);
    await scope.register(testimonialRoutes);
    await scope.register(importRoutes);
    await scope.register(widgetRoutes);
    await scope.register(billingRoutes);
    await scope.register(integrationRoutes);
    await scope.register(notificationRoutes);
    await scope.register(webhookEndpointRoutes);
    await scope.register(requestRoutes);
    await scope.register(reviewSourceRoutes);
    await scope.register(analyticsRoutes);
  });

  registerClientAppFallback(app, client);

  return app;
}
