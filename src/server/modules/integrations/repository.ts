// Drizzle only: the API key columns of `users` and the `wix_sites` table.
// Every read and change of a Wix site names its owner in the WHERE clause.
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { businesses, users, wixSites, type UserRow, type WixSiteRow } from '../../db/schema.js';

export type StoredApiKey = Pick<
  UserRow,
  'apiKeyHash' | 'apiKeyLastFour' | 'apiKeyCreatedAt' | 'apiKeyStatus'
>;

const apiKeyColumns = {
  apiKeyHash: users.apiKeyHash,
  apiKeyLastFour: users.apiKeyLastFour,
  apiKeyCreatedAt: users.apiKeyCreatedAt,
  apiKeyStatus: users.apiKeyStatus,
};

export async function findApiKey(db: Executor, userId: string): Promise<StoredApiKey | null> {
  const [row] = await db.select(apiKeyColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** Replaces the user's key: the old hash is gone, so the old key stops working at once. */
export async function setApiKey(
  db: Executor,
  userId: string,
  key: { hash: string; lastFour: string; createdAt: Date },
): Promise<void> {
  await db
    .update(users)
    .set({
      apiKeyHash: key.hash,
      apiKeyLastFour: key.lastFour,
      apiKeyCreatedAt: key.createdAt,
      apiKeyStatus: 'active',
    })
    .where(eq(users.id, userId));
}

/** Marks the user's key blocked; null when the user has no key. */
export async function blockApiKey(db: Executor, userId: string): Promise<StoredApiKey | null> {
  const [row] = await db
    .update(users)
    .set({ apiKeyStatus: 'blocked' })
    .where(and(eq(users.id, userId), isNotNull(users.apiKeyHash)))
    .returning(apiKeyColumns);
  return row ?? null;
}

/** The user whose key has this hash, whatever its status. */
export async function findUserByApiKeyHash(db: Executor, hash: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.apiKeyHash, hash)).limit(1);
  return row ?? null;
}

export async function listWixSites(db: Executor, userId: string): Promise<WixSiteRow[]> {
  return db
    .select()
    .from(wixSites)
    .where(eq(wixSites.userId, userId))
    .orderBy(desc(wixSites.createdAt));
}

async function findWixSite(db: Executor, wixSiteId: string): Promise<WixSiteRow | null> {
  const [row] = await db.select().from(wixSites).where(eq(wixSites.wixSiteId, wixSiteId)).limit(1);
  return row ?? null;
}

/**
 * Links the site to the user unless it is linked already; answers the row as
 * it stands afterwards (which may belong to someone else). One statement, so
 * two owners connecting the same site at once cannot both win.
 */
export async function linkWixSite(
  db: Executor,
  wixSiteId: string,
  userId: string,
): Promise<{ row: WixSiteRow; created: boolean }> {
  const [inserted] = await db
    .insert(wixSites)
    .values({ wixSiteId, userId })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, created: true };
  const existing = await findWixSite(db, wixSiteId);
  if (!existing) throw new Error('wix_sites row vanished between insert and read');
  return { row: existing, created: false };
}

export async function unlinkWixSite(
  db: Executor,
  userId: string,
  wixSiteId: string,
): Promise<boolean> {
  const removed = await db
    .delete(wixSites)
    .where(and(eq(wixSites.wixSiteId, wixSiteId), eq(wixSites.userId, userId)))
    .returning({ wixSiteId: wixSites.wixSiteId });
  return removed.length > 0;
}

/** The collection slug of the business owned by the site's owner, or null: unknown site, or no business yet. */
export async function findSlugOfWixSite(db: Executor, wixSiteId: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: businesses.collectionSlug })
    .from(wixSites)
    .innerJoin(businesses, eq(businesses.ownerId, wixSites.userId))
    .where(eq(wixSites.wixSiteId, wixSiteId))
    .limit(1);
  return row?.slug ?? null;
}
