// Google Business Profile: the owner's consent through Google's OAuth (google-auth-library: offline access, so we
// keep a refresh token), the accounts and locations the owner picks from, and a location's reviews through the
// Business Profile API v4. Every base URL comes from the config, so the tests reach a local stand-in.
import { OAuth2Client } from 'google-auth-library';
import { z } from 'zod';
import type { Config, ReviewSourceUrls } from '../../config.js';
import { withDeadline } from '../../with-deadline.js';
import {
  errorOfStatus,
  fetchWithTimeout,
  jsonOf,
  MAX_REVIEWS_PER_SYNC,
  ReviewSourceError,
  type ReviewSourceAdapter,
  type SourceReview,
} from './source.js';

const PROVIDER = 'Google';
const GOOGLE_BUSINESS_SCOPE = 'https://www.googleapis.com/auth/business.manage';
/** The Business Profile API's largest review page. */
const REVIEWS_PAGE_SIZE = 50;
/** Google's redirect after consent lands on the Integrations page, which posts the code on (no GET changes state). */
const REDIRECT_PATH = '/integrations';

type GoogleConfig = Pick<Config, 'baseUrl' | 'google' | 'reviewSourceUrls'>;

const STAR_RATINGS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };

const googleReviewSchema = z.object({
  reviewId: z.string().min(1),
  reviewer: z
    .object({
      displayName: z.string().nullish(),
      profilePhotoUrl: z.string().nullish(),
      isAnonymous: z.boolean().nullish(),
    })
    .nullish(),
  starRating: z.string().nullish(),
  comment: z.string().nullish(),
  createTime: z.iso.datetime({ offset: true }),
  updateTime: z.iso.datetime({ offset: true }).nullish(),
});
const reviewPageSchema = z.object({
  reviews: z.array(z.unknown()).optional(),
  nextPageToken: z.string().nullish(),
});
const accountPageSchema = z.object({
  accounts: z.array(z.object({ name: z.string(), accountName: z.string().nullish() })).optional(),
  nextPageToken: z.string().nullish(),
});
const locationPageSchema = z.object({
  locations: z.array(z.object({ name: z.string(), title: z.string().nullish() })).optional(),
  nextPageToken: z.string().nullish(),
});

export type GoogleLocationChoice = { name: string; title: string; accountName: string };

function oauthClient(config: GoogleConfig): OAuth2Client {
  if (!config.google)
    throw new ReviewSourceError('permanent', 'Google is not set up on this server.');
  return new OAuth2Client({
    clientId: config.google.clientId,
    clientSecret: config.google.clientSecret,
    redirectUri: `${config.baseUrl}${REDIRECT_PATH}`,
    endpoints: {
      oauth2AuthBaseUrl: config.reviewSourceUrls.googleAuth,
      oauth2TokenUrl: config.reviewSourceUrls.googleToken,
    },
  });
}

/** Google's consent page for the business.manage scope, with offline access so a refresh token comes back. */
export function googleAuthUrl(config: GoogleConfig, state: string): string {
  return oauthClient(config).generateAuthUrl({
    access_type: 'offline',
    // Asks again even when the account consented before, so Google sends a new refresh token.
    prompt: 'consent',
    scope: [GOOGLE_BUSINESS_SCOPE],
    state,
  });
}

/** Trades the code of Google's redirect for a refresh token; null when Google granted none. */
export async function exchangeGoogleCode(
  config: GoogleConfig,
  code: string,
): Promise<string | null> {
  const client = oauthClient(config);
  const { tokens } = await withDeadline(
    client.getToken(code),
    config.reviewSourceUrls.timeoutMs,
    didNotAnswer,
  ).catch((error: unknown) => {
    throw oauthError(error);
  });
  return tokens.refresh_token ?? null;
}

/** A fresh access token from the refresh token; revoked when Google says invalid_grant. */
async function accessToken(config: GoogleConfig, refreshToken: string): Promise<string> {
  const client = oauthClient(config);
  client.setCredentials({ refresh_token: refreshToken });
  const { token } = await withDeadline(
    client.getAccessToken(),
    config.reviewSourceUrls.timeoutMs,
    didNotAnswer,
  ).catch((error: unknown) => {
    throw oauthError(error);
  });
  if (!token) throw new ReviewSourceError('transient', `${PROVIDER} sent no access token.`);
  return token;
}

