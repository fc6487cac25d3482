// Requests to customers (docs/product/requests.md): the owner's settings and preview, the check and the queueing
// of a list (one outcome per customer), the list of requests, and what the links of a request email do: the star
// links fill in the form and mark the request clicked, a testimonial sent with the token answers it, and the
// unsubscribe link suppresses the address for the business.
import { emailField } from '../../../shared/schemas/fields.js';
import {
  REQUEST_LIMITS,
  REQUEST_SEND_AT,
  requestStatuses,
  type RequestCustomer,
  type RequestOutcome,
  type RequestOutcomes,
  type RequestPage,
  type RequestPrefill,
  type RequestPreview,
  type RequestSettings,
  type RequestSkipReason,
  type RequestStatus,
  type ReviewRequest,
} from '../../../shared/schemas/requests.js';
import { DAY_MS, MINUTE_MS } from '../../../shared/time.js';
import type { ReviewRequestRow, TestimonialRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { keysetCursor } from '../../keyset-cursor.js';
import { notFound, validationFailed } from '../../errors.js';
import { toApiTestimonial } from '../testimonials/service.js';
import { queueWebhookEvent } from '../webhooks/service.js';
import { requestEmail } from './emails.js';
import { enqueueRequests } from './jobs.js';
import * as repository from './repository.js';
import { verifyRequestToken } from './request-token.js';

/** A send time a minute old is "now": the owner's clock and ours differ a little. */
const PAST_GRACE_MS = MINUTE_MS;

const businessNotFound = () => notFound('Business not found');

async function requireBusiness(
  deps: Pick<Deps, 'db'>,
  businessId: string,
  options: { forUpdate?: boolean } = {},
) {
  const business = await repository.findBusiness(deps.db, businessId, options);
  if (!business) throw businessNotFound();
  return business;
}

export async function getSettings(
  deps: Pick<Deps, 'db'>,
  businessId: string,
): Promise<RequestSettings> {
  const { subject, body, reminderDays, dailyCap } = await requireBusiness(deps, businessId);
  return { subject, body, reminderDays, dailyCap };
}

export async function saveSettings(
  deps: Pick<Deps, 'db'>,
  businessId: string,
  settings: RequestSettings,
): Promise<RequestSettings> {
  if (!(await repository.saveSettings(deps.db, businessId, settings))) throw businessNotFound();
  return settings;
}

/** The email as a customer of this name would get it; its star links open the form without a token. */
export async function previewEmail(
  deps: Pick<Deps, 'db' | 'config'>,
  businessId: string,
  input: { subject: string; body: string; name: string },
): Promise<RequestPreview> {
  const business = await requireBusiness(deps, businessId);
  const email = requestEmail({
    to: '',
    name: input.name,
    productName: deps.config.productName,
    baseUrl: deps.config.baseUrl,
    businessName: business.name,
    collectionSlug: business.collectionSlug,
    subject: input.subject,
    body: input.body,
    token: null,
  });
  return { subject: email.subject, html: email.html, text: email.text };
}

const startOfUtcDay = (time: Date) => new Date(Math.floor(time.getTime() / DAY_MS) * DAY_MS);

/** When a list is to be sent: now, or the chosen time within the next 30 days. */
function sendTimeOf(sendAt: string | undefined, now: Date): Date {
  if (sendAt === undefined) return now;
  const time = new Date(sendAt);
  if (time.getTime() > now.getTime() + REQUEST_SEND_AT.maxDaysAhead * DAY_MS) {
    throw validationFailed([{ path: 'sendAt', message: REQUEST_SEND_AT.tooLate }]);
  }
  if (time.getTime() < now.getTime() - PAST_GRACE_MS) {
    throw validationFailed([{ path: 'sendAt', message: REQUEST_SEND_AT.inThePast }]);
  }
  return time.getTime() < now.getTime() ? now : time;
}

type Planned = { customer: { name: string; email: string }; outcome: RequestOutcome };

/**
 * One outcome per customer, in the list's order; the first rule that applies wins: not an address, listed
 * earlier, suppressed, asked in the last 30 days, over the day's limit.
 */
async function plan(
  deps: Pick<Deps, 'db'>,
  business: Pick<repository.RequestBusiness, 'id' | 'dailyCap'>,
  customers: RequestCustomer[],
  sendAt: Date,
  now: Date,
): Promise<Planned[]> {
  const businessId = business.id;
  const checked = customers.map((customer) => {
    const email = emailField.safeParse(customer.email);
    return {
      name: (customer.name ?? '').trim(),
      raw: customer.email.trim(),
      email: email.success ? email.data : null,
    };
  });
  const emails = [...new Set(checked.flatMap((item) => (item.email ? [item.email] : [])))];
  const suppressed = await repository.findSuppressions(deps.db, businessId, emails);
  const asked = await repository.findAskedSince(
    deps.db,
    businessId,
    emails,
    new Date(now.getTime() - REQUEST_LIMITS.repeatDays * DAY_MS),
  );
  const day = startOfUtcDay(sendAt);
  let due = await repository.countDueBetween(
    deps.db,
    businessId,
    day,
    new Date(day.getTime() + DAY_MS),
  );
  const seen = new Set<string>();
  return checked.map((item) => {
    const skip = (reason: RequestSkipReason): Planned => ({
      customer: { name: item.name, email: item.email ?? item.raw },
      outcome: { email: item.email ?? item.raw, status: 'skipped', reason },
    });
    if (!item.email) return skip('invalid_email');
    const email = item.email;
    if (seen.has(email)) return skip('duplicate');
    seen.add(email);
    const suppression = suppressed.get(email);
    if (suppression) return skip(suppression);
    if (asked.has(email)) return skip('recently_asked');
    if (due >= business.dailyCap) return skip('daily_cap');
    due += 1;
    return { customer: { name: item.name, email }, outcome: { email, status: 'queued' } };
  });
}

/** What sending would do; nothing is stored. */
export async function checkRequests(
  deps: Pick<Deps, 'db' | 'clock'>,
  businessId: string,
  input: { customers: RequestCustomer[]; sendAt?: string | undefined },
): Promise<RequestOutcomes> {
  const now = deps.clock();
  const sendAt = sendTimeOf(input.sendAt, now);
  const business = await requireBusiness(deps, businessId);
  const planned = await plan(deps, business, input.customers, sendAt, now);
  return { customers: planned.map((item) => item.outcome) };
}

/** Stores a queued request for each customer that passes, and its send job, in one transaction. */
export async function createRequests(
  deps: Pick<Deps, 'db' | 'clock'>,
  businessId: string,
  input: { customers: RequestCustomer[]; sendAt?: string | undefined },
): Promise<RequestOutcomes> {
  const now = deps.clock();
  const sendAt = sendTimeOf(input.sendAt, now);
  const outcomes = await deps.db.transaction(async (tx) => {
    // Two lists sent at once are counted one after the other against the day's limit and the 30 days.
    const business = await requireBusiness({ db: tx }, businessId, { forUpdate: true });
    const planned = await plan({ db: tx }, business, input.customers, sendAt, now);
    const queued = planned.filter((item) => item.outcome.status === 'queued');
    const created = await repository.insertRequests(
      tx,
      queued.map((item) => ({ businessId, ...item.customer, sendAt, createdAt: now })),
    );
    const idOf = new Map(created.map((row) => [row.email, row.id]));
    await enqueueRequests(
      { db: tx },
      created.map((row) => row.id),
      now,
      sendAt,
    );
    return planned.map(({ outcome }) =>
      outcome.status === 'queued' ? { ...outcome, id: idOf.get(outcome.email) } : outcome,
    );
  });
  return { customers: outcomes };
}

const iso = (time: Date | null) => (time ? time.toISOString() : null);

function toReviewRequest(row: ReviewRequestRow): ReviewRequest {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    sendAt: row.sendAt.toISOString(),
    sentAt: iso(row.sentAt),
    remindedAt: iso(row.remindedAt),
    testimonialId: row.testimonialId,
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
  };
}

