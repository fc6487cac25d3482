// What repositories run queries on: the database itself or an open transaction,
// so a service can compose several repository calls into one transaction.
import type { Database } from './client.js';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

/** True for PostgreSQL's unique_violation (23505), however deep the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === '23505') return true;
    current = candidate.cause;
  }
  return false;
}
