// Drizzle only: users, their reset links (password_reset_tokens), and their rows in `sessions`.
import { and, count, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { passwordResetTokens, sessions, users, type UserRow } from '../../db/schema.js';

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
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
}

export async function update(
  db: Executor,
  id: string,
  values: Partial<Pick<UserRow, 'email' | 'password'>>,
): Promise<UserRow | null> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row ?? null;
}

/** The user, locked until the transaction ends: their reset links change one request at a time. */
export async function lockUser(db: Executor, id: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

/** Deletes the user's expired reset links and counts the ones still outstanding. */
export async function pruneAndCountResetTokens(
  db: Executor,
  userId: string,
  now: Date,
): Promise<number> {
  const ofUser = eq(passwordResetTokens.userId, userId);
  await db.delete(passwordResetTokens).where(and(ofUser, lte(passwordResetTokens.expiresAt, now)));
  const [row] = await db.select({ outstanding: count() }).from(passwordResetTokens).where(ofUser);
  return row?.outstanding ?? 0;
}

export async function addResetToken(
  db: Executor,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}

/** The holder of an unexpired reset token (by its SHA-256), or null. */
export async function findByResetToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, now)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Uses an unexpired reset token of the user: deletes it, in one statement, so
 * of two concurrent uses only one gets true back.
 */
export async function consumeResetToken(
  db: Executor,
  userId: string,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .delete(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        eq(passwordResetTokens.userId, userId),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ tokenHash: passwordResetTokens.tokenHash });
  return used.length > 0;
}

/** Deletes every reset link of the user: a reset, a password change or an email change ends them all. */
export async function removeResetTokens(db: Executor, userId: string): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** Deletes the user's sessions, except `keepSid` when given. */
export async function removeSessions(
  db: Executor,
  userId: string,
  keepSid?: string,
): Promise<void> {
  const ofUser = sql`${sessions.sess}->>'userId' = ${userId}`;
  await db
    .delete(sessions)
    .where(keepSid === undefined ? ofUser : and(ofUser, ne(sessions.sid, keepSid)));
}
