// What the owner is told when testimonials arrive (docs/product/notifications.md). A testimonial from the form is
// marked as awaiting an email in the transaction that stores it, and a job is queued in that same transaction, so
// neither is lost. In mode 'each' the job sends one email for every testimonial waiting, at most one per
// FOLD_WINDOW_MS; what arrives within the window waits for the next email, which counts it. In mode 'daily' the job
// is the day's digest, due at DAILY_DIGEST_HOUR_UTC, one per business and day (docs/decisions/0033). Both send the
// same email of whatever waits, so switching modes loses nothing: the new mode's job sends it.
import { z } from 'zod';
import { urlOf } from '../../../shared/contract.js';
import { approvalPage } from '../../../shared/contracts/notifications.js';
import { DAY_MS, MINUTE_MS } from '../../../shared/time.js';
import {
  DAILY_DIGEST_HOUR_UTC,
  type NotificationSettings,
} from '../../../shared/schemas/notifications.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { isPermanentMailFailure } from '../../adapters/email/mailer.js';
import { defineJob, PermanentJobError, type JobContext } from '../../jobs/job.js';
import { enqueueJob, releaseDedupeKey } from '../../jobs/queue.js';
import { imagesOf } from '../testimonials/service.js';
import { absoluteImageUrl } from '../uploads/service.js';
import { createApprovalLink } from './approval-links.js';
import { newTestimonialsEmail, TESTIMONIALS_PER_EMAIL } from './emails.js';
import * as repository from './repository.js';

/** At most one new-testimonial email per business in this window. */
const FOLD_WINDOW_MS = 10 * MINUTE_MS;

const MAIL_RETRY_DELAYS_MS = [MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 120 * MINUTE_MS];

export async function getSettings(
  deps: Pick<Deps, 'db'>,
  businessId: string,
): Promise<NotificationSettings> {
  const settings = await repository.findSettings(deps.db, businessId);
  if (!settings) throw notFound('Business not found');
  return settings;
}

export async function saveSettings(
  deps: Pick<Deps, 'db' | 'clock'>,
  businessId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await deps.db.transaction(async (tx) => {
    const inTx = { ...deps, db: tx };
    await repository.saveSettings(tx, businessId, settings);
    const mode = settings.newTestimonialEmails;
    // Turned off: what was waiting is not sent later either.
    if (mode === 'off') {
      await repository.clearAwaiting(tx, businessId);
      return;
    }
    // What waited for the other mode's email goes out with this mode's.
    if (!(await repository.anyAwaiting(tx, businessId))) return;
    if (mode === 'daily') {
      await queueDigest(inTx, businessId);
    } else {
      const state = await repository.findOwnerEmailState(tx, businessId);
      await queueNextEmail(inTx, businessId, state?.ownerEmailedAt ?? null);
    }
  });
  return settings;
}

/** A testimonial came through the form: called in the transaction that stores it. */
export async function noteArrival(
  deps: Pick<Deps, 'db' | 'clock'>,
  businessId: string,
  testimonialId: string,
): Promise<void> {
  const state = await repository.findOwnerEmailState(deps.db, businessId);
  if (!state || state.mode === 'off') return;
  await repository.markAwaiting(deps.db, businessId, testimonialId);
  if (state.mode === 'daily') await queueDigest(deps, businessId);
  else await queueNextEmail(deps, businessId, state.ownerEmailedAt);
}

/**
 * Queues the email for the next free slot: now, or when the window of the last email ends. The key names that last
 * email, so arrivals before the slot's email share one job.
 */
async function queueNextEmail(
  deps: Pick<Deps, 'db' | 'clock'>,
  businessId: string,
  lastEmailedAt: Date | null,
): Promise<void> {
  const now = deps.clock();
  const windowEnd = lastEmailedAt ? new Date(lastEmailedAt.getTime() + FOLD_WINDOW_MS) : now;
  await enqueueJob(deps.db, newTestimonialsEmailJob, { businessId }, now, {
    runAt: windowEnd > now ? windowEnd : now,
    dedupeKey: `new-testimonials:${businessId}:${lastEmailedAt?.toISOString() ?? 'never'}`,
  });
}

