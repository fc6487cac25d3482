// Billing: the plan, access codes, checkout, the subscription, invoices, the test checkout and the provider's webhook.
export {};
