// Moderation rules (docs/product/testimonials.md#statuses, docs/product/testimonials.md#edit-rules): the owner's business comes from the session,
// never from the request; approvedAt follows the status; multi-row changes run
// in one transaction (docs/security.md rule 15).
import type {
  ApiCreateTestimonialInput,
  ApiListTestimonialsQuery,
  ApiTestimonialPage,
} from '../../../shared/schemas/integrations.js';
import type {
  BulkTestimonialsInput,
  BulkTestimonialsResult,
  SubmissionBurst,
  ListTestimonialsQuery,
  Testimonial,
  TestimonialList,
  TestimonialStats,
  UpdateTestimonialInput,
} from '../../../shared/schemas/testimonials.js';
import { dedupeTags, FORM_SOURCE } from '../../../shared/schemas/testimonials.js';
import { DAY_MS } from '../../../shared/time.js';
import type { TestimonialRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { keysetCursor } from '../../keyset-cursor.js';
import { badRequest, notFound, validationFailed } from '../../errors.js';
import { isGoingOn } from '../submissions/bursts.js';
import { deleteDetachedUploads, withAbsoluteImages } from '../uploads/service.js';
import { queueWebhookEvents } from '../webhooks/service.js';
import { invalidateWidget } from '../widget/events.js';
import * as repository from './repository.js';

export const testimonialNotFound = () => notFound('Testimonial not found');

/**
 * Deletes images the business no longer uses, after the change that let them
 * go has committed. A failure only delays it: the uploads sweep deletes
 * unreferenced uploads every hour.
 */
export async function releaseImages(
  deps: Pick<Deps, 'db' | 'log' | 'uploads'>,
  businessId: string,
  paths: string[],
): Promise<void> {
  if (paths.length === 0) return;
  try {
    await deleteDetachedUploads(deps, businessId, [...new Set(paths)]);
  } catch (error) {
    deps.log.warn({ err: error, businessId }, 'could not delete released images; the sweep will');
  }
}

export function toTestimonial(row: TestimonialRow): Testimonial {
  return {
    id: row.id,
    authorName: row.authorName,
    authorEmail: row.authorEmail,
    authorBusinessName: row.authorBusinessName,
    authorLocation: row.authorLocation,
    content: row.content,
    rating: row.rating,
    status: row.status,
    tags: row.tags,
    authorImageUrl: row.authorImageUrl,
    productImageUrls: row.productImageUrls,
    beforeImageUrl: row.beforeImageUrl,
    afterImageUrl: row.afterImageUrl,
    submittedAt: row.submittedAt.toISOString(),
    approvedAt: row.approvedAt ? row.approvedAt.toISOString() : null,
    source: row.source,
    sourceUrl: row.sourceUrl,
    goneFromSourceAt: row.goneFromSourceAt ? row.goneFromSourceAt.toISOString() : null,
  };
}

/**
 * docs/product/testimonials.md#statuses: becoming approved sets approvedAt to now, leaving approved clears
 * it, staying approved keeps the original time (or repairs a missing one).
 */
function approvedAtAfter(
  previous: Pick<TestimonialRow, 'status' | 'approvedAt'>,
  nextStatus: TestimonialRow['status'],
  now: Date,
): Date | null {
  if (nextStatus !== 'approved') return null;
  return previous.status === 'approved' && previous.approvedAt ? previous.approvedAt : now;
}

function startOfMonthUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The first instant of the UTC day `day` (YYYY-MM-DD): the start of a date range, included. */
function startOfUtcDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The first instant after the UTC day `day`: the end of a date range, excluded. */
function nextUtcDay(day: string): Date {
  return new Date(startOfUtcDay(day).getTime() + DAY_MS);
}

export async function listTestimonials(
  { db }: Pick<Deps, 'db'>,
  businessId: string,
  query: ListTestimonialsQuery,
): Promise<TestimonialList> {
  const status = query.status === 'all' ? undefined : query.status;
  const source = query.source === FORM_SOURCE ? null : query.source;
  const { counts, rows } = await repository.listPage(
    db,
    businessId,
    {
      status,
      q: query.q,
      rating: query.rating,
      minRating: query.minRating,
      from: query.from ? startOfUtcDay(query.from) : undefined,
      before: query.to ? nextUtcDay(query.to) : undefined,
      source,
    },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize, sort: query.sort },
  );
  const sources = await repository.listSources(db, businessId);
  return {
    items: rows.map(toTestimonial),
    page: query.page,
    pageSize: query.pageSize,
    total: status ? counts[status] : counts.all,
    counts,
    // One spelling per source, letter case aside, as the filter matches them ("Google" and "google" are one).
    sources: [...(sources.form ? [null] : []), ...dedupeTags(sources.sources)],
  };
}

