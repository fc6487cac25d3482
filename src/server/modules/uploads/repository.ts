// Drizzle only: the `uploads` table.
import { and, count, eq, gt, gte, inArray, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/executor.js';
import { businesses, testimonials, uploads, type UploadRow } from '../../db/schema.js';
import type { UploadPurpose } from '../../../shared/schemas/uploads.js';
import { DAY_MS, HOUR_MS } from '../../../shared/time.js';

/** Any fixed number: the advisory lock under which an upload's bytes are checked against the budgets and held. */
const BUDGET_LOCK_ID = 0x75706c64; // "upld"

export type NewUpload = {
  businessId: string;
  purpose: UploadPurpose;
  anonymous: boolean;
  visitor?: string | null;
  checked?: boolean;
};

export async function create(db: Executor, values: NewUpload): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  if (!row) throw new Error('insert into uploads returned nothing');
  return row;
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

/**
 * Inside a transaction: waits until no other request, on any server, is
 * checking and holding upload bytes, so each sees the others' in its sums.
 */
export async function lockBudgets(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BUDGET_LOCK_ID})`);
}

/** Sets the bytes an upload holds against the budgets. */
export async function setSize(db: Executor, id: string, size: number): Promise<void> {
  await db.update(uploads).set({ size }).where(eq(uploads.id, id));
}

/** Gives back the bytes an upload held, unless its file was stored. */
export async function releaseSize(db: Executor, id: string): Promise<void> {
  await db
    .update(uploads)
    .set({ size: null })
    .where(and(eq(uploads.id, id), isNull(uploads.objectPath)));
}

export type StoredBytes = {
  /** One visitor's uploads to any form: made in the last hour and the last day. */
  visitor: { lastHour: number; lastDay: number };
  /** Visitors' uploads to this business's form: made in the last hour, and waiting for a claim. */
  form: { lastHour: number; waiting: number };
  /** The owner's own uploads waiting for a claim. */
  owner: { waiting: number };
  /** Every business: visitors' uploads of the last hour and day, and every upload waiting for a claim. */
  all: { lastHour: number; lastDay: number; waiting: number };
};

/**
 * The bytes the upload budgets are measured against (modules/uploads/budgets.ts),
 * in one query: stored sizes, and what uploads in flight hold. Leaves out
 * `except`, the upload being sized.
 */
export async function storedBytes(
  db: Executor,
  { businessId, visitor }: { businessId: string; visitor: string | null },
  now: Date,
  except?: string,
): Promise<StoredBytes> {
  const at = (msAgo: number) => sql`${new Date(now.getTime() - msAgo).toISOString()}::timestamptz`;
  const lastHour = sql`${uploads.createdAt} >= ${at(HOUR_MS)}`;
  const lastDay = sql`${uploads.createdAt} >= ${at(DAY_MS)}`;
  const waiting = sql`${uploads.claimedAt} is null`;
  const visitors = sql`${uploads.anonymous}`;
  const owners = sql`not ${uploads.anonymous}`;
  const ofForm = sql`${uploads.businessId} = ${businessId}`;
  // No row has an empty key: an owner's upload (no visitor) sums nothing here.
  const ofVisitor = sql`${uploads.visitor} = ${visitor ?? ''}`;
  const total = (condition: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(${uploads.size}) filter (where ${condition}), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      visitorLastHour: total(sql`${ofVisitor} and ${lastHour}`),
      visitorLastDay: total(sql`${ofVisitor} and ${lastDay}`),
      formLastHour: total(sql`${visitors} and ${ofForm} and ${lastHour}`),
      formWaiting: total(sql`${visitors} and ${ofForm} and ${waiting}`),
      ownerWaiting: total(sql`${owners} and ${ofForm} and ${waiting}`),
      allLastHour: total(sql`${visitors} and ${lastHour}`),
      allLastDay: total(sql`${visitors} and ${lastDay}`),
      allWaiting: total(waiting),
    })
    .from(uploads)
    .where(
      and(
        or(isNull(uploads.claimedAt), gte(uploads.createdAt, new Date(now.getTime() - DAY_MS))),
        except === undefined ? undefined : ne(uploads.id, except),
      ),
    );
  return {
    visitor: { lastHour: row?.visitorLastHour ?? 0, lastDay: row?.visitorLastDay ?? 0 },
    form: { lastHour: row?.formLastHour ?? 0, waiting: row?.formWaiting ?? 0 },
    owner: { waiting: row?.ownerWaiting ?? 0 },
    all: {
      lastHour: row?.allLastHour ?? 0,
      lastDay: row?.allLastDay ?? 0,
      waiting: row?.allWaiting ?? 0,
    },
  };
}

/** How many upload URLs the business's visitors were given after `since`. */
export async function visitorUploadsSince(
  db: Executor,
  businessId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(uploads)
    .where(
      and(
        eq(uploads.businessId, businessId),
        eq(uploads.anonymous, true),
        gt(uploads.createdAt, since),
      ),
    );
  return row?.count ?? 0;
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
