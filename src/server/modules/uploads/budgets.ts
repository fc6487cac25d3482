// Byte budgets of visitors' uploads (SECURITY.md §23). Anyone with a
// collection page's slug may upload, so per-IP limits alone let one address
// keep about 21 GB a day on our disk (30 files of 5 MB per 10 minutes, kept
// 24 hours while unclaimed). Budgets cap the bytes instead, per form and
// overall, both per hour and waiting for a claim. They are summed from the
// uploads table, so several servers on one database share them. Checked when
// an upload URL is handed out (refused when nothing is left) and when the
// file arrives (refused when its checked size does not fit). Two files
// arriving at the same moment may both fit a budget only one of them fits:
// the overshoot is at most a few 5 MB files, never a full disk.
// The owner's own uploads are not budgeted: they need a session.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../errors.js';
import * as repository from './repository.js';

export type ByteBudget = {
  /** Bytes of uploads made in the last hour, claimed or not. */
  perHour: number;
  /** Bytes of uploads no testimonial has claimed yet (a form in progress, or abandoned until the sweep). */
  waiting: number;
};
export type AnonymousUploadBudgets = { perForm: ByteBudget; global: ByteBudget };

const MB = 1024 * 1024;

/**
 * A form's visitors send at most 8 photos each, re-encoded to well under 5 MB,
 * and a small business gets a few such submissions a day: 200 MB an hour is
 * 40 full-size photos, room for a busy event, and 500 MB waiting is 100 of
 * them abandoned. Overall, 2 GB an hour and 5 GB waiting bound what visitors
 * of every form together can add, which a small server's disk holds.
 */
export const DEFAULT_ANONYMOUS_UPLOAD_BUDGETS: AnonymousUploadBudgets = {
  perForm: { perHour: 200 * MB, waiting: 500 * MB },
  global: { perHour: 2048 * MB, waiting: 5120 * MB },
};

/** Uploads leave the hour as it slides and waiting ones are claimed within minutes; a quarter hour is a fair wait. */
const RETRY_AFTER_SECONDS = 15 * 60;
const HOUR_MS = 60 * 60 * 1000;

export const budgetMessages = {
  formFull: 'This form has received too many uploads. Please try again later.',
  storageFull: 'Uploads are paused for now. Please try again later.',
} as const;

/** 429 (this form) or 507 (every form): an upload past a budget. Leaves with Retry-After. */
export class UploadBudgetError extends AppError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
}

/** Room left under a budget: what was used is subtracted from each of its limits. */
function room(budget: ByteBudget, used: repository.AnonymousBytes): number {
  return Math.min(budget.perHour - used.lastHour, budget.waiting - used.waiting);
}

/**
 * Refuses a visitor's upload of `incomingBytes` to this business's form when
 * it does not fit the form's budget (429) or the global one (507). With 0 it
 * asks whether anything is left at all (before the size is known).
 */
export async function assertWithinBudget(
  db: Executor,
  budgets: AnonymousUploadBudgets,
  businessId: string,
  incomingBytes: number,
  now = new Date(),
): Promise<void> {
  const used = await repository.anonymousBytes(db, businessId, new Date(now.getTime() - HOUR_MS));
  const fits = (left: number) => left > 0 && incomingBytes <= left;
  if (!fits(room(budgets.perForm, used.form))) {
    throw new UploadBudgetError(429, 'RATE_LIMITED', budgetMessages.formFull);
  }
  if (!fits(room(budgets.global, used.all))) {
    throw new UploadBudgetError(507, 'STORAGE_FULL', budgetMessages.storageFull);
  }
}

/** An onError hook for upload routes: a budget refusal carries Retry-After (the error handler sets no headers). */
export async function addBudgetRetryAfter(
  _request: FastifyRequest,
  reply: FastifyReply,
  error: Error,
): Promise<void> {
  if (error instanceof UploadBudgetError)
    void reply.header('retry-after', String(error.retryAfterSeconds));
}
