// Makes the one payment provider available as `app.payments` and the time as
// `app.clock()` (decorated on the root, so both scopes of app.ts see them).
// Stripe when STRIPE_* is set, the built-in test checkout otherwise
// (adapters/payments/provider.ts). The clock is what paid access is measured
// against; tests move it past a period end, and past the pause below.
// Stripe's calls go through one circuit breaker per app: after a failure that
// says Stripe is away, every call fails at once for 30 seconds, then one tries
// again (adapters/circuit-breaker.ts). The built-in provider keeps its state
// in our own database, whose outages are answered and recovered from as the
// database's own (errors.ts isDatabaseUnavailable).
import type { FastifyInstance } from 'fastify';
import { CircuitBreaker } from '../adapters/circuit-breaker.js';
import { createLocalProvider } from '../adapters/payments/local-provider.js';
import type { PaymentProvider } from '../adapters/payments/provider.js';
import { behindCircuitBreaker } from '../adapters/payments/provider-breaker.js';
import { createStripeProvider, isStripeOutage } from '../adapters/payments/stripe-provider.js';
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
      ? behindCircuitBreaker(
          createStripeProvider(config.stripe),
          new CircuitBreaker({ isOutage: isStripeOutage, now: () => clock().getTime() }),
        )
      : createLocalProvider({ db: app.database.db, baseUrl: config.baseUrl, now: clock }),
  );
}
