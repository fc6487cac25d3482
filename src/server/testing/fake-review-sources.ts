// Local stand-ins for Google (its OAuth token endpoint, the account and location listings, the Business Profile
// reviews API) and Trustpilot's business-unit reviews, on one free loopback port: point `urls` into the config.
// A test adds, changes and removes reviews, makes a provider fail, or revokes Google's refresh token; every
// request is recorded. Just enough of each API for modules/review-sources.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_REVIEW_SOURCE_URLS, type ReviewSourceUrls } from '../config.js';
import { startHttpServer } from './http-server.js';

export type FakeGoogleReview = {
  reviewId: string;
  reviewer: { displayName: string; profilePhotoUrl?: string; isAnonymous?: boolean };
  starRating: 'ONE' | 'TWO' | 'THREE' | 'FOUR' | 'FIVE' | 'STAR_RATING_UNSPECIFIED';
  comment?: string;
  createTime: string;
  updateTime: string;
};

export type FakeTrustpilotReview = {
  id: string;
  consumer: { displayName: string };
  stars: number;
  title: string;
  text: string;
  createdAt: string;
  updatedAt: string | null;
};

/** How a provider answers meanwhile: normally, with this status, or not at all. */
export type FakeFailure = number | 'hang' | null;

export const FAKE_GOOGLE_LOCATION = 'accounts/1001/locations/2002';

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

async function bodyOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

