// Drizzle only: webhook endpoints and their deliveries (docs/product/webhooks.md).
import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import {
  businesses,
  users,
  webhookDeliveries,
  webhookEndpoints,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../../db/schema.js';
import type { WebhookEventType } from '../../../shared/schemas/webhooks.js';

export async function listEndpoints(
  db: Executor,
  businessId: string,
): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.businessId, businessId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
}

export async function countEndpoints(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.businessId, businessId));
  return row?.total ?? 0;
}

export async function findEndpoint(
  db: Executor,
  businessId: string,
  id: string,
): Promise<WebhookEndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id)))
    .limit(1);
  return row ?? null;
}

export async function createEndpoint(
  db: Executor,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateEndpoint(
  db: Executor,
  businessId: string,
  id: string,
  values: Partial<
    Pick<WebhookEndpointRow, 'events' | 'status' | 'disabledReason' | 'consecutiveFailures'>
  >,
): Promise<WebhookEndpointRow | null> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id)))
    .returning();
  return row ?? null;
}

export async function removeEndpoint(
  db: Executor,
  businessId: string,
  id: string,
): Promise<boolean> {
  const removed = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return removed.length > 0;
}

/** The business's active endpoints that asked for this event. */
export async function activeEndpointsFor(
  db: Executor,
  businessId: string,
  type: WebhookEventType,
): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.businessId, businessId),
        eq(webhookEndpoints.status, 'active'),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
      ),
    );
}

/** The newest delivery of each endpoint given. */
export async function lastDeliveries(
  db: Executor,
  endpointIds: string[],
): Promise<WebhookDeliveryRow[]> {
  if (endpointIds.length === 0) return [];
  return db
    .selectDistinctOn([webhookDeliveries.endpointId])
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, endpointIds))
    .orderBy(
      webhookDeliveries.endpointId,
      desc(webhookDeliveries.createdAt),
      desc(webhookDeliveries.id),
    );
}

/** A delivery to write, its id chosen by the caller (its `webhook-id` and its job name it). */
export type NewDelivery = typeof webhookDeliveries.$inferInsert & { id: string };

/** Writes the deliveries in one statement. */
export async function createDeliveries(
  db: Executor,
  values: readonly NewDelivery[],
): Promise<void> {
  if (values.length === 0) return;
  await db.insert(webhookDeliveries).values([...values]);
}

export async function findDelivery(
  db: Executor,
  businessId: string,
  endpointId: string,
  id: string,
): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.businessId, businessId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, id),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A delivery and its endpoint, for the job that sends it. */
export async function findDeliveryToSend(
  db: Executor,
  id: string,
): Promise<{ delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow } | null> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id))
    .limit(1);
  return row ?? null;
}

export async function updateDelivery(
  db: Executor,
  id: string,
  values: Partial<Omit<WebhookDeliveryRow, 'id' | 'endpointId' | 'businessId'>>,
): Promise<void> {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

export async function pageOfDeliveries(
  db: Executor,
  businessId: string,
  endpointId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const scope = and(
    eq(webhookDeliveries.businessId, businessId),
    eq(webhookDeliveries.endpointId, endpointId),
  );
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(scope)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(webhookDeliveries).where(scope);
  return { rows, total: counted?.total ?? 0 };
}

/** Whether a delivery to the endpoint succeeded at or after `since`. */
export async function succeededSince(
  db: Executor,
  endpointId: string,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.status, 'succeeded'),
        gte(webhookDeliveries.finishedAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function countFailure(db: Executor, endpointId: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
    .where(eq(webhookEndpoints.id, endpointId));
}

export async function countSuccess(db: Executor, endpointId: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: 0 })
    .where(eq(webhookEndpoints.id, endpointId));
}

/** Disables an active endpoint; null when it was not active (so only one caller tells the owner). */
export async function disableEndpoint(
  db: Executor,
  endpointId: string,
  reason: string,
): Promise<WebhookEndpointRow | null> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.status, 'active')))
    .returning();
  return row ?? null;
}

/** Deletes finished deliveries created before `before`; answers how many. */
export async function pruneDeliveries(db: Executor, before: Date): Promise<number> {
  const removed = await db
    .delete(webhookDeliveries)
    .where(
      and(
        lte(webhookDeliveries.createdAt, before),
        inArray(webhookDeliveries.status, ['succeeded', 'failed']),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return removed.length;
}

export async function findEndpointWithOwner(
  db: Executor,
  endpointId: string,
): Promise<{
  endpoint: WebhookEndpointRow;
  owner: { email: string; businessName: string };
} | null> {
  const [row] = await db
    .select({
      endpoint: webhookEndpoints,
      owner: { email: users.email, businessName: businesses.name },
    })
    .from(webhookEndpoints)
    .innerJoin(businesses, eq(businesses.id, webhookEndpoints.businessId))
    .innerJoin(users, eq(users.id, businesses.ownerId))
    .where(eq(webhookEndpoints.id, endpointId))
    .limit(1);
  return row ?? null;
}
