// buildApp(config, deps): registers plugins and modules and returns the app
// without listening, so tests can drive it with app.inject().
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { authRoutes } from './modules/auth/routes.js';
import { businessRoutes } from './modules/business/routes.js';
import { collectionRoutes } from './modules/collection/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { submissionRoutes } from './modules/submissions/routes.js';
import { testimonialRoutes } from './modules/testimonials/routes.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { publicWidgetRoutes } from './modules/widget/public-routes.js';
import { widgetRoutes } from './modules/widget/routes.js';
import { registerClientApp } from './plugins/client-app.js';
import { registerCsrfProtection } from './plugins/csrf.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerJsonTextGuard } from './plugins/json-text-guard.js';
import { registerMailer } from './plugins/mailer.js';
import { registerRateLimits } from './plugins/rate-limit.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSessions } from './plugins/sessions.js';
import { registerUploads } from './plugins/uploads.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
  }
}

export type AppDeps = {
  database: DatabaseHandle;
  /** Built client and widget; default: dist/ at the repository root. */
  clientDir?: string;
  widgetDir?: string;
  /** A pino logger configuration, or false to stay silent (tests). */
  logger?: boolean | { level: string };
};

const distDir = path.resolve(import.meta.dirname, '../../dist');

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', deps.database);

  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  await registerSessions(app, config);
  registerCsrfProtection(app, config);
  registerJsonTextGuard(app);
  await registerRateLimits(app, config);
  registerMailer(app, config);
  registerUploads(app, config);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(businessRoutes);
  await app.register(uploadRoutes);
  await app.register(collectionRoutes);
  await app.register(submissionRoutes);
  await app.register(testimonialRoutes);
  await app.register(widgetRoutes);
  await app.register(publicWidgetRoutes);

  await registerClientApp(app, {
    clientDir: deps.clientDir ?? path.join(distDir, 'client'),
    widgetDir: deps.widgetDir ?? path.join(distDir, 'widget'),
  });

  return app;
}
