// Drizzle only: the collection page settings row of a business.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { collectionPageSettings, type CollectionPageSettingsRow } from '../../db/schema.js';

export type CollectionSettingsValues = Omit<
  CollectionPageSettingsRow,
  'id' | 'businessId' | 'updatedAt'
>;

export async function findByBusinessId(
  db: Executor,
  businessId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CollectionPageSettingsRow | null> {
  const query = db
    .select()
    .from(collectionPageSettings)
    .where(eq(collectionPageSettings.businessId, businessId))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Writes the business's settings, creating the row if it is missing. */
export async function upsert(
  db: Executor,
  businessId: string,
  values: CollectionSettingsValues,
): Promise<CollectionPageSettingsRow> {
  const [row] = await db
    .insert(collectionPageSettings)
    .values({ businessId, ...values })
    .onConflictDoUpdate({
      target: collectionPageSettings.businessId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('upsert of collection_page_settings returned nothing');
  return row;
}