/** A GET of Google's JSON with the access token. */
async function getJson(
  urls: ReviewSourceUrls,
  url: URL,
  token: string,
  budget?: AbortSignal,
): Promise<unknown> {
  const response = await fetchWithTimeout(
    url.href,
    { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
    urls.timeoutMs,
    PROVIDER,
    budget,
  );
  if (!response.ok) throw errorOfStatus(response.status, PROVIDER);
  return jsonOf(response, PROVIDER);
}

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ReviewSourceError('transient', `${PROVIDER} sent an answer we could not read.`);
  }
  return result.data;
}

/** Every location of every account the refresh token opens, for the owner to choose one. */
export async function listGoogleLocations(
  config: GoogleConfig,
  refreshToken: string,
): Promise<GoogleLocationChoice[]> {
  const urls = config.reviewSourceUrls;
  const token = await accessToken(config, refreshToken);
  const accounts: { name: string; accountName: string }[] = [];
  let pageToken: string | null | undefined;
  do {
    const url = new URL(`${urls.googleAccounts}/accounts`);
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    const page = parsed(accountPageSchema, await getJson(urls, url, token));
    for (const account of page.accounts ?? []) {
      accounts.push({ name: account.name, accountName: account.accountName ?? account.name });
    }
    pageToken = page.nextPageToken;
  } while (pageToken);

  const locations: GoogleLocationChoice[] = [];
  for (const account of accounts) {
    let locationPageToken: string | null | undefined;
    do {
      const url = new URL(`${urls.googleLocations}/${account.name}/locations`);
      url.searchParams.set('readMask', 'name,title');
      url.searchParams.set('pageSize', '100');
      if (locationPageToken) url.searchParams.set('pageToken', locationPageToken);
      const page = parsed(locationPageSchema, await getJson(urls, url, token));
      for (const location of page.locations ?? []) {
        // The Business Information API names a location `locations/{id}`; the reviews API wants it under its account.
        const id = location.name.split('/').pop() ?? location.name;
        locations.push({
          name: `${account.name}/locations/${id}`,
          title: location.title ?? id,
          accountName: account.accountName,
        });
      }
      locationPageToken = page.nextPageToken;
    } while (locationPageToken);
  }
  return locations;
}

export function googleAdapter(
  config: GoogleConfig,
  credentials: { refreshToken: string; locationName: string },
): ReviewSourceAdapter {
  const urls = config.reviewSourceUrls;
  return {
    listReviews: async (budget) => {
      const token = await accessToken(config, credentials.refreshToken);
      const reviews: SourceReview[] = [];
      let pageToken: string | null | undefined;
      do {
        const url = new URL(`${urls.googleReviews}/${credentials.locationName}/reviews`);
        url.searchParams.set('pageSize', String(REVIEWS_PAGE_SIZE));
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const page = parsed(reviewPageSchema, await getJson(urls, url, token, budget));
        for (const item of page.reviews ?? []) {
          const review = googleReviewSchema.safeParse(item);
          if (review.success) reviews.push(toReview(review.data));
        }
        pageToken = page.nextPageToken;
      } while (pageToken && reviews.length < MAX_REVIEWS_PER_SYNC);
      return reviews;
    },
  };
}

function toReview(review: z.infer<typeof googleReviewSchema>): SourceReview {
  const anonymous = review.reviewer?.isAnonymous === true;
  return {
    id: review.reviewId,
    authorName: anonymous ? '' : (review.reviewer?.displayName?.trim() ?? ''),
    photoUrl: anonymous ? null : (review.reviewer?.profilePhotoUrl ?? null),
    rating: STAR_RATINGS[review.starRating ?? ''] ?? 0,
    text: review.comment?.trim() ?? '',
    createdAt: new Date(review.createTime),
    updatedAt: new Date(review.updateTime ?? review.createTime),
    // The API gives no public address of one review.
    url: null,
  };
}

/** What a failure of Google's token endpoint means: invalid_grant (revoked, expired) needs the owner. */
function oauthError(error: unknown): ReviewSourceError {
  if (error instanceof ReviewSourceError) return error;
  const response = (error as { response?: { status?: number; data?: unknown } }).response;
  const data = response?.data as { error?: unknown } | undefined;
  if (data?.error === 'invalid_grant' || response?.status === 401) {
    return new ReviewSourceError(
      'revoked',
      `${PROVIDER} no longer accepts our access. Please reconnect.`,
    );
  }
  if (response?.status !== undefined) return errorOfStatus(response.status, PROVIDER);
  return new ReviewSourceError('transient', `${PROVIDER} could not be reached.`);
}

const didNotAnswer = () =>
  new ReviewSourceError('transient', `${PROVIDER} did not answer in time.`);