export async function startFakeReviewSources() {
  const google = {
    codes: new Set<string>(),
    refreshTokens: new Set<string>(),
    accessTokens: new Set<string>(),
    reviews: new Map<string, FakeGoogleReview[]>([[FAKE_GOOGLE_LOCATION, []]]),
    /** Whether the next code exchange leaves out the refresh token (an account that consented before). */
    withholdRefreshToken: false,
    failure: null as FakeFailure,
  };
  const trustpilot = {
    keys: new Map<string, string>(), // apiKey → business unit id it opens
    reviews: new Map<string, FakeTrustpilotReview[]>(),
    failure: null as FakeFailure,
  };
  const requests: { method: string; path: string }[] = [];
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}${(sequence += 1)}`;
  const hung: ServerResponse[] = [];

  const failing = (response: ServerResponse, failure: FakeFailure): boolean => {
    if (failure === null) return false;
    if (failure === 'hang') hung.push(response);
    else json(response, failure, { error: { code: failure, message: 'failing on purpose' } });
    return true;
  };

  /** What Google's consent page does: a one-time code for our redirect. */
  const issueCode = () => {
    const code = `4/${randomBytes(8).toString('hex')}`;
    google.codes.add(code);
    return code;
  };

  const handleGoogle = async (
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ): Promise<void> => {
    // Google's consent page, as an owner who agrees at once sees it: straight back to our redirect with a code.
    if (url.pathname === '/google/auth' && request.method === 'GET') {
      const code = issueCode();
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/google/token' && request.method === 'POST') {
      const form = await bodyOf(request);
      if (failing(response, google.failure)) return;
      const grant = form.get('grant_type');
      if (grant === 'authorization_code' && google.codes.delete(form.get('code') ?? '')) {
        const accessToken = `ya29.${randomBytes(8).toString('hex')}`;
        google.accessTokens.add(accessToken);
        const refreshToken = `1//${randomBytes(12).toString('hex')}`;
        if (!google.withholdRefreshToken) google.refreshTokens.add(refreshToken);
        json(response, 200, {
          access_token: accessToken,
          expires_in: 3599,
          token_type: 'Bearer',
          scope: 'https://www.googleapis.com/auth/business.manage',
          ...(google.withholdRefreshToken ? {} : { refresh_token: refreshToken }),
        });
        return;
      }
      if (grant === 'refresh_token' && google.refreshTokens.has(form.get('refresh_token') ?? '')) {
        const accessToken = `ya29.${randomBytes(8).toString('hex')}`;
        google.accessTokens.add(accessToken);
        json(response, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
        return;
      }
      json(response, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      return;
    }
    if (failing(response, google.failure)) return;
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!google.accessTokens.has(token)) {
      json(response, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      return;
    }
    if (url.pathname === '/google/accounts/accounts') {
      json(response, 200, { accounts: [{ name: 'accounts/1001', accountName: 'Crumb & Co' }] });
      return;
    }
    if (url.pathname === '/google/info/accounts/1001/locations') {
      const page = url.searchParams.get('pageToken');
      json(
        response,
        200,
        page
          ? { locations: [{ name: 'locations/2003', title: 'Crumb & Co, Harbour Street' }] }
          : {
              locations: [{ name: 'locations/2002', title: 'Crumb & Co, Market Square' }],
              nextPageToken: 'second',
            },
      );
      return;
    }
    const reviews = /^\/google\/v4\/(accounts\/[^/]+\/locations\/[^/]+)\/reviews$/.exec(
      url.pathname,
    );
    const list = reviews?.[1] ? google.reviews.get(reviews[1]) : undefined;
    if (!list) {
      json(response, 404, { error: { code: 404, status: 'NOT_FOUND' } });
      return;
    }
    const size = Math.min(Number(url.searchParams.get('pageSize') ?? 50), 50);
    const start = Number(url.searchParams.get('pageToken') ?? 0);
    const end = start + size;
    json(response, 200, {
      reviews: list.slice(start, end),
      totalReviewCount: list.length,
      ...(end < list.length ? { nextPageToken: String(end) } : {}),
    });
  };

  const handleTrustpilot = (response: ServerResponse, url: URL): void => {
    if (failing(response, trustpilot.failure)) return;
    const match = /^\/trustpilot\/v1\/business-units\/([^/]+)\/reviews$/.exec(url.pathname);
    const unit = match?.[1];
    if (!unit) {
      json(response, 404, { message: 'Not found' });
      return;
    }
    const opens = trustpilot.keys.get(url.searchParams.get('apikey') ?? '');
    if (opens === undefined) {
      json(response, 401, { fault: { faultstring: 'Invalid ApiKey' } });
      return;
    }
    if (opens !== unit || !trustpilot.reviews.has(unit)) {
      json(response, 404, { message: 'Business unit not found' });
      return;
    }
    const list = trustpilot.reviews.get(unit) ?? [];
    const perPage = Number(url.searchParams.get('perPage') ?? 20);
    const page = Number(url.searchParams.get('page') ?? 1);
    json(response, 200, { reviews: list.slice((page - 1) * perPage, page * perPage), links: [] });
  };

  const server = await startHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push({ method: request.method ?? 'GET', path: url.pathname });
    if (!url.pathname.startsWith('/google/')) {
      handleTrustpilot(response, url);
      return;
    }
    handleGoogle(request, response, url).catch(() => {
      json(response, 500, { error: 'fake failed' });
    });
  });
  const base = server.origin;

  const urls: ReviewSourceUrls = {
    ...DEFAULT_REVIEW_SOURCE_URLS,
    googleAuth: `${base}/google/auth`,
    googleToken: `${base}/google/token`,
    googleReviews: `${base}/google/v4`,
    googleAccounts: `${base}/google/accounts`,
    googleLocations: `${base}/google/info`,
    trustpilot: `${base}/trustpilot/v1`,
  };

  const now = () => new Date().toISOString();
  return {
    urls,
    requests,
    google: {
      state: google,
      issueCode,
      /** The owner removed our access in their Google account: every refresh token stops working. */
      revoke: () => {
        google.refreshTokens.clear();
        google.accessTokens.clear();
      },
      addReview: (review: Partial<FakeGoogleReview> = {}, location = FAKE_GOOGLE_LOCATION) => {
        const created: FakeGoogleReview = {
          reviewId: nextId('g-'),
          reviewer: { displayName: 'Maya Lin' },
          starRating: 'FIVE',
          comment: 'The croissants are the best in town.',
          createTime: now(),
          updateTime: now(),
          ...review,
        };
        google.reviews.get(location)?.unshift(created);
        return created;
      },
      changeReview: (reviewId: string, change: Partial<FakeGoogleReview>) => {
        for (const list of google.reviews.values()) {
          const index = list.findIndex((review) => review.reviewId === reviewId);
          const found = list[index];
          if (found) list[index] = { ...found, ...change, updateTime: now() };
        }
      },
      removeReview: (reviewId: string) => {
        for (const [location, list] of google.reviews) {
          google.reviews.set(
            location,
            list.filter((review) => review.reviewId !== reviewId),
          );
        }
      },
      fail: (failure: FakeFailure) => {
        google.failure = failure;
      },
    },
    trustpilot: {
      state: trustpilot,
      /** A business unit and an API key that opens it. */
      addBusinessUnit: (unit: string, apiKey: string) => {
        trustpilot.keys.set(apiKey, unit);
        if (!trustpilot.reviews.has(unit)) trustpilot.reviews.set(unit, []);
      },
      addReview: (unit: string, review: Partial<FakeTrustpilotReview> = {}) => {
        const created: FakeTrustpilotReview = {
          id: nextId('tp'),
          consumer: { displayName: 'Jonas Berg' },
          stars: 4,
          title: 'Lovely bread',
          text: 'Friendly staff and lovely sourdough.',
          createdAt: now(),
          updatedAt: null,
          ...review,
        };
        trustpilot.reviews.get(unit)?.unshift(created);
        return created;
      },
      changeReview: (unit: string, id: string, change: Partial<FakeTrustpilotReview>) => {
        const list = trustpilot.reviews.get(unit) ?? [];
        const index = list.findIndex((review) => review.id === id);
        const found = list[index];
        if (found) list[index] = { ...found, ...change, updatedAt: now() };
      },
      removeReview: (unit: string, id: string) => {
        trustpilot.reviews.set(
          unit,
          (trustpilot.reviews.get(unit) ?? []).filter((review) => review.id !== id),
        );
      },
      fail: (failure: FakeFailure) => {
        trustpilot.failure = failure;
      },
    },
    /** Ends the answers a 'hang' failure held. */
    releaseHung: () => {
      for (const response of hung.splice(0)) response.destroy();
    },
    /** For a journey, which has no test to close it after (the integration tests' helpers close it themselves). */
    close: server.close,
  };
}

export type FakeReviewSources = Awaited<ReturnType<typeof startFakeReviewSources>>;
