// Every call a payment provider makes to its service goes through one circuit
// breaker (adapters/circuit-breaker.ts), shared by all of them: the billing
// routes, the access gate's reads and the webhook's reads pause together.
// parseWebhook only checks a signature and calls nobody.
import type { CircuitBreaker } from '../circuit-breaker.js';
import type { PaymentProvider } from './provider.js';

export function behindCircuitBreaker(
  provider: PaymentProvider,
  breaker: CircuitBreaker,
): PaymentProvider {
  return {
    id: provider.id,
    name: provider.name,
    createCheckout: (request) => breaker.run(() => provider.createCheckout(request)),
    getCheckoutSession: (sessionId) => breaker.run(() => provider.getCheckoutSession(sessionId)),
    getSubscription: (subscriptionId) =>
      breaker.run(() => provider.getSubscription(subscriptionId)),
    latestSubscription: (customerId) => breaker.run(() => provider.latestSubscription(customerId)),
    listInvoices: (customerId) => breaker.run(() => provider.listInvoices(customerId)),
    cancelAtPeriodEnd: (subscriptionId) =>
      breaker.run(() => provider.cancelAtPeriodEnd(subscriptionId)),
    resumeSubscription: (subscriptionId) =>
      breaker.run(() => provider.resumeSubscription(subscriptionId)),
    refundInvoice: (invoiceId) => breaker.run(() => provider.refundInvoice(invoiceId)),
    cancelNow: (subscriptionId) => breaker.run(() => provider.cancelNow(subscriptionId)),
    parseWebhook: (rawBody, signature) => provider.parseWebhook(rawBody, signature),
    getInvoice: (customerId, invoiceId) =>
      breaker.run(() => provider.getInvoice(customerId, invoiceId)),
  };
}