/** A testimonial as the API v1 answers it: every image an absolute URL on the configured BASE_URL. */
/** A row as API v1 and the webhooks show it. */
export const toApiTestimonial = (row: TestimonialRow, baseUrl: string): Testimonial =>
  withAbsoluteImages(toTestimonial(row), baseUrl);

type TestimonialEventType =
  'testimonial.submitted' | 'testimonial.approved' | 'testimonial.updated' | 'testimonial.deleted';

/**
 * Tells the business's webhooks of a testimonial's change (docs/product/webhooks.md#events), with the testimonial
 * as the API v1 shows it. Called with the change's transaction, so the event exists exactly when the change does.
 */
export async function queueTestimonialEvent(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  businessId: string,
  type: TestimonialEventType,
  rows: TestimonialRow | TestimonialRow[],
): Promise<void> {
  await queueWebhookEvents(
    deps,
    businessId,
    type,
    [rows].flat().map((row) => toApiTestimonial(row, deps.config.baseUrl)),
  );
}

/** An owner's change: `approved` when it became approved, `updated` for any other change. */
const changeEventOf = (
  before: Pick<TestimonialRow, 'status'>,
  after: Pick<TestimonialRow, 'status'>,
): TestimonialEventType =>
  after.status === 'approved' && before.status !== 'approved'
    ? 'testimonial.approved'
    : 'testimonial.updated';

/** GET /api/v1/testimonials/:id. */
export async function getTestimonial(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  businessId: string,
  id: string,
): Promise<Testimonial> {
  const row = await repository.findById(db, businessId, id);
  if (!row) throw testimonialNotFound();
  return toApiTestimonial(row, config.baseUrl);
}

const pageCursor = keysetCursor('submittedAt');

/** GET /api/v1/testimonials: newest first, keyset-paged. */
export async function listTestimonialPage(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  businessId: string,
  query: ApiListTestimonialsQuery,
): Promise<ApiTestimonialPage> {
  const { rows, next } = await repository.pageAfter(db, businessId, {
    cursor: pageCursor.decode(query.cursor),
    limit: query.limit,
    status: query.status === 'all' ? undefined : query.status,
  });
  return {
    data: rows.map((row) => toApiTestimonial(row, config.baseUrl)),
    nextCursor: next ? pageCursor.encode(next) : null,
  };
}

/**
 * POST /api/v1/testimonials: a testimonial collected elsewhere. Pending unless
 * the caller asks for approved; an approved one is in the widget at once.
 */
export async function importTestimonial(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  businessId: string,
  input: ApiCreateTestimonialInput,
): Promise<Testimonial> {
  const { db, clock, config } = deps;
  const now = clock();
  const submittedAt = input.submittedAt ? new Date(input.submittedAt) : now;
  if (submittedAt.getTime() > now.getTime())
    throw validationFailed([
      { path: 'submittedAt', message: 'submittedAt cannot be in the future' },
    ]);
  const row = await db.transaction(async (tx) => {
    const created = await repository.create(tx, {
      businessId,
      authorName: input.authorName,
      authorEmail: input.authorEmail ?? null,
      authorBusinessName: input.authorBusinessName ?? null,
      authorLocation: input.authorLocation ?? null,
      content: input.content,
      rating: input.rating,
      status: input.status,
      approvedAt: input.status === 'approved' ? now : null,
      source: input.source,
      submittedAt,
    });
    await queueTestimonialEvent({ ...deps, db: tx }, businessId, 'testimonial.submitted', created);
    return created;
  });
  if (row.status === 'approved') await invalidateWidget(db, businessId);
  return toApiTestimonial(row, config.baseUrl);
}

