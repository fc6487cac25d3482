// Account rules: registration (user + business + settings in one transaction),
// credential checks, password reset (docs/security.md rule 4), email and password changes
// (rule 18). Session handling and throttles stay in the routes; these functions only
// touch the database and the mailer. A secret that does not match throws
// WrongSecretError, which the routes count against their throttles (rule 19).
import type {
  ChangeEmailInput,
  ChangePasswordInput,
  CurrentUser,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
} from '../../../shared/schemas/auth.js';
import type { Config } from '../../config.js';
import { isUniqueViolation } from '../../db/executor.js';
import { newLinkToken, sha256Hex } from '../../secret-tokens.js';
import type { BusinessRow, UserRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import { createBusinessRecords } from '../business/service.js';
import { emailChangedEmail, passwordResetEmail } from './emails.js';
import {
  hashPassword,
  verifyAgainstDummy,
  verifyPassword,
  type PasswordHashing,
} from './passwords.js';
import * as userRepository from './repository.js';
import { HOUR_MS } from '../../../shared/time.js';

const RESET_TOKEN_TTL_MS = HOUR_MS;
/**
 * Reset links an account can have outstanding (sent, unused, unexpired) at
 * once: each lives an hour, so at most this many reset emails an hour go to
 * one inbox, however many addresses ask (docs/security.md rule 29).
 */
export const RESET_LINKS_PER_ACCOUNT = 3;

const EMAIL_TAKEN_AT_REGISTRATION = 'An account with this email already exists';
const EMAIL_IN_USE = 'Email is already in use';
const INVALID_CREDENTIALS = 'Invalid email or password';
const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';
const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/** A password or reset token that did not match: the routes count it against their throttles. */
export class WrongSecretError extends AppError {}

const hashing = (config: Pick<Config, 'passwordHashMemoryKib'>): PasswordHashing => ({
  memoryKib: config.passwordHashMemoryKib,
});

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
export function findUserById({ db }: Pick<Deps, 'db'>, id: string): Promise<UserRow | null> {
  return userRepository.findById(db, id);
}

/** The only form of a reset token the database ever sees. */
const hashResetToken = sha256Hex;

/** A new account: the user and their business. */
export type Registration = { user: UserRow; business: BusinessRow };

/** Creates the user, their business, and its two settings rows, all or nothing. */
export async function register(
  deps: Pick<Deps, 'db' | 'config'>,
  input: RegisterInput,
): Promise<Registration> {
  const { db, config } = deps;
  if (await userRepository.findByEmail(db, input.email))
    throw conflict(EMAIL_TAKEN_AT_REGISTRATION);
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
    const business = await createBusinessRecords(
      { ...deps, db: tx },
      {
        ownerId: user.id,
        name: input.businessName,
        website: input.website,
        timeZone: input.timeZone,
      },
    );
    return { user, business };
  });
}

/** The account a login names: its user (null for an unknown email) and the key its failed logins count under. */
export type LoginAccount = { user: UserRow | null; throttleKey: string };

export async function findLoginAccount(
  { db }: Pick<Deps, 'db'>,
  email: string,
): Promise<LoginAccount> {
  const user = await userRepository.findByEmail(db, email);
  if (!user) return { user, throttleKey: `email:${email}` };
  // Keyed on the password too: a reset (or change) starts a new count, so it lets its owner in at once
  // while a stranger's guesses had throttled logins to the email.
  const credential = sha256Hex(user.password).slice(0, 16);
  return { user, throttleKey: `user:${user.id}:${credential}` };
}

/** The account's user when the password is right; the same 401 for an unknown email and a wrong password. */
export async function authenticate(
  { config }: Pick<Deps, 'config'>,
  account: LoginAccount,
  input: LoginInput,
): Promise<UserRow> {
  const { user } = account;
  if (!user) {
    await verifyAgainstDummy(input.password, hashing(config));
    throw new WrongSecretError(401, 'UNAUTHORIZED', INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(user.password, input.password))) {
    throw new WrongSecretError(401, 'UNAUTHORIZED', INVALID_CREDENTIALS);
  }
  return user;
}

/**
 * Stores a fresh reset token (hashed) and mails the link when the email
 * belongs to a user, unless RESET_LINKS_PER_ACCOUNT links are outstanding:
 * then nothing is sent and the links already sent stay valid, so neither many
 * addresses nor a stranger's requests bomb the inbox or break the owner's
 * link. Nothing of this is visible in the answer (it has gone already); a
 * mail failure is logged, not reported.
 */
