// Drizzle only: users, their reset tokens, and their rows in `sessions`.
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { sessions, users, type UserRow } from '../../db/schema.js';

export type NewUser = {
  email: string;
  password: string;
  firstName?: string | null;
  lastName?: string | null;
};

export async function findById(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** Inserts the user unless the email is taken (then null). */
export async function create(db: Executor, values: NewUser): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row ?? null;
}

export async function update(
  db: Executor,
  id: string,
  values: Partial<Pick<UserRow, 'email' | 'password' | 'resetToken' | 'resetTokenExpiry'>>,
): Promise<UserRow | null> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row ?? null;
}

/** The holder of an unexpired reset token (by its SHA-256), or null. */
export async function findByResetToken(db: Executor, tokenHash: string, now: Date): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.resetToken, tokenHash), gt(users.resetTokenExpiry, now)))
    .limit(1);
  return row ?? null;
}

/**
 * Sets a new password for the holder of an unexpired reset token and clears
 * the token, in one statement: of two concurrent uses only one gets a row back.
 */
export async function consumeResetToken(
  db: Executor,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<{ id: string } | null> {
  const [row] = await db
    .update(users)
    .set({ password: passwordHash, resetToken: null, resetTokenExpiry: null })
    .where(and(eq(users.resetToken, tokenHash), gt(users.resetTokenExpiry, now)))
    .returning({ id: users.id });
  return row ?? null;
}

/** Deletes the user's sessions, except `keepSid` when given. */
export async function removeSessions(db: Executor, userId: string, keepSid?: string): Promise<void> {
  const ofUser = sql`${sessions.sess}->>'userId' = ${userId}`;
  await db.delete(sessions).where(keepSid === undefined ? ofUser : and(ofUser, ne(sessions.sid, keepSid)));
}
