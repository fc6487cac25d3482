// One interface for every review provider (docs/product/integrations.md#review-sources): list a place's reviews,
// and say what a failure means for the source. modules/review-sources syncs whatever an adapter answers.
//   revoked:   the provider refused our credentials (401, invalid_grant): only the owner can mend it, by reconnecting;
//   transient: the provider is away or slow (5xx, 429, a timeout, no connection): try again later;
//   permanent: anything else the provider refused (a 404 business unit, a 403): tried again later too, but shown.
export type SourceReview = {
  /** The provider's own id: the same review keeps it across edits. */
  id: string;
  authorName: string;
  photoUrl: string | null;
  /** 0 when the provider gives none, else 1 to 5. */
  rating: number;
  text: string;
  createdAt: Date;
  updatedAt: Date;
  /** The review's public address, where the provider has one. */
  url: string | null;
};

export type SourceErrorKind = 'revoked' | 'transient' | 'permanent';

export class ReviewSourceError extends Error {
  override name = 'ReviewSourceError';
  constructor(
    readonly kind: SourceErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export type ReviewSourceAdapter = {
  /**
   * Every review of the place, newest first, at most MAX_REVIEWS_PER_SYNC. `budget` ends the whole listing: a sync
   * runs inside a job, whose handler has a deadline of its own (decision 0030).
   */
  listReviews: (budget: AbortSignal) => Promise<SourceReview[]>;
};

/** A sync reads at most this many reviews of one place (100 pages of 100 at Trustpilot). */
export const MAX_REVIEWS_PER_SYNC = 10_000;

/** Fetch with a deadline per call and the listing's budget: a provider too slow for either is a transient failure. */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  provider: string,
  budget?: AbortSignal,
): Promise<Response> {
  const call = AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(url, { ...init, signal: budget ? AbortSignal.any([call, budget]) : call });
  } catch {
    if (budget?.aborted) {
      throw new ReviewSourceError('transient', `${provider} was too slow to list every review.`);
    }
    throw new ReviewSourceError(
      'transient',
      call.aborted ? `${provider} did not answer in time.` : `${provider} could not be reached.`,
    );
  }
}

/** What an HTTP status means for the source. */
export function errorOfStatus(status: number, provider: string): ReviewSourceError {
  if (status === 401) {
    return new ReviewSourceError(
      'revoked',
      `${provider} no longer accepts our access. Please reconnect.`,
    );
  }
  if (status >= 500 || status === 429 || status === 408) {
    return new ReviewSourceError('transient', `${provider} is not answering (error ${status}).`);
  }
  return new ReviewSourceError('permanent', `${provider} refused the request (error ${status}).`);
}

/** The JSON body of an answer, or a transient failure for one that is not JSON (a proxy's error page). */
export async function jsonOf(response: Response, provider: string): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new ReviewSourceError('transient', `${provider} sent an answer we could not read.`);
  }
}