export async function requestPasswordReset(
  { db, clock, config, mailer, log }: Pick<Deps, 'db' | 'clock' | 'config' | 'mailer' | 'log'>,
  email: string,
): Promise<void> {
  const user = await userRepository.findByEmail(db, email);
  if (!user) return;
  const token = newLinkToken();
  const now = clock();
  const stored = await db.transaction(async (tx) => {
    // Locked, so that requests arriving together cannot all read "room for one more".
    await userRepository.lockUser(tx, user.id);
    const outstanding = await userRepository.pruneAndCountResetTokens(tx, user.id, now);
    if (outstanding >= RESET_LINKS_PER_ACCOUNT) return false;
    await userRepository.addResetToken(
      tx,
      user.id,
      hashResetToken(token),
      new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    );
    return true;
  });
  if (!stored) {
    log.debug(
      { userId: user.id },
      'password reset link not sent: the account has the most links outstanding',
    );
    return;
  }
  // Built from the configured public URL, never from the request's Host header.
  const link = `${config.baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
  try {
    await mailer.send(
      passwordResetEmail({ to: user.email, productName: config.productName, link }),
    );
  } catch (error) {
    log.error({ err: error, userId: user.id }, 'could not send the password reset email');
  }
}

/**
 * Uses the token once, sets the new password and ends every other link and
 * every session of that user. The token is checked before anything is hashed, so a flood of wrong
 * tokens costs one read each; it is consumed atomically afterwards, so of two
 * concurrent uses only one succeeds.
 */
export async function resetPassword(
  { db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>,
  input: ResetPasswordInput,
): Promise<void> {
  const tokenHash = hashResetToken(input.token);
  const holder = await userRepository.findByResetToken(db, tokenHash, clock());
  if (!holder) throw new WrongSecretError(400, 'BAD_REQUEST', INVALID_RESET_LINK);
  const passwordHash = await hashPassword(input.password, hashing(config));
  await db.transaction(async (tx) => {
    // The user first: two of their links used at once take turns instead of locking each other's rows.
    await userRepository.lockUser(tx, holder.id);
    // Another use of the same link, or of another link of the user, got there first (or it expired meanwhile).
    if (!(await userRepository.consumeResetToken(tx, holder.id, tokenHash, clock()))) {
      throw badRequest(INVALID_RESET_LINK);
    }
    await userRepository.update(tx, holder.id, { password: passwordHash });
    await userRepository.removeResetTokens(tx, holder.id);
    await userRepository.removeSessions(tx, holder.id);
  });
}

async function requireCurrentPassword(user: UserRow, currentPassword: string): Promise<void> {
  if (!(await verifyPassword(user.password, currentPassword))) {
    throw new WrongSecretError(400, 'BAD_REQUEST', WRONG_CURRENT_PASSWORD);
  }
}

/** The user after an email change, and the address it left (null when nothing changed). */
export type EmailChange = { user: UserRow; previousEmail: string | null };

/**
 * Moves the account to `input.email` once the current password is right (checked
 * first, so the answer says nothing about other accounts to someone without it),
 * and ends every outstanding reset link: a link sent to the old address must
 * not outlive the change.
 */
export async function changeEmail(
  { db }: Pick<Deps, 'db'>,
  user: UserRow,
  input: ChangeEmailInput,
): Promise<EmailChange> {
  await requireCurrentPassword(user, input.currentPassword);
  if (input.email === user.email) return { user, previousEmail: null };
  if (await userRepository.findByEmail(db, input.email)) throw conflict(EMAIL_IN_USE);
  try {
    const changed = await db.transaction(async (tx) => {
      const moved = await userRepository.update(tx, user.id, { email: input.email });
      await userRepository.removeResetTokens(tx, user.id);
      return moved;
    });
    return changed ? { user: changed, previousEmail: user.email } : { user, previousEmail: null };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_IN_USE);
    throw error;
  }
}

/** Tells the old address of the change; a failure is logged, not reported (the change stands). */
export async function sendEmailChangedNotice(
  { config, mailer, log }: Pick<Deps, 'config' | 'mailer' | 'log'>,
  previousEmail: string,
  user: UserRow,
): Promise<void> {
  try {
    await mailer.send(
      emailChangedEmail({
        to: previousEmail,
        productName: config.productName,
        newEmail: user.email,
      }),
    );
  } catch (error) {
    log.error({ err: error, userId: user.id }, 'could not send the email change notice');
  }
}

/** Checks the current password; the caller renews the session id and then calls `finishPasswordChange`. */
export async function checkPasswordChange(
  { config }: Pick<Deps, 'config'>,
  user: UserRow,
  input: ChangePasswordInput,
): Promise<string> {
  await requireCurrentPassword(user, input.currentPassword);
  return hashPassword(input.newPassword, hashing(config));
}

/**
 * Stores the new hash, ends every outstanding reset link (a link asked for
 * before the change must not undo it) and ends every other session of the
 * user, in one transaction.
 */
export async function finishPasswordChange(
  { db }: Pick<Deps, 'db'>,
  userId: string,
  passwordHash: string,
  keepSessionId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await userRepository.update(tx, userId, { password: passwordHash });
    await userRepository.removeResetTokens(tx, userId);
    await userRepository.removeSessions(tx, userId, keepSessionId);
  });
}
