// A customer's testimonial from the public form (docs/product/collection.md#what-the-form-accepts): validated against
// the business's own collection settings, stored as pending, its photos
// claimed in the same transaction, so a 2xx means it is committed
// (docs/security.md rule 15). A filled honeypot is refused, never pretended stored.
// While the form is under a burst (bursts.ts) a valid testimonial also needs a
// solved browser check, used once: refused with 403 and a code the form acts
// on, never dropped in silence (docs/decisions/0022).
import {
  ANONYMOUS_AUTHOR_NAME,
  REQUEST_TOKEN_FIELD,
  SUBMISSION_PROOF_FIELD,
  buildSubmissionSchema,
  isHoneypotFilled,
  submissionCheckMessages,
  submissionMessages,
} from '../../../shared/schemas/submission.js';
import type { Deps } from '../../deps.js';
import { badRequest, validationFailed } from '../../errors.js';
import { requireBySlugWithSettings } from '../business/service.js';
import { formSettingsOf } from '../collection/service.js';
import { noteArrival } from '../notifications/service.js';
import { noteRequestAnswered } from '../requests/service.js';
import { queueTestimonialEvent } from '../testimonials/service.js';
import { claimUploads, prepareUploads } from '../uploads/service.js';
import { requireProof } from './browser-check.js';
import { burstOf, spendProof } from './bursts.js';
import * as repository from './repository.js';

const one = (ref: string | null) => (ref ? [ref] : []);

/** A field of the body the submission schema does not read, as sent. */
const extraField = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

/** The body's `proof` field, as sent. */
const proofOf = (body: unknown): unknown => extraField(body, SUBMISSION_PROOF_FIELD);

export async function submitTestimonial(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log' | 'uploads' | 'analytics'>,
  slug: string,
  body: unknown,
): Promise<{ id: string }> {
  const found = await requireBySlugWithSettings(deps, slug);
  const businessId = found.business.id;
  if (isHoneypotFilled(body)) throw badRequest(submissionMessages.rejected);

  const parsed = buildSubmissionSchema(formSettingsOf(found.collection)).safeParse(body ?? {});
  if (!parsed.success) throw validationFailed(parsed.error.issues);
  const data = parsed.data;

  // After the fields, so a customer fixes what they typed before their browser is asked to work.
  const burstId = await burstOf(deps, businessId);
  const proof = burstId
    ? await requireProof(deps, slug, proofOf(body), submissionCheckMessages)
    : null;

  // The photos' references become object paths before the transaction opens; they are claimed inside it.
  const [authorImage] = await prepareUploads(
    deps,
    businessId,
    one(data.authorImageUrl),
    'author-image',
  );
  const productImages = await prepareUploads(
    deps,
    businessId,
    data.productImageUrls,
    'product-image',
  );
  const [beforeImage] = await prepareUploads(
    deps,
    businessId,
    one(data.beforeImageUrl),
    'before-after-image',
  );
  const [afterImage] = await prepareUploads(
    deps,
    businessId,
    one(data.afterImageUrl),
    'before-after-image',
  );

  const row = await deps.db.transaction(async (tx) => {
    if (burstId && proof) {
      await spendProof({ ...deps, db: tx }, burstId, proof, submissionCheckMessages);
    }
    const created = await repository.create(tx, {
      businessId,
      burstId,
      authorName: data.authorName ?? ANONYMOUS_AUTHOR_NAME,
      authorEmail: data.authorEmail,
      authorBusinessName: data.authorBusinessName,
      authorLocation: data.authorLocation,
      content: data.content,
      rating: data.rating,
      authorImageUrl: authorImage ?? null,
      productImageUrls: productImages,
      beforeImageUrl: beforeImage ?? null,
      afterImageUrl: afterImage ?? null,
    });
    await claimUploads({ db: tx }, businessId, one(authorImage ?? null), 'author-image');
    await claimUploads({ db: tx }, businessId, productImages, 'product-image');
    await claimUploads(
      { db: tx },
      businessId,
      [...one(beforeImage ?? null), ...one(afterImage ?? null)],
      'before-after-image',
    );
    await noteArrival({ ...deps, db: tx }, businessId, created.id);
    await queueTestimonialEvent({ ...deps, db: tx }, businessId, 'testimonial.submitted', created);
    // Sent from a request email's star link: that request is answered (docs/product/requests.md#answered).
    await noteRequestAnswered(
      { ...deps, db: tx },
      { token: extraField(body, REQUEST_TOKEN_FIELD), businessId, testimonial: created },
    );
    return created;
  });
  // Committed: the business's count of testimonials sent through its form (docs/product/analytics.md#counting).
  deps.analytics.recordSubmission(found.business);
  return { id: row.id };
}
