// Password hashing (docs/security.md rule 1): argon2id, t=2, p=1, memory from config
// (at least 19456 KiB in production; tests lower it).
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// `Algorithm` is a const enum, which isolatedModules cannot inline; 2 is Argon2id.
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- the enum's own value, written out
const ARGON2ID = 2 as Algorithm;

export type PasswordHashing = { memoryKib: number };

export function hashPassword(password: string, options: PasswordHashing): Promise<string> {
  return hash(password, {
    algorithm: ARGON2ID,
    memoryCost: options.memoryKib,
    timeCost: 2,
    parallelism: 1,
  });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never matches.
    return false;
  }
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Spends the time of a real verification when there is no user to check, so
 * a login for an unknown email takes as long as one with a wrong password.
 */
export async function verifyAgainstDummy(
  password: string,
  options: PasswordHashing,
): Promise<void> {
  let dummy = dummyHashes.get(options.memoryKib);
  if (!dummy) {
    dummy = hashPassword('not the password of anyone', options);
    dummyHashes.set(options.memoryKib, dummy);
  }
  await verifyPassword(await dummy, password);
}
