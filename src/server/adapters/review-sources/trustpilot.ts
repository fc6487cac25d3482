// Trustpilot's public reviews of one business unit, read with the owner's API key:
// GET {base}/business-units/{businessUnitId}/reviews?apikey=…&perPage=100&page=N, newest first.
import { z } from 'zod';
import { trustpilotReviewUrl } from '../../../shared/import-formats.js';
import {
  errorOfStatus,
  fetchWithTimeout,
  jsonOf,
  MAX_REVIEWS_PER_SYNC,
  ReviewSourceError,
  type ReviewSourceAdapter,
  type SourceReview,
} from './source.js';

const PROVIDER = 'Trustpilot';
const PER_PAGE = 100;

const trustpilotReviewSchema = z.object({
  id: z.string().min(1),
  stars: z.number().int().min(0).max(5).catch(0),
  title: z.string().nullish(),
  text: z.string().nullish(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }).nullish(),
  consumer: z.object({ displayName: z.string().nullish() }).nullish(),
});

const pageSchema = z.object({ reviews: z.array(z.unknown()) });

export type TrustpilotOptions = {
  baseUrl: string;
  businessUnitId: string;
  apiKey: string;
  timeoutMs: number;
};

export function trustpilotAdapter(options: TrustpilotOptions): ReviewSourceAdapter & {
  /** One call that proves the key opens this business unit, before anything is saved. */
  check: () => Promise<void>;
} {
  const page = async (
    number: number,
    perPage: number,
    budget?: AbortSignal,
  ): Promise<unknown[]> => {
    const url = new URL(
      `${options.baseUrl}/business-units/${encodeURIComponent(options.businessUnitId)}/reviews`,
    );
    url.searchParams.set('apikey', options.apiKey);
    url.searchParams.set('perPage', String(perPage));
    url.searchParams.set('page', String(number));
    url.searchParams.set('orderBy', 'createdat.desc');
    const response = await fetchWithTimeout(
      url.href,
      { headers: { accept: 'application/json' } },
      options.timeoutMs,
      PROVIDER,
      budget,
    );
    // Trustpilot answers a key it does not know, or one without access to this unit, with 401 or 403.
    if (response.status === 403) throw errorOfStatus(401, PROVIDER);
    if (!response.ok) throw errorOfStatus(response.status, PROVIDER);
    const parsed = pageSchema.safeParse(await jsonOf(response, PROVIDER));
    if (!parsed.success) {
      throw new ReviewSourceError('transient', `${PROVIDER} sent an answer we could not read.`);
    }
    return parsed.data.reviews;
  };

  return {
    check: async () => {
      await page(1, 1);
    },
    listReviews: async (budget) => {
      const reviews: SourceReview[] = [];
      for (let number = 1; reviews.length < MAX_REVIEWS_PER_SYNC; number += 1) {
        const items = await page(number, PER_PAGE, budget);
        for (const item of items) {
          const review = trustpilotReviewSchema.safeParse(item);
          // A review we cannot read is left out rather than failing the whole sync.
          if (review.success) reviews.push(toReview(review.data));
        }
        if (items.length < PER_PAGE) break;
      }
      return reviews;
    },
  };
}

function toReview(review: z.infer<typeof trustpilotReviewSchema>): SourceReview {
  const title = review.title?.trim() ?? '';
  const text = review.text?.trim() ?? '';
  return {
    id: review.id,
    authorName: review.consumer?.displayName?.trim() ?? '',
    photoUrl: null,
    rating: review.stars,
    // The title is the review's first line on Trustpilot; it stays the first line here, unless the text repeats it.
    text: title && !text.startsWith(title) ? (text ? `${title}\n\n${text}` : title) : text,
    createdAt: new Date(review.createdAt),
    updatedAt: new Date(review.updatedAt ?? review.createdAt),
    url: trustpilotReviewUrl(review.id),
  };
}
