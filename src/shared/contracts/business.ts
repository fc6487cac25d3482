// The owner's business, its logo, and the public business a collection page reads; the health check.
export {};
