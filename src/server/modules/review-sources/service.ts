// Review sources (docs/product/integrations.md#review-sources): connect Google (OAuth, then a location) or Trustpilot
// (a business unit and an API key, checked by one call before anything is stored), trust, sync now, disconnect.
// Every query is scoped by the caller's business (docs/security.md rule 7). Credentials are sealed before they are
// stored and appear in no answer, log line or job payload (docs/decisions/0036).
import { randomUUID } from 'node:crypto';
import {
  reviewSourceMessages as M,
  type ChooseGoogleLocationInput,
  type ConnectTrustpilotInput,
  type GoogleAuthCallbackInput,
  type GoogleAuthStart,
  type GoogleLocationList,
  type ReviewSource,
  type ReviewSourceList,
} from '../../../shared/schemas/review-sources.js';
import {
  exchangeGoogleCode,
  googleAuthUrl,
  listGoogleLocations,
} from '../../adapters/review-sources/google.js';
import { ReviewSourceError } from '../../adapters/review-sources/source.js';
import { trustpilotAdapter } from '../../adapters/review-sources/trustpilot.js';
import type { ReviewSourceRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { conflict, notFound, serviceUnavailable, validationFailed } from '../../errors.js';
import { openCredentials, sealCredentials } from './credentials.js';
import { CREDENTIALS_UNREADABLE, queueSyncNow } from './jobs.js';
import { signOAuthState, verifyOAuthState } from './oauth-state.js';
import * as repository from './repository.js';

const sourceNotFound = () => notFound('Review source not found');

function toReviewSource(row: ReviewSourceRow): ReviewSource {
  const needsLocation = row.kind === 'google' && !row.googleLocationName;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    trusted: row.trusted,
    label: row.kind === 'google' ? row.googleLocationTitle : row.trustpilotBusinessUnitId,
    needsLocation,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastError: row.lastError,
    nextSyncAt: row.nextSyncAt?.toISOString() ?? null,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSources(
  deps: Pick<Deps, 'db' | 'config'>,
  businessId: string,
): Promise<ReviewSourceList> {
  const rows = await repository.listSources(deps.db, businessId);
  return { sources: rows.map(toReviewSource), googleAvailable: Boolean(deps.config.google) };
}

async function requireSource(
  deps: Pick<Deps, 'db'>,
  businessId: string,
  id: string,
): Promise<ReviewSourceRow> {
  const row = await repository.findSource(deps.db, businessId, id);
  if (!row) throw sourceNotFound();
  return row;
}

/** What a provider's failure tells the owner who is connecting right now. */
function connectError(error: unknown, refused: string, unreachable: string, path: string): Error {
  if (!(error instanceof ReviewSourceError)) return error as Error;
  if (error.kind === 'transient') return serviceUnavailable(unreachable);
  return validationFailed([{ path, message: refused }]);
}

function requireGoogle(deps: Pick<Deps, 'config'>): void {
  if (!deps.config.google) throw conflict(M.googleOff);
}

export function startGoogleAuth(
  deps: Pick<Deps, 'config' | 'clock'>,
  caller: { businessId: string; userId: string },
): GoogleAuthStart {
  requireGoogle(deps);
  const state = signOAuthState(deps.config.sessionSecret, caller, deps.clock());
  return { url: googleAuthUrl(deps.config, state) };
}

/**
 * Google's redirect came back to the Integrations page with a code. A business has one Google source: connecting
 * again (Reconnect) gives it the new access and keeps its location, its trust and its testimonials.
 */
export async function finishGoogleAuth(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  caller: { businessId: string; userId: string },
  input: GoogleAuthCallbackInput,
): Promise<ReviewSource> {
  requireGoogle(deps);
  if (!verifyOAuthState(deps.config.sessionSecret, input.state, caller, deps.clock())) {
    throw validationFailed([{ path: 'state', message: M.googleStateInvalid }]);
  }
  let refreshToken: string | null;
  try {
    refreshToken = await exchangeGoogleCode(deps.config, input.code);
  } catch (error) {
    throw connectError(error, M.googleRefused, M.googleUnreachable, 'code');
  }
  if (!refreshToken) throw validationFailed([{ path: 'code', message: M.googleNoRefreshToken }]);
  const secret = deps.config.sessionSecret;
  return deps.db.transaction(async (tx) => {
    const existing = await repository.findSourceOfKind(tx, caller.businessId, 'google');
    if (existing) {
      const updated = await repository.updateSource(tx, caller.businessId, existing.id, {
        credentials: sealCredentials(secret, existing.id, { kind: 'google', refreshToken }),
        status: 'connected',
        lastError: null,
        consecutiveFailures: 0,
      });
      if (!updated) throw sourceNotFound();
      if (updated.googleLocationName) await queueSyncNow({ ...deps, db: tx }, updated.id);
      return toReviewSource(updated);
    }
    const id = randomUUID();
    const created = await repository.createSource(tx, {
      id,
      businessId: caller.businessId,
      kind: 'google',
      credentials: sealCredentials(secret, id, { kind: 'google', refreshToken }),
    });
    return toReviewSource(created);
  });
}

function googleTokenOf(deps: Pick<Deps, 'config'>, source: ReviewSourceRow): string {
  const credentials = openCredentials(deps.config.sessionSecret, source.id, source.credentials);
  if (credentials?.kind !== 'google') throw conflict(CREDENTIALS_UNREADABLE);
  return credentials.refreshToken;
}

/** Marks the source for a reconnect when Google refused its token, and answers what to throw. */
async function googleFailure(
  deps: Pick<Deps, 'db'>,
  source: ReviewSourceRow,
  error: unknown,
): Promise<Error> {
  if (error instanceof ReviewSourceError && error.kind === 'revoked') {
    await repository.updateSource(deps.db, source.businessId, source.id, {
      status: 'reconnect',
      lastError: error.message,
      nextSyncAt: null,
    });
    return conflict(M.reconnectFirst);
  }
  return connectError(error, M.googleRefused, M.googleUnreachable, 'name');
}

export async function listLocations(
  deps: Pick<Deps, 'db' | 'config'>,
  businessId: string,
  id: string,
): Promise<GoogleLocationList> {
  requireGoogle(deps);
  const source = await requireSource(deps, businessId, id);
  if (source.kind !== 'google') throw sourceNotFound();
  if (source.status === 'reconnect') throw conflict(M.reconnectFirst);
  try {
    return { locations: await listGoogleLocations(deps.config, googleTokenOf(deps, source)) };
  } catch (error) {
    throw await googleFailure(deps, source, error);
  }
}

/** Only a location the account lists may be chosen: the owner cannot name another business's location. */
export async function chooseLocation(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  businessId: string,
  id: string,
  input: ChooseGoogleLocationInput,
): Promise<ReviewSource> {
  const { locations } = await listLocations(deps, businessId, id);
  const chosen = locations.find((location) => location.name === input.name);
  if (!chosen) throw validationFailed([{ path: 'name', message: M.locationUnknown }]);
  return deps.db.transaction(async (tx) => {
    const updated = await repository.updateSource(tx, businessId, id, {
      googleLocationName: chosen.name,
      googleLocationTitle: chosen.title,
      lastError: null,
      consecutiveFailures: 0,
      status: 'connected',
    });
    if (!updated) throw sourceNotFound();
    await queueSyncNow({ ...deps, db: tx }, id);
    return toReviewSource(updated);
  });
}

/** One call with the key first: a key Trustpilot refuses stores nothing. Connecting again replaces the key. */
export async function connectTrustpilot(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  businessId: string,
  input: ConnectTrustpilotInput,
): Promise<ReviewSource> {
  const existing = await repository.findSourceOfKind(deps.db, businessId, 'trustpilot');
  if (existing && existing.trustpilotBusinessUnitId !== input.businessUnitId) {
    throw conflict(M.alreadyConnected);
  }
  try {
    await trustpilotAdapter({
      baseUrl: deps.config.reviewSourceUrls.trustpilot,
      businessUnitId: input.businessUnitId,
      apiKey: input.apiKey,
      timeoutMs: deps.config.reviewSourceUrls.timeoutMs,
    }).check();
  } catch (error) {
    throw connectError(error, M.trustpilotRefused, M.trustpilotUnreachable, 'apiKey');
  }
  const secret = deps.config.sessionSecret;
  return deps.db.transaction(async (tx) => {
    const credentials = (sourceId: string) =>
      sealCredentials(secret, sourceId, { kind: 'trustpilot', apiKey: input.apiKey });
    const row = existing
      ? await repository.updateSource(tx, businessId, existing.id, {
          credentials: credentials(existing.id),
          status: 'connected',
          lastError: null,
          consecutiveFailures: 0,
        })
      : await (async () => {
          const id = randomUUID();
          return repository.createSource(tx, {
            id,
            businessId,
            kind: 'trustpilot',
            credentials: credentials(id),
            trustpilotBusinessUnitId: input.businessUnitId,
          });
        })();
    if (!row) throw sourceNotFound();
    await queueSyncNow({ ...deps, db: tx }, row.id);
    return toReviewSource(row);
  });
}

export async function setTrusted(
  deps: Pick<Deps, 'db'>,
  businessId: string,
  id: string,
  trusted: boolean,
): Promise<ReviewSource> {
  const updated = await repository.updateSource(deps.db, businessId, id, { trusted });
  if (!updated) throw sourceNotFound();
  return toReviewSource(updated);
}

export async function syncNow(
  deps: Pick<Deps, 'db' | 'clock'>,
  businessId: string,
  id: string,
): Promise<{ queued: true }> {
  const source = await requireSource(deps, businessId, id);
  if (source.status === 'reconnect') throw conflict(M.reconnectFirst);
  if (source.kind === 'google' && !source.googleLocationName) throw conflict(M.needsLocation);
  await queueSyncNow(deps, source.id);
  return { queued: true };
}

/** Forgets the credentials; the testimonials stay, no longer kept in step (their link to the source is cleared). */
export async function disconnect(
  deps: Pick<Deps, 'db'>,
  businessId: string,
  id: string,
): Promise<{ deleted: true }> {
  const removed = await repository.removeSource(deps.db, businessId, id);
  if (!removed) throw sourceNotFound();
  return { deleted: true };
}
