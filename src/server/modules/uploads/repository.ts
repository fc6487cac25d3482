// Drizzle only: the `uploads` table.
import { and, eq, gt, gte, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
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
  values: { businessId: string; purpose: UploadPurpose; anonymous: boolean },
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

/** Records where the checked file lives and its size; null if the row already has a path. */
export async function setObjectPath(
  db: Executor,
  id: string,
  stored: { objectPath: string; size: number },
  now: Date,
): Promise<UploadRow | null> {
  const [row] = await db
    .update(uploads)
    .set({
      ...stored,
      uploadedAt: sql`coalesce(${uploads.uploadedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(uploads.id, id), isNull(uploads.objectPath)))
    .returning();
  return row ?? null;
}

export type AnonymousBytes = { lastHour: number; waiting: number };

/**
 * Bytes of visitors' stored uploads, of one business (`form`) and of all
 * (`all`): those made since `since`, and those not claimed yet.
 */
export async function anonymousBytes(
  db: Executor,
  businessId: string,
  since: Date,
): Promise<{ form: AnonymousBytes; all: AnonymousBytes }> {
  const sinceValue = sql`${since.toISOString()}::timestamptz`;
  const recent = sql`${uploads.createdAt} >= ${sinceValue}`;
  const waiting = sql`${uploads.claimedAt} is null`;
  const ofForm = sql`${uploads.businessId} = ${businessId}`;
  const total = (condition: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(${uploads.size}) filter (where ${condition}), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      formLastHour: total(sql`${ofForm} and ${recent}`),
      formWaiting: total(sql`${ofForm} and ${waiting}`),
      allLastHour: total(recent),
      allWaiting: total(waiting),
    })
    .from(uploads)
    .where(
      and(
        eq(uploads.anonymous, true),
        or(isNull(uploads.claimedAt), gte(uploads.createdAt, since)),
      ),
    );
  return {
    form: { lastHour: row?.formLastHour ?? 0, waiting: row?.formWaiting ?? 0 },
    all: { lastHour: row?.allLastHour ?? 0, waiting: row?.allWaiting ?? 0 },
  };
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