export async function getStats(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  businessId: string,
): Promise<TestimonialStats> {
  return repository.stats(db, businessId, startOfMonthUtc(clock()));
}

export async function updateTestimonial(
  deps: Pick<Deps, 'db' | 'log' | 'uploads' | 'clock' | 'config'>,
  businessId: string,
  id: string,
  input: UpdateTestimonialInput,
): Promise<Testimonial> {
  const { testimonial, removedImages } = await deps.db.transaction(async (tx) => {
    const row = await repository.findByIdForUpdate(tx, businessId, id);
    if (!row) throw testimonialNotFound();
    const removedImages: string[] = [];
    const values: repository.EditableValues = {};
    if (input.authorName !== undefined) values.authorName = input.authorName;
    if (input.authorEmail !== undefined) values.authorEmail = input.authorEmail;
    if (input.authorLocation !== undefined) values.authorLocation = input.authorLocation;
    if (input.content !== undefined) values.content = input.content;
    if (input.rating !== undefined) values.rating = input.rating;
    if (input.tags !== undefined) values.tags = input.tags;
    if (input.authorImageUrl !== undefined && input.authorImageUrl !== row.authorImageUrl) {
      // A new photo must come through the upload flow (PUT .../author-image), which checks whose upload it is.
      if (input.authorImageUrl !== null) {
        throw badRequest('Use the author photo upload to set a new author photo');
      }
      values.authorImageUrl = null;
      if (row.authorImageUrl) removedImages.push(row.authorImageUrl);
    }
    // A client-sent approvedAt is ignored: it follows the status, whoever changed it.
    if (input.status !== undefined) {
      values.status = input.status;
      values.approvedAt = approvedAtAfter(row, input.status, deps.clock());
    }
    if (Object.keys(values).length === 0) return { testimonial: toTestimonial(row), removedImages };
    const updated = await repository.update(tx, businessId, id, values);
    if (!updated) throw testimonialNotFound();
    if (changedAny(row, values))
      await queueTestimonialEvent(
        { ...deps, db: tx },
        businessId,
        changeEventOf(row, updated),
        updated,
      );
    return { testimonial: toTestimonial(updated), removedImages };
  });
  await invalidateWidget(deps.db, businessId);
  await releaseImages(deps, businessId, removedImages);
  return testimonial;
}

/** Whether `values` differ from the row anywhere: a PATCH that sends what is stored changes nothing to tell. */
function changedAny(row: TestimonialRow, values: repository.EditableValues): boolean {
  return Object.entries(values).some(
    ([column, value]) =>
      JSON.stringify(row[column as keyof TestimonialRow]) !== JSON.stringify(value),
  );
}

/** A testimonial's image addresses: author photo, product images, before and after. */
export function imagesOf(row: repository.ImageColumns): string[] {
  return [
    row.authorImageUrl,
    ...row.productImageUrls,
    row.beforeImageUrl,
    row.afterImageUrl,
  ].filter((url): url is string => Boolean(url));
}

/** Deletes the testimonial, then its images. */
export async function deleteTestimonial(
  deps: Pick<Deps, 'db' | 'log' | 'uploads' | 'clock' | 'config'>,
  businessId: string,
  id: string,
): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const row = await repository.remove(tx, businessId, id);
    if (!row) throw testimonialNotFound();
    await queueTestimonialEvent({ ...deps, db: tx }, businessId, 'testimonial.deleted', row);
    return row;
  });
  await invalidateWidget(deps.db, businessId);
  await releaseImages(deps, businessId, imagesOf(removed));
}

