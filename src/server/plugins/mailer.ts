// Makes the one mailer available as `app.mailer` (decorated on the root, so both scopes of app.ts see it).
import type { FastifyInstance } from 'fastify';
import { createMailer, type Mailer } from '../adapters/email/mailer.js';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export function registerMailer(app: FastifyInstance, config: Config): void {
  const mailer = createMailer(config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    await mailer.close();
  });
}
