// Drizzle only: the one widget_settings row of a business.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { widgetSettings, type WidgetSettingsRow } from '../../db/schema.js';

export async function findByBusinessId(db: Executor, businessId: string): Promise<WidgetSettingsRow | null> {
  const [row] = await db.select().from(widgetSettings).where(eq(widgetSettings.businessId, businessId)).limit(1);
  return row ?? null;
}

/** Sets some fields, creating the row with the schema defaults when the business has none. */
export async function upsert(
  db: Executor,
  businessId: string,
  values: Partial<Omit<WidgetSettingsRow, 'id' | 'businessId' | 'updatedAt'>>,
): Promise<WidgetSettingsRow> {
  const [row] = await db
    .insert(widgetSettings)
    .values({ businessId, ...values })
    .onConflictDoUpdate({ target: widgetSettings.businessId, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('widget settings upsert returned no row');
  return row;
}
