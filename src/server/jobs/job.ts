// What a kind of job is: its name, the schema of its payload (checked when it
// is enqueued and again when it runs, so a row written by an older version
// cannot reach a handler in a shape it does not expect), how it retries, and
// what it does. Each module declares its own in its `jobs.ts`;
// src/server/jobs/registry.ts lists them for the worker.
import type { z } from 'zod';
import type { Deps } from '../deps.js';

export type JobContext = {
  /** The job's id: stable across retries, so a repeated effect can carry the same identity. */
  id: string;
  /** 1 on the first run. */
  attempt: number;
};

export type JobDefinition<Payload = unknown> = {
  kind: string;
  payload: z.ZodType<Payload>;
  /**
   * Waits before each retry, in ms: `retryDelaysMs[0]` after the first failure, and so on.
   * A job runs at most `retryDelaysMs.length + 1` times.
   */
  retryDelaysMs: readonly number[];
  run: (deps: Deps, payload: Payload, job: JobContext) => Promise<void>;
  /** Called once when the job has failed for good (retries spent, or a `PermanentJobError`). */
  onFailed?: (deps: Deps, payload: Payload, error: string) => Promise<void>;
};

/** Declares a kind of job; the identity function that gives its definition a checked type. */
export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

/** A failure that another try cannot mend (a mailbox that does not exist, a payload no longer valid). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}
