// Integrations (docs/product/integrations.md#integrations-screen, docs/product/integrations.md, docs/product/README.md#who-may-do-what, docs/product/integrations.md#calls): the owner's API key, and the Wix sites
// linked to the owner. Keys: api-keys.ts; the Wix `instance`: wix-instance.ts.
import {
  INVALID_WIX_INSTANCE_CODE,
  WIX_NOT_CONFIGURED_CODE,
  WIX_SITE_TAKEN_CODE,
  type ApiKeyInfo,
  type CreatedApiKey,
  type WixConnectInput,
  type WixConnectResult,
  type WixSite,
} from '../../../shared/schemas/integrations.js';
import type { UserRow, WixSiteRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { wixSiteChanged } from '../widget/events.js';
import {
  apiKeyExpiresAt,
  apiKeyStatusAt,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  maskApiKey,
} from './api-keys.js';
import * as repository from './repository.js';
import { verifyWixInstance } from './wix-instance.js';

export const WIX_NOT_CONFIGURED_MESSAGE =
  'Wix connect is not set up on this server. Its operator needs to set WIX_APP_SECRET.';
const OPEN_FROM_WIX = 'Please open Vouchly again from your Wix dashboard.';
export const WIX_INSTANCE_INVALID_MESSAGE = `This Wix connection could not be verified. ${OPEN_FROM_WIX}`;
export const WIX_INSTANCE_EXPIRED_MESSAGE = `This Wix connection link has expired. ${OPEN_FROM_WIX}`;
const WIX_SITE_MISMATCH_MESSAGE = `This link names a different Wix site than the one it was signed for. ${OPEN_FROM_WIX}`;
export const WIX_SITE_TAKEN_MESSAGE =
  'This Wix site is already connected to another Vouchly account.';

const NO_API_KEY: ApiKeyInfo = {
  hasApiKey: false,
  maskedKey: null,
  status: null,
  createdAt: null,
  expiresAt: null,
};

function toApiKeyInfo(stored: repository.StoredApiKey | null, now: Date): ApiKeyInfo {
  if (!stored?.apiKeyHash || !stored.apiKeyCreatedAt) return NO_API_KEY;
  return {
    hasApiKey: true,
    maskedKey: maskApiKey(stored.apiKeyLastFour ?? '????'),
    status: apiKeyStatusAt({ status: stored.apiKeyStatus, createdAt: stored.apiKeyCreatedAt }, now),
    createdAt: stored.apiKeyCreatedAt.toISOString(),
    expiresAt: apiKeyExpiresAt(stored.apiKeyCreatedAt).toISOString(),
  };
}

export async function getApiKeyInfo(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  userId: string,
): Promise<ApiKeyInfo> {
  return toApiKeyInfo(await repository.findApiKey(db, userId), clock());
}

/** Creates the user's key, replacing any earlier one; the answer is the only copy of the key. */
export async function createApiKey(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  userId: string,
): Promise<CreatedApiKey> {
  const { apiKey, hash, lastFour } = generateApiKey();
  await repository.setApiKey(db, userId, { hash, lastFour, createdAt: clock() });
  return { apiKey };
}

/** Revokes the user's key (status blocked); 404 when there is none. */
export async function revokeApiKey(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  userId: string,
): Promise<ApiKeyInfo> {
  const stored = await repository.blockApiKey(db, userId);
  if (!stored) throw notFound('No API key to revoke');
  return toApiKeyInfo(stored, clock());
}

/** The user whose active key this is, or null for anything else. */
export async function authenticateApiKey(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  apiKey: string,
): Promise<UserRow | null> {
  if (!isWellFormedApiKey(apiKey)) return null;
  const user = await repository.findUserByApiKeyHash(db, hashApiKey(apiKey));
  if (!user?.apiKeyCreatedAt) return null;
  const status = apiKeyStatusAt(
    { status: user.apiKeyStatus, createdAt: user.apiKeyCreatedAt },
    clock(),
  );
  return status === 'active' ? user : null;
}

const toWixSite = (row: WixSiteRow): WixSite => ({
  wixSiteId: row.wixSiteId,
  siteName: row.siteName,
  createdAt: row.createdAt.toISOString(),
});

export async function listWixSites({ db }: Pick<Deps, 'db'>, userId: string): Promise<WixSite[]> {
  return (await repository.listWixSites(db, userId)).map(toWixSite);
}

/**
 * Links the Wix site the signed `instance` names to the user (docs/security.md
 * rule 14). Nothing is linked before the signature, age and site id check out.
 */
export async function connectWixSite(
  { db, clock, config, log }: Pick<Deps, 'db' | 'clock' | 'config' | 'log'>,
  userId: string,
  input: WixConnectInput,
): Promise<WixConnectResult> {
  const { wixAppSecret } = config;
  if (!wixAppSecret) throw new AppError(503, WIX_NOT_CONFIGURED_CODE, WIX_NOT_CONFIGURED_MESSAGE);
  const check = verifyWixInstance(input.instance, wixAppSecret, clock());
  if (!check.ok) {
    log.info({ reason: check.reason }, 'Wix instance refused');
    const message =
      check.reason === 'expired' ? WIX_INSTANCE_EXPIRED_MESSAGE : WIX_INSTANCE_INVALID_MESSAGE;
    throw new AppError(400, INVALID_WIX_INSTANCE_CODE, message);
  }
  const { siteId } = check.instance;
  if (input.wixSiteId !== undefined && input.wixSiteId !== siteId) {
    throw new AppError(400, INVALID_WIX_INSTANCE_CODE, WIX_SITE_MISMATCH_MESSAGE);
  }
  const { row, created } = await repository.linkWixSite(db, siteId, userId);
  if (row.userId !== userId) throw new AppError(409, WIX_SITE_TAKEN_CODE, WIX_SITE_TAKEN_MESSAGE);
  if (created) await wixSiteChanged(db, siteId);
  return { site: toWixSite(row), alreadyLinked: !created };
}

export async function unlinkWixSite(
  { db }: Pick<Deps, 'db'>,
  userId: string,
  wixSiteId: string,
): Promise<void> {
  if (!(await repository.unlinkWixSite(db, userId, wixSiteId)))
    throw notFound('Wix site not found');
  await wixSiteChanged(db, wixSiteId);
}

/** The collection slug of the business whose widget GET /wix/widget shows for this site, or null. */
export function findSlugOfWixSite(
  { db }: Pick<Deps, 'db'>,
  wixSiteId: string,
): Promise<string | null> {
  return repository.findSlugOfWixSite(db, wixSiteId);
}
