// Byte budgets of uploads (SECURITY.md §23). Anyone with a collection page's
// slug may upload, and anyone may make an owner account (the logo needs no
// paid access), so per-IP and per-account limits alone let one address keep
// about 21 GB a day on our disk (30 files of 5 MB per 10 minutes, kept 24
// hours while unclaimed). Budgets cap the bytes instead: a form's visitors per
// hour and waiting for a claim, an owner's uploads waiting for a claim, and
// overall visitors per hour and per day and everything waiting. They are
// summed from the uploads table, so several servers on one database share
// them. An upload URL is handed out while anything is left. A PUT holds bytes
// on its upload row before it reads the file: the declared Content-Length, or
// the 5 MB cap when none is declared; once the file is checked and re-encoded
// its real size replaces them; a refused or abandoned file gives them back, and
// so does one that stalls or trickles (plugins/body-deadline.ts cuts it).
// Each hold is checked and written under one advisory lock, so files arriving
// at the same moment see each other's bytes: no budget is ever overshot.
// A server that dies mid-upload leaves its hold until the sweep deletes the
// row (24 hours), which errs on the side of the disk.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '../../../shared/constants.js';
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
  override readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
}

type BudgetedUpload = { businessId: string; anonymous: boolean };

/** The refusal of `incomingBytes` more, given what is `used`: its own budget's (429) or the global one's (507). */
function refusal(
  budgets: UploadBudgets,
  upload: BudgetedUpload,
  used: repository.StoredBytes,
  incomingBytes: number,
): UploadBudgetError | null {
  const fits = (...rooms: number[]) => rooms.every((left) => left > 0 && incomingBytes <= left);
  const own = upload.anonymous
    ? fits(
        budgets.perForm.perHour - used.form.lastHour,
        budgets.perForm.waiting - used.form.waiting,
      )
    : fits(budgets.perOwner.waiting - used.owner.waiting);
  if (!own) {
    return new UploadBudgetError(
      429,
      'RATE_LIMITED',
      upload.anonymous ? budgetMessages.formFull : budgetMessages.ownerFull,
    );
  }
  const global = upload.anonymous
    ? fits(
        budgets.global.perHour - used.all.lastHour,
        budgets.global.perDay - used.all.lastDay,
        budgets.global.waiting - used.all.waiting,
      )
    : fits(budgets.global.waiting - used.all.waiting);
  return global ? null : new UploadBudgetError(507, 'STORAGE_FULL', budgetMessages.storageFull);
}

/**
 * Refuses a new upload to this business (a visitor's when `anonymous`, the
 * owner's otherwise) when nothing is left of its own budget (429) or of the
 * global one (507). Not locked: bytes are only ever held by `holdBytes`.
 */
export async function assertRoomLeft(
  db: Executor,
  budgets: UploadBudgets,
  upload: BudgetedUpload,
  now = new Date(),
): Promise<void> {
  const refused = refusal(
    budgets,
    upload,
    await repository.storedBytes(db, upload.businessId, now),
    0,
  );
  if (refused) throw refused;
}

/** What a PUT holds before its file is read: the length it declares, or the cap when it declares none. */
export function bytesToHold(declaredLength: number | undefined): number {
  return declaredLength !== undefined &&
    Number.isSafeInteger(declaredLength) &&
    declaredLength >= 0 &&
    declaredLength <= MAX_IMAGE_BYTES
    ? declaredLength
    : MAX_IMAGE_BYTES;
}

/**
 * Makes the upload hold `bytes` against the budgets in place of what it held
 * before, or refuses them (429/507, and it keeps what it held: give that back
 * with `releaseBytes`). Checked and written under the budgets' lock.
 */
export async function holdBytes(
  db: Executor,
  budgets: UploadBudgets,
  upload: BudgetedUpload & { id: string },
  bytes: number,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await repository.lockBudgets(tx);
    const used = await repository.storedBytes(tx, upload.businessId, now, upload.id);
    const refused = refusal(budgets, upload, used, bytes);
    if (refused) throw refused;
    await repository.setSize(tx, upload.id, bytes);
  });
}

/** Gives back what an upload whose file was not stored held. */
export async function releaseBytes(db: Executor, uploadId: string): Promise<void> {
  await repository.releaseSize(db, uploadId);
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