const pageCursor = keysetCursor('createdAt');

/** Newest first, keyset-paged, with the totals by status of every request of the business. */
export async function listRequests(
  deps: Pick<Deps, 'db'>,
  businessId: string,
  query: {
    status?: RequestStatus | undefined;
    q?: string | undefined;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<RequestPage> {
  const { rows, next } = await repository.pageAfter(deps.db, businessId, {
    cursor: pageCursor.decode(query.cursor),
    limit: query.limit,
    status: query.status,
    q: query.q,
  });
  const totals = Object.fromEntries(requestStatuses.map((status) => [status, 0])) as Record<
    RequestStatus,
    number
  >;
  for (const { status, n } of await repository.countByStatus(deps.db, businessId))
    totals[status] = n;
  return {
    data: rows.map(toReviewRequest),
    nextCursor: next ? pageCursor.encode(next) : null,
    totals,
  };
}

/** The request a link's token names, with its business and its address's suppression; null for a token not ours. */
async function requestOfToken(
  deps: Pick<Deps, 'db' | 'config'>,
  token: string,
): Promise<repository.RequestWithBusiness | null> {
  const id = verifyRequestToken(deps.config.sessionSecret, token);
  return id ? repository.findWithBusiness(deps.db, id) : null;
}

const linkNotFound = () => notFound('This link is not valid');

/** A star link was followed: who to fill in the form for. The request is marked clicked once. */
export async function openRequestLink(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  token: string,
): Promise<RequestPrefill> {
  const request = (await requestOfToken(deps, token))?.request;
  if (!request) throw linkNotFound();
  await repository.moveStatus(deps.db, request.id, ['sent'], {
    status: 'clicked',
    clickedAt: deps.clock(),
  });
  return { name: request.name, email: request.email };
}

/**
 * A testimonial arrived with a request's token: called in the transaction that stores it. A token that is not
 * ours, or another business's, changes nothing and never fails the submission.
 */
export async function noteRequestAnswered(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  values: { token: unknown; businessId: string; testimonial: TestimonialRow },
): Promise<void> {
  if (typeof values.token !== 'string' || values.token.length > 200) return;
  const id = verifyRequestToken(deps.config.sessionSecret, values.token);
  if (!id) return;
  const answered = await repository.markSubmitted(deps.db, {
    id,
    businessId: values.businessId,
    testimonialId: values.testimonial.id,
    now: deps.clock(),
  });
  if (!answered) return;
  await queueWebhookEvent(deps, values.businessId, 'request.submitted', {
    request: toReviewRequest(answered),
    testimonial: toApiTestimonial(values.testimonial, deps.config.baseUrl),
  });
}

/** What the unsubscribe page shows. */
export type UnsubscribeState =
  { kind: 'ready' | 'done'; businessName: string } | { kind: 'unknown' };

/** GET: reads only (mail scanners open links). */
export async function viewUnsubscribe(
  deps: Pick<Deps, 'db' | 'config'>,
  token: string,
): Promise<UnsubscribeState> {
  const found = await requestOfToken(deps, token);
  if (!found) return { kind: 'unknown' };
  return {
    kind: found.suppressed === 'unsubscribed' ? 'done' : 'ready',
    businessName: found.business.name,
  };
}

/** The button, and one-click unsubscribe: the business never emails this address again. */
export async function unsubscribe(
  deps: Pick<Deps, 'db' | 'config'>,
  token: string,
): Promise<UnsubscribeState> {
  const found = await requestOfToken(deps, token);
  if (!found) return { kind: 'unknown' };
  const { request, business } = found;
  await deps.db.transaction(async (tx) => {
    await repository.addSuppression(tx, {
      businessId: business.id,
      email: request.email,
      reason: 'unsubscribed',
    });
    await repository.moveStatus(tx, request.id, ['queued', 'sent', 'clicked'], {
      status: 'unsubscribed',
    });
    await repository.stopQueued(tx, business.id, request.email, 'unsubscribed');
  });
  return { kind: 'done', businessName: business.name };
}
