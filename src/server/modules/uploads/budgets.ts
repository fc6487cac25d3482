// Byte budgets of uploads (SECURITY.md §23). Anyone with a collection page's
// slug may upload, and anyone may make an owner account (the logo needs no
// paid access), so per-IP and per-account limits alone let one address keep
// about 21 GB a day on our disk (30 files of 5 MB per 10 minutes, kept 24
// hours while unclaimed). Budgets cap the bytes instead: a form's visitors per
// hour and waiting for a claim, an owner's uploads waiting for a claim, and
// overall visitors per hour and per day and everything waiting. They are
// summed from the uploads table, so several servers on one database share
// them. Checked when an upload URL is handed out and when the file arrives,
// before anything is stored. Files arriving at the same moment may each fit a
// budget that only one of them fits: the overshoot is bounded by the files in
// flight (5 MB each, limited per address and per form by the upload rate
// limits), not by the disk.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../errors.js';
import * as repository from './repository.js';

export type UploadBudgets = {
  /** One form's visitors: bytes made in the last hour, and bytes waiting for a claim. */
  perForm: { perHour: number; waiting: number };
  /** One owner's own uploads waiting for a claim (an edit dialog left open, a logo not saved). */
  perOwner: { waiting: number };
  /** Every form's visitors per hour and per day (claimed or not), and every upload waiting for a claim. */
  global: { perHour: number; perDay: number; waiting: number };
};

const MB = 1024 * 1024;

/**
 * A form's visitors send at most 8 photos each, re-encoded to well under 5 MB,
 * and a small business gets a few such submissions a day: 200 MB an hour is
 * 40 full-size photos, room for a busy event, and 500 MB waiting is 100 of
 * them abandoned. An owner claims each upload when saving it: 100 MB waiting
 * is 20 unsaved photos. Overall, 2 GB an hour, 10 GB a day and 5 GB waiting
 * bound what every form and owner together can add to a server's disk.
 */
export const DEFAULT_UPLOAD_BUDGETS: UploadBudgets = {
  perForm: { perHour: 200 * MB, waiting: 500 * MB },
  perOwner: { waiting: 100 * MB },
  global: { perHour: 2048 * MB, perDay: 10_240 * MB, waiting: 5120 * MB },
};

/** Uploads leave the hour as it slides and waiting ones are claimed within minutes; a quarter hour is a fair wait. */
const RETRY_AFTER_SECONDS = 15 * 60;

export const budgetMessages = {
  formFull: 'This form has received too many uploads. Please try again later.',
  ownerFull: 'Too many of your uploads are waiting to be saved. Please try again later.',
  storageFull: 'Uploads are paused for now. Please try again later.',
} as const;

/** 429 (this form or owner) or 507 (everyone): an upload past a budget. Leaves with Retry-After. */
export class UploadBudgetError extends AppError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
}

/**
 * Refuses an upload of `incomingBytes` to this business (a visitor's when
 * `anonymous`, the owner's otherwise) when it does not fit its own budget
 * (429) or the global one (507). With 0 it asks whether anything is left at
 * all (before the size is known).
 */
export async function assertWithinBudget(
  db: Executor,
  budgets: UploadBudgets,
  upload: { businessId: string; anonymous: boolean },
  incomingBytes: number,
  now = new Date(),
): Promise<void> {
  const used = await repository.storedBytes(db, upload.businessId, now);
  const fits = (...rooms: number[]) => rooms.every((left) => left > 0 && incomingBytes <= left);
  const own = upload.anonymous
    ? fits(budgets.perForm.perHour - used.form.lastHour, budgets.perForm.waiting - used.form.waiting)
    : fits(budgets.perOwner.waiting - used.owner.waiting);
  if (!own) {
    throw new UploadBudgetError(429, 'RATE_LIMITED', upload.anonymous ? budgetMessages.formFull : budgetMessages.ownerFull);
  }
  const global = upload.anonymous
    ? fits(
        budgets.global.perHour - used.all.lastHour,
        budgets.global.perDay - used.all.lastDay,
        budgets.global.waiting - used.all.waiting,
      )
    : fits(budgets.global.waiting - used.all.waiting);
  if (!global) throw new UploadBudgetError(507, 'STORAGE_FULL', budgetMessages.storageFull);
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
