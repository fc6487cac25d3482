// Drizzle only: the `uploads` table.
import { and, eq, gt, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import {
  businesses,
  testimonials,
  uploads,
  type UploadPurpose,
  type UploadRow,
} from '../../db/schema.js';

export async function create(
  db: Executor,
  values: { businessId: string; purpose: UploadPurpose },
): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  if (!row) throw new Error('insert into uploads returned nothing');
  return row;
}

export async function findById(db: Executor, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row ?? null;
}

/** Spends the upload URL of this row: null when it was spent already (or is not this business's and purpose's). */
export async function markUploaded(
  db: Executor,
  key: { id: string; businessId: string; purpose: UploadPurpose },
  now: Date,
): Promise<UploadRow | null> {
  const [row] = await db
    .update(uploads)
    .set({ uploadedAt: now })
    .where(
      and(
        eq(uploads.id, key.id),
        eq(uploads.businessId, key.businessId),
        eq(uploads.purpose, key.purpose),
        isNull(uploads.uploadedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Records where the checked file lives; null if the row already has a path. */
export async function setObjectPath(
  db: Executor,
  id: string,
  objectPath: string,
  now: Date,
): Promise<UploadRow | null> {
  const [row] = await db
    .update(uploads)
    .set({
      objectPath,
      uploadedAt: sql`coalesce(${uploads.uploadedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(uploads.id, id), isNull(uploads.objectPath)))
    .returning();
  return row ?? null;
}

export async function findForBusiness(
  db: Executor,
  businessId: string,
  purpose: UploadPurpose,
  ids: string[],
): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.businessId, businessId),
        eq(uploads.purpose, purpose),
        inArray(uploads.id, ids),
      ),
    );
}

/** Marks the business's unclaimed uploads at these paths claimed; returns the ids it marked. */
export async function claim(
  db: Executor,
  input: {
    businessId: string;
    purpose: UploadPurpose;
    paths: string[];
    createdAfter: Date;
    now: Date;
  },
): Promise<string[]> {
  const rows = await db
    .update(uploads)
    .set({ claimedAt: input.now })
    .where(
      and(
        eq(uploads.businessId, input.businessId),
        eq(uploads.purpose, input.purpose),
        inArray(uploads.objectPath, input.paths),
        isNull(uploads.claimedAt),
        gt(uploads.createdAt, input.createdAfter),
      ),
    )
    .returning({ id: uploads.id });
  return rows.map((row) => row.id);
}

/** Neither a testimonial of the upload's business nor the business itself points at the upload. */
function unreferenced(db: Executor) {
  return and(
    notExists(
      db
        .select({ one: sql`1` })
        .from(testimonials)
        .where(
          and(
            eq(testimonials.businessId, uploads.businessId),
            or(
              eq(testimonials.authorImageUrl, uploads.objectPath),
              eq(testimonials.beforeImageUrl, uploads.objectPath),
              eq(testimonials.afterImageUrl, uploads.objectPath),
              sql`${uploads.objectPath} = any(${testimonials.productImageUrls})`,
            ),
          ),
        ),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(businesses)
        .where(
          and(eq(businesses.id, uploads.businessId), eq(businesses.logoUrl, uploads.objectPath)),
        ),
    ),
  );
}

export type RemovedUpload = { id: string; objectPath: string | null };

/** Deletes up to `limit` uploads made before `createdBefore` that nothing refers to. */
export async function removeUnreferenced(
  db: Executor,
  createdBefore: Date,
  limit: number,
): Promise<RemovedUpload[]> {
  const candidates = db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(lt(uploads.createdAt, createdBefore), unreferenced(db)))
    .limit(limit);
  return db
    .delete(uploads)
    .where(and(inArray(uploads.id, candidates), unreferenced(db)))
    .returning({ id: uploads.id, objectPath: uploads.objectPath });
}

/** Deletes the business's uploads at these paths that nothing refers to any more. */
export async function removeUnreferencedPaths(
  db: Executor,
  businessId: string,
  paths: string[],
): Promise<RemovedUpload[]> {
  if (paths.length === 0) return [];
  return db
    .delete(uploads)
    .where(
      and(eq(uploads.businessId, businessId), inArray(uploads.objectPath, paths), unreferenced(db)),
    )
    .returning({ id: uploads.id, objectPath: uploads.objectPath });
}
