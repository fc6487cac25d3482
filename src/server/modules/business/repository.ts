// Drizzle only: businesses and the two settings rows every business has.
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import {
  businesses,
  collectionPageSettings,
  widgetSettings,
  type BusinessRow,
  type CollectionPageSettingsRow,
  type WidgetSettingsRow,
} from '../../db/schema.js';

export type NewBusiness = {
  ownerId: string;
  name: string;
  description: string | null;
  website: string | null;
  collectionSlug: string;
  /** Left out: the column's default, UTC. */
  timeZone?: string | undefined;
};

export async function findByOwnerId(db: Executor, ownerId: string): Promise<BusinessRow | null> {
  const [row] = await db.select().from(businesses).where(eq(businesses.ownerId, ownerId)).limit(1);
  return row ?? null;
}

export type BusinessWithSettings = {
  business: BusinessRow;
  widget: WidgetSettingsRow | null;
  collection: CollectionPageSettingsRow | null;
};

export async function findBySlugWithSettings(
  db: Executor,
  slug: string,
): Promise<BusinessWithSettings | null> {
  const [row] = await db
    .select({ business: businesses, widget: widgetSettings, collection: collectionPageSettings })
    .from(businesses)
    .leftJoin(widgetSettings, eq(widgetSettings.businessId, businesses.id))
    .leftJoin(collectionPageSettings, eq(collectionPageSettings.businessId, businesses.id))
    .where(eq(businesses.collectionSlug, slug))
    .limit(1);
  return row ?? null;
}

/** Inserts the business unless its slug is taken (then null, so the caller can pick another). */
export async function create(db: Executor, values: NewBusiness): Promise<BusinessRow | null> {
  const [row] = await db
    .insert(businesses)
    .values(values)
    .onConflictDoNothing({ target: businesses.collectionSlug })
    .returning();
  return row ?? null;
}

/** The widget and collection page settings rows, with the schema's defaults. */
export async function createDefaultSettings(db: Executor, businessId: string): Promise<void> {
  await db.insert(widgetSettings).values({ businessId });
  await db.insert(collectionPageSettings).values({ businessId });
}

export async function update(
  db: Executor,
  id: string,
  values: Partial<Pick<BusinessRow, 'name' | 'website' | 'description' | 'logoUrl' | 'timeZone'>>,
): Promise<BusinessRow | null> {
  const [row] = await db.update(businesses).set(values).where(eq(businesses.id, id)).returning();
  return row ?? null;
}

/** Sets the logo unless the business has one: null when it had (or is gone). */
export async function updateLogoIfUnset(
  db: Executor,
  id: string,
  logoUrl: string,
): Promise<BusinessRow | null> {
  const [row] = await db
    .update(businesses)
    .set({ logoUrl })
    .where(and(eq(businesses.id, id), isNull(businesses.logoUrl)))
    .returning();
  return row ?? null;
}

export async function findBySlug(db: Executor, slug: string): Promise<BusinessRow | null> {
  const [row] = await db
    .select()
    .from(businesses)
    .where(eq(businesses.collectionSlug, slug))
    .limit(1);
  return row ?? null;
}