/** The next digest time strictly after `now`: what arrives at 08:00 itself goes in tomorrow's. */
function nextDigestAt(now: Date): Date {
  const today = Date.UTC(
    now.getUTCFullYear(),
    now.getUTCMonth(),
    now.getUTCDate(),
    DAILY_DIGEST_HOUR_UTC,
  );
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

/** Queues the next digest; the key names its day, so every arrival and every server share one job a day. */
async function queueDigest(deps: Pick<Deps, 'db' | 'clock'>, businessId: string): Promise<void> {
  const now = deps.clock();
  const runAt = nextDigestAt(now);
  await enqueueJob(deps.db, dailyDigestEmailJob, { businessId }, now, {
    runAt,
    dedupeKey: `daily-digest:${businessId}:${runAt.toISOString().slice(0, 10)}`,
  });
}

/**
 * A job whose mode is no longer the owner's sends nothing (the new mode's job sends what waits) and gives its key
 * back, so that switching back queues a job again.
 */
async function standDown(
  deps: Pick<Deps, 'db'>,
  businessId: string,
  mode: repository.OwnerEmailState['mode'],
  job: JobContext,
): Promise<void> {
  if (mode === 'off') await repository.clearAwaiting(deps.db, businessId);
  await releaseDedupeKey(deps.db, job.id);
}

/** Sends the one email of every testimonial waiting, and marks them emailed; false when none waited. */
async function emailWaiting(
  deps: Deps,
  businessId: string,
  state: repository.OwnerEmailState,
  job: JobContext,
  digest: boolean,
): Promise<boolean> {
  const now = deps.clock();
  const waiting = await repository.listAwaiting(deps.db, businessId);
  if (waiting.length === 0) return false;
  const image = (address: string) => absoluteImageUrl(deps.config.baseUrl, address);
  const testimonials = await Promise.all(
    waiting.map(async (item, index) => ({
      authorName: item.authorName,
      rating: item.rating,
      content: item.content,
      photos: imagesOf(item).map(image),
      approveUrl:
        index < TESTIMONIALS_PER_EMAIL
          ? `${deps.config.baseUrl}${urlOf(approvalPage, {
              params: { token: await createApprovalLink(deps, businessId, item.id) },
            })}`
          : undefined,
    })),
  );
  await deps.mailer
    .send(
      newTestimonialsEmail({
        to: state.ownerEmail,
        productName: deps.config.productName,
        baseUrl: deps.config.baseUrl,
        businessName: state.businessName,
        // The same id on a second run after a crash, so a mail client can fold the two.
        messageId: `<new-testimonials-${job.id}@${new URL(deps.config.baseUrl).hostname}>`,
        testimonials,
        digest,
      }),
    )
    .catch((error: unknown) => {
      // The owner's mailbox refused it (a 5xx): retrying cannot help, and the testimonials still show in the dashboard.
      throw isPermanentMailFailure(error)
        ? new PermanentJobError(`the mail server refused ${state.ownerEmail}`)
        : error;
    });
  await repository.markEmailed(
    deps.db,
    businessId,
    waiting.map((item) => item.id),
    now,
  );
  return true;
}

export const newTestimonialsEmailJob = defineJob({
  kind: 'notifications.new-testimonials-email',
  payload: z.object({ businessId: z.uuid() }),
  retryDelaysMs: MAIL_RETRY_DELAYS_MS,
  run: async (deps, { businessId }, job) => {
    const state = await repository.findOwnerEmailState(deps.db, businessId);
    if (!state) return; // The business was deleted.
    if (state.mode !== 'each') {
      await standDown(deps, businessId, state.mode, job);
      return;
    }
    const now = deps.clock();
    if (state.ownerEmailedAt && state.ownerEmailedAt.getTime() + FOLD_WINDOW_MS > now.getTime()) {
      // A second run after a crash finds its testimonials emailed already: nothing is left to plan.
      if (await repository.anyAwaiting(deps.db, businessId)) {
        await queueNextEmail(deps, businessId, state.ownerEmailedAt);
      } else {
        await releaseDedupeKey(deps.db, job.id);
      }
      return;
    }
    if (!(await emailWaiting(deps, businessId, state, job, false))) {
      await releaseDedupeKey(deps.db, job.id);
      return;
    }
    // Arrived while this email was being written: its own job was folded into this one.
    if (await repository.anyAwaiting(deps.db, businessId)) {
      await queueNextEmail(deps, businessId, now);
    }
  },
});

export const dailyDigestEmailJob = defineJob({
  kind: 'notifications.daily-digest-email',
  payload: z.object({ businessId: z.uuid() }),
  retryDelaysMs: MAIL_RETRY_DELAYS_MS,
  run: async (deps, { businessId }, job) => {
    const state = await repository.findOwnerEmailState(deps.db, businessId);
    if (!state) return; // The business was deleted.
    if (state.mode !== 'daily') {
      await standDown(deps, businessId, state.mode, job);
      return;
    }
    await emailWaiting(deps, businessId, state, job, true);
    // Arrived while this digest was being written, after its list was read: tomorrow's digest has it.
    if (await repository.anyAwaiting(deps.db, businessId)) await queueDigest(deps, businessId);
  },
});
