// What the owner is told when testimonials arrive (docs/product/notifications.md). A testimonial from the form is
// marked as awaiting an email in the transaction that stores it, and a job is queued in that same transaction, so
// neither is lost: the job sends one email for every testimonial waiting, at most one per FOLD_WINDOW_MS; what
// arrives within the window waits for the next email, which counts it.
import { z } from 'zod';
import { urlOf } from '../../../shared/contract.js';
import { approvalPage } from '../../../shared/contracts/notifications.js';
import { MINUTE_MS } from '../../../shared/time.js';
import type { NotificationSettings } from '../../../shared/schemas/notifications.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { isPermanentMailFailure } from '../../adapters/email/mailer.js';
import { defineJob, PermanentJobError } from '../../jobs/job.js';
import { enqueueJob } from '../../jobs/queue.js';
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
  deps: Pick<Deps, 'db'>,
  businessId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await deps.db.transaction(async (tx) => {
    await repository.saveSettings(tx, businessId, settings);
    // Turned off: what was waiting is not sent later either.
    if (settings.newTestimonialEmails === 'off') await repository.clearAwaiting(tx, businessId);
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
  await queueNextEmail(deps, businessId, state.ownerEmailedAt);
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

export const newTestimonialsEmailJob = defineJob({
  kind: 'notifications.new-testimonials-email',
  payload: z.object({ businessId: z.uuid() }),
  retryDelaysMs: MAIL_RETRY_DELAYS_MS,
  run: async (deps, { businessId }, job) => {
    const state = await repository.findOwnerEmailState(deps.db, businessId);
    if (!state) return; // The business was deleted.
    if (state.mode === 'off') {
      await repository.clearAwaiting(deps.db, businessId);
      return;
    }
    const now = deps.clock();
    if (state.ownerEmailedAt && state.ownerEmailedAt.getTime() + FOLD_WINDOW_MS > now.getTime()) {
      await queueNextEmail(deps, businessId, state.ownerEmailedAt);
      return;
    }
    const waiting = await repository.listAwaiting(deps.db, businessId);
    if (waiting.length === 0) return;
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
    // Arrived while this email was being written: its own job was folded into this one.
    if (await repository.anyAwaiting(deps.db, businessId)) {
      await queueNextEmail(deps, businessId, now);
    }
  },
});
