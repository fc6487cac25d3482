// Drizzle only: the user's subscription mirror (the billing columns of
// `users`), the provider events applied, access codes, and the money-back refunds.
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import {
  accessCodes,
  billingRefunds,
  paymentEvents,
  users,
  type BillingRefundRow,
  type UserRow,
} from '../../db/schema.js';

export type SubscriptionMirror = {
  subscriptionId: string;
  customerId: string;
  status: string;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** When the provider said so: the mirror never goes back to older news. */
  eventAt: Date;
};

export async function findUserByCustomerId(
  db: Executor,
  customerId: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.stripeCustomerId, customerId))
    .limit(1);
  return row ?? null;
}

export async function setCustomerId(
  db: Executor,
  userId: string,
  customerId: string,
): Promise<void> {
  await db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, userId));
}

/**
 * Mirrors a subscription onto its user, unless the mirror already holds newer
 * news, or the same subscription already ended: a canceled subscription stays
 * canceled whatever arrives late (docs/security.md rule 13). Null when nothing changed.
 */
export async function applySubscription(
  db: Executor,
  userId: string,
  mirror: SubscriptionMirror,
): Promise<UserRow | null> {
  const sameSubscriptionEnded = sql`coalesce(${users.stripeSubscriptionId} = ${mirror.subscriptionId} and ${users.subscriptionStatus} = 'canceled', false)`;
  const [row] = await db
    .update(users)
    .set({
      stripeCustomerId: mirror.customerId,
      stripeSubscriptionId: mirror.subscriptionId,
      subscriptionStatus: mirror.status,
      subscriptionStartDate: mirror.periodStart,
      subscriptionEndDate: mirror.periodEnd,
      subscriptionCancelAtPeriodEnd: mirror.cancelAtPeriodEnd,
      subscriptionEventAt: mirror.eventAt,
    })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.subscriptionEventAt), lte(users.subscriptionEventAt, mirror.eventAt)),
        mirror.status === 'canceled' ? undefined : sql`not ${sameSubscriptionEnded}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Records a provider event; false when it was recorded before (a replay). */
export async function hasEvent(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, id))
    .limit(1);
  return row !== undefined;
}

export async function recordEvent(db: Executor, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/** Inserts the codes that do not exist yet; answers how many were new. */
export async function insertAccessCodes(db: Executor, codes: readonly string[]): Promise<number> {
  if (codes.length === 0) return 0;
  const rows = await db
    .insert(accessCodes)
    .values(codes.map((code) => ({ code })))
    .onConflictDoNothing({ target: accessCodes.code })
    .returning({ id: accessCodes.id });
  return rows.length;
}

/** Spends an unused code for the user in one statement: of two concurrent uses only one gets true. */
export async function redeemAccessCode(
  db: Executor,
  code: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(accessCodes)
    .set({ redeemedBy: userId, redeemedAt: now })
    .where(and(eq(accessCodes.code, code), isNull(accessCodes.redeemedAt)))
    .returning({ id: accessCodes.id });
  return rows.length > 0;
}

export async function setFreeAccount(db: Executor, userId: string): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ isFreeAccount: true })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/** The account's money-back refund, or null: there is at most one. */
export async function findRefund(db: Executor, userId: string): Promise<BillingRefundRow | null> {
  const [row] = await db
    .select()
    .from(billingRefunds)
    .where(eq(billingRefunds.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Records the refund; false when the account has one already (a second, concurrent request). */
export async function recordRefund(
  db: Executor,
  refund: Omit<BillingRefundRow, 'id'>,
): Promise<boolean> {
  const rows = await db
    .insert(billingRefunds)
    .values(refund)
    .onConflictDoNothing({ target: billingRefunds.userId })
    .returning({ id: billingRefunds.id });
  return rows.length > 0;
}
