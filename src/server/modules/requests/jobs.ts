// The jobs of a request (docs/product/requests.md#sending): the email at its send time, then one reminder. Each
// checks, when it runs, that the request still wants it and that the address was not suppressed meanwhile. A mail
// server's 5xx refusal at send time is a hard bounce: the address is suppressed for the business and the job ends
// for good (docs/decisions/0031-requests-to-customers.md). Retries spent: the request is marked failed with the reason.
import { z } from 'zod';
import { DAY_MS, MINUTE_MS } from '../../../shared/time.js';
import type { RequestStatus } from '../../../shared/schemas/requests.js';
import { isPermanentMailFailure } from '../../adapters/email/mailer.js';
import type { Deps } from '../../deps.js';
import { defineJob, PermanentJobError, type JobContext } from '../../jobs/job.js';
import { enqueueJob, enqueueJobs } from '../../jobs/queue.js';
import { requestEmail } from './emails.js';
import * as repository from './repository.js';
import { signRequestToken } from './request-token.js';

const MAIL_RETRY_DELAYS_MS = [MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 120 * MINUTE_MS];

/** The statuses after which a reminder still makes sense: the customer has not answered, nor said no. */
const REMINDABLE: readonly RequestStatus[] = ['sent', 'clicked'];

const payload = z.object({ requestId: z.uuid() });

type Kind = 'request' | 'reminder';

async function deliver(deps: Deps, requestId: string, job: JobContext, kind: Kind): Promise<void> {
  const found = await repository.findWithBusiness(deps.db, requestId);
  if (!found) return; // The business was deleted.
  const { request, business, suppressed } = found;
  const wanted =
    kind === 'request'
      ? request.status === 'queued'
      : REMINDABLE.includes(request.status) && !request.remindedAt;
  if (!wanted) return;
  const live: RequestStatus[] = kind === 'request' ? ['queued'] : [...REMINDABLE];
  if (suppressed) {
    await repository.moveStatus(deps.db, request.id, live, { status: suppressed });
    return;
  }

  const host = new URL(deps.config.baseUrl).hostname;
  try {
    await deps.mailer.send(
      requestEmail({
        to: request.email,
        name: request.name,
        productName: deps.config.productName,
        baseUrl: deps.config.baseUrl,
        businessName: business.name,
        collectionSlug: business.collectionSlug,
        subject: business.subject,
        body: business.body,
        token: signRequestToken(deps.config.sessionSecret, request.id),
        reminder: kind === 'reminder',
        // The same id on a second run after a crash, so a mail client can fold the two.
        messageId: `<review-${kind}-${job.id}@${host}>`,
      }),
    );
  } catch (error) {
    if (!isPermanentMailFailure(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    await deps.db.transaction(async (tx) => {
      await repository.addSuppression(tx, {
        businessId: business.id,
        email: request.email,
        reason: 'bounced',
      });
      await repository.moveStatus(tx, request.id, live, { status: 'bounced', failure: reason });
      await repository.stopQueued(tx, business.id, request.email, 'bounced');
    });
    throw new PermanentJobError(`the mail server refused ${request.email}: ${reason}`);
  }

  const now = deps.clock();
  if (kind === 'reminder') {
    await repository.markReminded(deps.db, request.id, now);
    return;
  }
  await deps.db.transaction(async (tx) => {
    const sent = await repository.moveStatus(tx, request.id, ['queued'], {
      status: 'sent',
      sentAt: now,
    });
    if (!sent || business.reminderDays === null) return;
    await enqueueJob(tx, sendReminderJob, { requestId: request.id }, now, {
      runAt: new Date(now.getTime() + business.reminderDays * DAY_MS),
      dedupeKey: `requests.reminder:${request.id}`,
    });
  });
}

export const sendRequestJob = defineJob({
  kind: 'requests.send',
  payload,
  retryDelaysMs: MAIL_RETRY_DELAYS_MS,
  run: (deps, { requestId }, job) => deliver(deps, requestId, job, 'request'),
  onFailed: async (deps, { requestId }, error) => {
    // A bounce has already said why; anything else is a failure the owner can read.
    await repository.moveStatus(deps.db, requestId, ['queued'], {
      status: 'failed',
      failure: error,
    });
  },
});

export const sendReminderJob = defineJob({
  kind: 'requests.reminder',
  payload,
  retryDelaysMs: MAIL_RETRY_DELAYS_MS,
  run: (deps, { requestId }, job) => deliver(deps, requestId, job, 'reminder'),
  onFailed: async (deps, { requestId }, error) => {
    // The request itself went out: its status stays, the reason is kept.
    await repository.moveStatus(deps.db, requestId, REMINDABLE, { failure: error });
  },
});

/** The send jobs of new requests, queued in the transaction that stores them. */
export async function enqueueRequests(
  deps: Pick<Deps, 'db'>,
  requestIds: string[],
  now: Date,
  sendAt: Date,
): Promise<void> {
  await enqueueJobs(
    deps.db,
    sendRequestJob,
    requestIds.map((requestId) => ({
      payload: { requestId },
      runAt: sendAt,
      dedupeKey: `requests.send:${requestId}`,
    })),
    now,
  );
}
