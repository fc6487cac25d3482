// Makes the one payment provider available as `app.payments` and the time as
// `app.clock()` (decorated on the root, so both scopes of app.ts see them).
// Stripe when STRIPE_* is set, the built-in test checkout otherwise
// (adapters/payments/provider.ts). The clock is what paid access is measured
// against; tests move it past a period end.
import type { FastifyInstance } from 'fastify';
import { createLocalProvider } from '../adapters/payments/local-provider.js';
import type { PaymentProvider } from '../adapters/payments/provider.js';
import { createStripeProvider } from '../adapters/payments/stripe-provider.js';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
    clock: () => Date;
  }
}

export function registerPayments(app: FastifyInstance, config: Config, clock: () => Date): void {
  app.decorate('clock', clock);
  app.decorate(
    'payments',
    config.stripe
      ? createStripeProvider(config.stripe)
      : createLocalProvider({ db: app.database.db, baseUrl: config.baseUrl, now: clock }),
  );
}
