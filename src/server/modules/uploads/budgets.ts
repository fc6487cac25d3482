// Byte budgets of uploads (docs/decisions/0005). Anyone with a collection
// page's slug may upload, and anyone may make an owner account (the logo needs
// no paid access), so per-address and per-account limits on upload URLs alone
// let one address keep gigabytes a day on our disk. Budgets cap the bytes:
// - each visitor's (an address's) uploads per hour and per day, whatever the
//   form: they do the work, so a few addresses can neither fill a form nor
//   come near the global budgets;
// - a form's visitors together per hour and waiting for a claim: past it the
//   form is under a burst (submissions/bursts.ts) and takes only uploads whose
//   URL passed the browser check, which it never refuses for the form's sake,
//   so a flood from a few addresses never shuts the form (decision 0022);
// - an owner's uploads waiting for a claim;
// - overall, visitors per hour and per day and everything waiting: the disk's
//   own ceiling, which no check gets past (507).
// They are summed from the uploads table, so several servers on one database
// share them. A PUT holds bytes on its upload row before it reads the file:
// the declared Content-Length, or the 5 MB cap when none is declared; once the
// file is checked and re-encoded its real size replaces them; a refused or
// abandoned file gives them back, and so does one that stalls or trickles
// (plugins/body-deadline.ts cuts it). Each hold is checked and written under
// one advisory lock, so files arriving at the same moment see each other's
// bytes: no budget is ever overshot. A server that dies mid-upload leaves its
// hold until the sweep deletes the row (24 hours), which errs on the side of
// the disk.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '../../../shared/constants.js';
import { uploadCheckMessages } from '../../../shared/schemas/uploads.js';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../errors.js';
import { checkRequired } from '../submissions/browser-check.js';
import * as repository from './repository.js';
import { MINUTE_MS, SECOND_MS } from '../../../shared/time.js';

export type UploadBudgets = {
  /** One visitor (an address) of any form: bytes made in the last hour and in the last day. */
  perVisitor: { perHour: number; perDay: number };
  /** One form's visitors together: bytes made in the last hour, and bytes waiting for a claim. */
  perForm: { perHour: number; waiting: number };
  /** One owner's own uploads waiting for a claim (an edit dialog left open, a logo not saved). */
  perOwner: { waiting: number };
  /** Every form's visitors per hour and per day (claimed or not), and every upload waiting for a claim. */
  global: { perHour: number; perDay: number; waiting: number };
};

const MB = 1024 * 1024;

/**
 * A customer sends at most 8 photos with a testimonial (a selfie, 5 product
 * photos, a before and an after), each at most 5 MB: 40 MB, 80 MB if they
 * send them all twice. A visitor may upload 100 MB an hour and 250 MB a day,
 * so ten addresses together reach at most half of the global hour, a quarter
 * of its day, and (unclaimed uploads live a day) 70% of what may wait.
 * A small business gets a few submissions a day: past 200 MB an hour (five
 * customers' worth of full-size photos) or 500 MB waiting for a claim, its
 * form is under a burst. An owner claims each upload when saving it: 100 MB
 * waiting is 20 unsaved photos. Overall, 2 GB an hour, 10 GB a day and 5 GB
 * waiting bound what every form and owner together can add to a server's disk.
 */
export const DEFAULT_UPLOAD_BUDGETS: UploadBudgets = {
  perVisitor: { perHour: 100 * MB, perDay: 250 * MB },
  perForm: { perHour: 200 * MB, waiting: 500 * MB },
  perOwner: { waiting: 100 * MB },
  global: { perHour: 2048 * MB, perDay: 10_240 * MB, waiting: 5120 * MB },
};

/** Uploads leave the hour as it slides and waiting ones are claimed within minutes; a quarter hour is a fair wait. */
const RETRY_AFTER_SECONDS = (15 * MINUTE_MS) / SECOND_MS;

const budgetMessages = {
  visitorFull: 'You have uploaded too many photos. Please try again later.',
  ownerFull: 'Too many of your uploads are waiting to be saved. Please try again later.',
  storageFull: 'Uploads are paused for now. Please try again later.',
} as const;

/** 429 (this visitor or owner) or 507 (everyone): an upload past a budget. Leaves with Retry-After. */
class UploadBudgetError extends AppError {
  override readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
}

export type BudgetedUpload = {
  businessId: string;
  /** A visitor's upload (their key in `visitor`), not the owner's. */
  anonymous: boolean;
  visitor: string | null;
  /** Its URL passed the browser check of a form under a burst. */
  checked: boolean;
};

/** Which budgets have room for `incomingBytes` more, given what is `used`. */
export type Room = { own: boolean; global: boolean; form: boolean };

function roomFor(
  budgets: UploadBudgets,
  upload: BudgetedUpload,
  used: repository.StoredBytes,
  incomingBytes: number,
): Room {
  const fits = (...rooms: number[]) => rooms.every((left) => left > 0 && incomingBytes <= left);
  if (!upload.anonymous) {
    return {
      own: fits(budgets.perOwner.waiting - used.owner.waiting),
      global: fits(budgets.global.waiting - used.all.waiting),
      form: true,
    };
  }
  return {
    own: fits(
      budgets.perVisitor.perHour - used.visitor.lastHour,
      budgets.perVisitor.perDay - used.visitor.lastDay,
    ),
    global: fits(
      budgets.global.perHour - used.all.lastHour,
      budgets.global.perDay - used.all.lastDay,
      budgets.global.waiting - used.all.waiting,
    ),
    form: fits(
      budgets.perForm.perHour - used.form.lastHour,
      budgets.perForm.waiting - used.form.waiting,
    ),
  };
}

/**
 * Refuses what does not fit the uploader's own budget (429) or the global
 * one (507): no check can help with either.
 */
function refuseOwnOrGlobal(room: Room, upload: BudgetedUpload): void {
  if (!room.own) {
    throw new UploadBudgetError(
      429,
      'RATE_LIMITED',
      upload.anonymous ? budgetMessages.visitorFull : budgetMessages.ownerFull,
    );
  }
  if (!room.global) throw new UploadBudgetError(507, 'STORAGE_FULL', budgetMessages.storageFull);
}

/**
 * What a visitor's upload is measured against before its URL is handed out:
 * refused past its own or the global budget; `room.form` false when the form's
 * budget is spent (the form is then under a burst). Not locked: bytes are only
 * ever held by `holdBytes`.
 */
export async function roomLeft(
  db: Executor,
  budgets: UploadBudgets,
  upload: BudgetedUpload,
  now = new Date(),
): Promise<Room> {
  const room = roomFor(budgets, upload, await repository.storedBytes(db, upload, now), 0);
  refuseOwnOrGlobal(room, upload);
  return room;
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
 * before, or refuses them (and it keeps what it held: give that back with
 * `releaseBytes`): 429/507 past its own or the global budget, and 403
 * `CHALLENGE_REQUIRED` past its form's when its URL did not pass the check
 * (handed out before the form was under a burst): the browser asks for a new
 * one with the check. Checked and written under the budgets' lock.
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
    const used = await repository.storedBytes(tx, upload, now, upload.id);
    const room = roomFor(budgets, upload, used, bytes);
    refuseOwnOrGlobal(room, upload);
    if (!room.form && !upload.checked) throw checkRequired(uploadCheckMessages);
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