/** All or nothing: an id that is not the owner's (or does not exist) makes it a 404 and nothing changes. */
export async function bulkAction(
  deps: Pick<Deps, 'db' | 'log' | 'uploads' | 'clock' | 'config'>,
  businessId: string,
  input: BulkTestimonialsInput,
): Promise<BulkTestimonialsResult> {
  const { result, removedImages } = await deps.db.transaction(async (tx) => {
    const locked = await repository.lockMany(tx, businessId, input.ids);
    if (locked.length !== input.ids.length) throw testimonialNotFound();

    if (input.action === 'delete') {
      const removed = await repository.removeMany(tx, businessId, input.ids);
      await queueTestimonialEvent({ ...deps, db: tx }, businessId, 'testimonial.deleted', removed);
      return { result: { deleted: removed.length }, removedImages: removed.flatMap(imagesOf) };
    }

    const status = input.action === 'approve' ? 'approved' : 'rejected';
    const now = deps.clock();
    // Rows already approved keep their approval time; the others get the rule's value.
    const unchangedTime = locked.filter(
      (row) => approvedAtAfter(row, status, now) === row.approvedAt,
    );
    const newTime = locked.filter((row) => approvedAtAfter(row, status, now) !== row.approvedAt);
    const updated = [
      ...(await repository.updateMany(
        tx,
        businessId,
        unchangedTime.map((row) => row.id),
        { status },
      )),
      ...(await repository.updateMany(
        tx,
        businessId,
        newTime.map((row) => row.id),
        { status, approvedAt: status === 'approved' ? now : null },
      )),
    ];
    // Only the rows whose status changed have something to tell. Each of them moved to `status`, so they share
    // one event: `approved` when that is approved, `updated` otherwise (changeEventOf's rule).
    const before = new Map(locked.map((row) => [row.id, row.status]));
    const changed = updated.filter((row) => {
      const was = before.get(row.id);
      return was !== undefined && was !== row.status;
    });
    await queueTestimonialEvent(
      { ...deps, db: tx },
      businessId,
      status === 'approved' ? 'testimonial.approved' : 'testimonial.updated',
      changed,
    );
    return { result: { updated: locked.length }, removedImages: [] as string[] };
  });
  await invalidateWidget(deps.db, businessId);
  await releaseImages(deps, businessId, removedImages);
  return result;
}

/** The owner's notice (docs/decisions/0022): the bursts that still have pending rows, newest first. */
export async function listBursts(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  businessId: string,
): Promise<SubmissionBurst[]> {
  const now = clock();
  const rows = await repository.listBursts(db, businessId, 10);
  return rows.map((row) => ({
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    lastAt: row.lastAt.toISOString(),
    submissions: row.submissions,
    pending: row.pending,
    goingOn: isGoingOn(row.lastAt, now),
  }));
}

/**
 * Deletes the burst's rows that are still pending, then their images: those
 * the owner approved, rejected or edited stay (an edit takes a row out of its
 * burst, repository.update). The burst itself goes on while submissions do.
 */
export async function deletePendingOfBurst(
  deps: Pick<Deps, 'db' | 'log' | 'uploads' | 'clock' | 'config'>,
  businessId: string,
  burstId: string,
): Promise<number> {
  const removed = await deps.db.transaction(async (tx) => {
    if (!(await repository.hasBurst(tx, businessId, burstId))) throw notFound('Burst not found');
    const rows = await repository.removePendingOfBurst(tx, businessId, burstId);
    await queueTestimonialEvent({ ...deps, db: tx }, businessId, 'testimonial.deleted', rows);
    return rows;
  });
  await releaseImages(deps, businessId, removed.flatMap(imagesOf));
  return removed.length;
}
