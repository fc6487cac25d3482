// One sync of one source (docs/product/integrations.md#review-sources, docs/decisions/0036): the provider's whole list
// is read, then applied in one transaction, keyed by (business, source, review id):
// - a new review becomes a testimonial, pending, or approved when the source is trusted;
// - a review changed at its source changes the testimonial, unless the owner edited it here (its name, text and
//   rating no longer match the digest of what the source last gave): the owner's words win;
// - a review gone from its source is hidden from the widget (goneFromSourceAt), never deleted, and shows again if
//   it comes back. Reviews without text or stars are left out: a testimonial needs both.
import { createHash } from 'node:crypto';
import { RATING_MAX, RATING_MIN } from '../../../shared/constants.js';
import { keyOfSourceId } from '../../../shared/import-formats.js';
import { TESTIMONIAL_LIMITS } from '../../../shared/schemas/testimonials.js';
import type { SourceReview } from '../../adapters/review-sources/source.js';
import type { ReviewSourceRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { enqueueJobs } from '../../jobs/queue.js';
import { fetchImportedPhotoJob } from '../imports/jobs.js';
import { invalidateWidget } from '../widget/events.js';
import * as repository from './repository.js';

const ANONYMOUS = 'A customer';
const L = TESTIMONIAL_LIMITS;

export type SyncCounts = { added: number; updated: number; hidden: number; restored: number };

type Values = { authorName: string; content: string; rating: number };

/** What a review becomes here, or null when it cannot be a testimonial. */
function valuesOf(review: SourceReview): Values | null {
  const content = review.text.trim().slice(0, L.contentMax);
  const rating = Math.round(review.rating);
  if (!content || rating < RATING_MIN || rating > RATING_MAX) return null;
  return {
    authorName: (review.authorName.trim() || ANONYMOUS).slice(0, L.authorNameMax),
    content,
    rating,
  };
}

const digestOf = (values: Values): string =>
  createHash('sha256')
    .update(JSON.stringify([values.authorName, values.content, values.rating]))
    .digest('base64url');

export async function applyReviews(
  deps: Pick<Deps, 'db' | 'clock'>,
  source: ReviewSourceRow,
  reviews: SourceReview[],
): Promise<SyncCounts> {
  const now = deps.clock();
  const counts: SyncCounts = { added: 0, updated: 0, hidden: 0, restored: 0 };
  await deps.db.transaction(async (tx) => {
    const existing = new Map(
      (await repository.listKeyedTestimonials(tx, source.businessId, source.kind)).map((row) => [
        row.sourceKey,
        row,
      ]),
    );
    const present: string[] = [];
    const added: Parameters<typeof repository.insertTestimonials>[1] = [];
    for (const review of reviews) {
      const values = valuesOf(review);
      if (!values) continue;
      const key = keyOfSourceId(review.id);
      present.push(key);
      const digest = digestOf(values);
      const row = existing.get(key);
      if (!row) {
        added.push({
          businessId: source.businessId,
          ...values,
          status: source.trusted ? 'approved' : 'pending',
          approvedAt: source.trusted ? now : null,
          submittedAt: review.createdAt.getTime() > now.getTime() ? now : review.createdAt,
          source: source.kind,
          sourceKey: key,
          sourceUrl: review.url,
          reviewSourceId: source.id,
          sourceDigest: digest,
        });
        continue;
      }
      const change: Parameters<typeof repository.updateTestimonial>[3] = {};
      // A row imported from a file with the same id is this review: the source keeps it in step from now on.
      if (row.reviewSourceId !== source.id) change.reviewSourceId = source.id;
      if (row.goneFromSourceAt) {
        change.goneFromSourceAt = null;
        counts.restored += 1;
      }
      const untouchedHere = row.sourceDigest !== null && row.sourceDigest === digestOf(row);
      if (untouchedHere && row.sourceDigest !== digest) {
        Object.assign(change, values, { sourceDigest: digest });
        counts.updated += 1;
      }
      if (Object.keys(change).length > 0) {
        await repository.updateTestimonial(tx, source.businessId, row.id, change);
      }
    }
    const inserted = await repository.insertTestimonials(tx, added);
    counts.added = inserted.length;
    // The reviewer's photo is fetched afterwards, as an imported file's photos are.
    const photoOfKey = new Map(
      reviews.flatMap((review) =>
        review.photoUrl ? [[keyOfSourceId(review.id), review.photoUrl] as const] : [],
      ),
    );
    await enqueueJobs(
      tx,
      fetchImportedPhotoJob,
      inserted.flatMap(({ id, sourceKey }) => {
        const url = sourceKey === null ? undefined : photoOfKey.get(sourceKey);
        return url ? [{ payload: { runId: null, testimonialId: id, url } }] : [];
      }),
      now,
    );
    counts.hidden = await repository.markGone(tx, source.businessId, source.id, present, now);
  });
  if (counts.added + counts.updated + counts.hidden + counts.restored > 0) {
    await invalidateWidget(deps.db, source.businessId);
  }
  return counts;
}
