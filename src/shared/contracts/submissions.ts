// The public form: a customer's submission and its browser check.
export {};
