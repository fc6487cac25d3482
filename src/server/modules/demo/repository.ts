// Drizzle only: the rows of the demo business, written once in one transaction
// (service.ts): its owner with paid access, the business with its fixed slug,
// its two settings rows and the examples.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import {
  businesses,
  collectionPageSettings,
  testimonials,
  users,
  widgetSettings,
  type BusinessRow,
  type UserRow,
  type WidgetSettingsRow,
} from '../../db/schema.js';

/** Any fixed number: the advisory lock under which a server looks for the demo business and makes it. */
const DEMO_LOCK_ID = 0x64656d6f; // "demo"

/** Held until the transaction ends: servers starting together make the demo business one at a time. */
export async function lockDemoCreation(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_ID})`);
}

/** An owner with paid access (isFreeAccount, as a redeemed access code gives it), unless the email is taken (then null). */
export async function createOwner(
  tx: Executor,
  values: { email: string; password: string },
): Promise<UserRow | null> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, isFreeAccount: true })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
}

/** Inserts the business unless its slug is taken (then null). */
export async function createBusiness(
  tx: Executor,
  values: Pick<BusinessRow, 'ownerId' | 'name' | 'description' | 'website' | 'collectionSlug'>,
): Promise<BusinessRow | null> {
  const [row] = await tx
    .insert(businesses)
    .values(values)
    .onConflictDoNothing({ target: businesses.collectionSlug })
    .returning();
  return row ?? null;
}

/** The widget settings given, and the collection page settings with their defaults. */
export async function createSettings(
  tx: Executor,
  businessId: string,
  widget: Partial<Omit<WidgetSettingsRow, 'id' | 'businessId' | 'updatedAt'>>,
): Promise<void> {
  await tx.insert(widgetSettings).values({ ...widget, businessId });
  await tx.insert(collectionPageSettings).values({ businessId });
}

export async function createTestimonials(
  tx: Executor,
  rows: (typeof testimonials.$inferInsert)[],
): Promise<number> {
  const inserted = await tx.insert(testimonials).values(rows).returning({ id: testimonials.id });
  return inserted.length;
}
