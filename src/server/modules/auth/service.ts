// Account rules: registration (user + business + settings in one transaction),
// credential checks, password reset (SECURITY.md §4), email and password changes.
// Session handling stays in the routes; these functions only touch the database
// and the mailer.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ChangePasswordInput,
  CurrentUser,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
} from '../../../shared/schemas/auth.js';
import type { Mailer } from '../../adapters/email/mailer.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation, type Executor } from '../../db/executor.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, conflict, unauthorized } from '../../errors.js';
import { createBusinessRecords } from '../business/service.js';
import { passwordResetEmail } from './emails.js';
import { hashPassword, verifyAgainstDummy, verifyPassword, type PasswordHashing } from './passwords.js';
import * as userRepository from './repository.js';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const EMAIL_TAKEN_AT_REGISTRATION = 'An account with this email already exists';
const INVALID_CREDENTIALS = 'Invalid email or password';
const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';

type AuthConfig = Pick<Config, 'passwordHashMemoryKib' | 'baseUrl' | 'productName'>;

const hashing = (config: AuthConfig): PasswordHashing => ({ memoryKib: config.passwordHashMemoryKib });

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    isFreeAccount: row.isFreeAccount,
    subscriptionStatus: row.subscriptionStatus,
    subscriptionEndDate: row.subscriptionEndDate ? row.subscriptionEndDate.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user with this id, or null (the session's user, for plugins/auth-guard.ts). */
export function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  return userRepository.findById(db, id);
}

/** SHA-256 hex: the only form of a reset token the database ever sees. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates the user, their business, and its two settings rows, all or nothing. */
export async function register(db: Database, config: AuthConfig, input: RegisterInput): Promise<UserRow> {
  if (await userRepository.findByEmail(db, input.email)) throw conflict(EMAIL_TAKEN_AT_REGISTRATION);
  const passwordHash = await hashPassword(input.password, hashing(config));
  return db.transaction(async (tx) => {
    const user = await userRepository.create(tx, {
      email: input.email,
      password: passwordHash,
      firstName: input.firstName || null,
      lastName: input.lastName || null,
    });
    // Lost a race with another registration of the same email.
    if (!user) throw conflict(EMAIL_TAKEN_AT_REGISTRATION);
    await createBusinessRecords(tx, { ownerId: user.id, name: input.businessName, website: input.website });
    return user;
  });
}

/** The user with these credentials; the same 401 for an unknown email and a wrong password. */
export async function authenticate(db: Database, config: AuthConfig, input: LoginInput): Promise<UserRow> {
  const user = await userRepository.findByEmail(db, input.email);
  if (!user) {
    await verifyAgainstDummy(input.password, hashing(config));
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(user.password, input.password))) throw unauthorized(INVALID_CREDENTIALS);
  return user;
}

/**
 * Stores a fresh reset token (hashed) and mails the link when the email
 * belongs to a user; does nothing visible otherwise. A mail failure is logged,
 * not reported, so the answer never tells whether the account exists.
 */
export async function requestPasswordReset(
  db: Database,
  config: AuthConfig,
  mailer: Mailer,
  log: FastifyBaseLogger,
  email: string,
): Promise<void> {
  const user = await userRepository.findByEmail(db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await userRepository.update(db, user.id, {
    resetToken: hashResetToken(token),
    resetTokenExpiry: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  // Built from the configured public URL, never from the request's Host header.
  const link = `${config.baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
  try {
    await mailer.send(passwordResetEmail({ to: user.email, productName: config.productName, link }));
  } catch (error) {
    log.error({ err: error, userId: user.id }, 'could not send the password reset email');
  }
}

/** Uses the token once, sets the new password and ends every session of that user. */
export async function resetPassword(db: Database, config: AuthConfig, input: ResetPasswordInput): Promise<void> {
  const passwordHash = await hashPassword(input.password, hashing(config));
  await db.transaction(async (tx) => {
    const user = await userRepository.consumeResetToken(tx, hashResetToken(input.token), passwordHash, new Date());
    if (!user) throw badRequest(INVALID_RESET_LINK);
    await userRepository.removeSessions(tx, user.id);
  });
}

export async function changeEmail(db: Database, user: UserRow, email: string): Promise<UserRow> {
  if (email === user.email) return user;
  const owner = await userRepository.findByEmail(db, email);
  if (owner) throw conflict('Email is already in use');
  try {
    return (await userRepository.update(db, user.id, { email })) ?? user;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Email is already in use');
    throw error;
  }
}

/** Checks the current password; the caller renews the session id and then calls `finishPasswordChange`. */
export async function checkPasswordChange(
  config: AuthConfig,
  user: UserRow,
  input: ChangePasswordInput,
): Promise<string> {
  if (!(await verifyPassword(user.password, input.currentPassword))) {
    throw badRequest('Current password is incorrect');
  }
  return hashPassword(input.newPassword, hashing(config));
}

/** Stores the new hash and ends every other session of the user, in one transaction. */
export async function finishPasswordChange(
  db: Database,
  userId: string,
  passwordHash: string,
  keepSessionId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await userRepository.update(tx, userId, { password: passwordHash });
    await userRepository.removeSessions(tx, userId, keepSessionId);
  });
}
