// Every secret check is throttled per IP and per account (docs/security.md rule 19):
// the 11th wrong guess in a window gets 429 with Retry-After. Only failures
// count, so an owner is never throttled for signing in, and a reset link
// still works while login is throttled for their email (issue 12, findings 4
// and 5). Addresses come from X-Forwarded-For behind a trusted proxy, so one
// test can play several clients.
import { describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  createSignedInUser,
  createUser,
  readOutbox,
  resetLinkOf,
  uniqueEmail,
  withSession,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { settleAfterAnswerWork } from './after-answer.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Response = Awaited<ReturnType<App['inject']>>;

const FIFTEEN_MINUTES_S = 15 * 60;
const NEW_PASSWORD = 'a completely new password';

const from = (address: string) => ({ 'x-forwarded-for': address });
/** A different client address for each i. */
const addressNumber = (i: number) => `203.0.113.${i + 1}`;

function expectThrottled(response: Response): void {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toEqual({
    error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' },
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(FIFTEEN_MINUTES_S);
}

const login = (app: App, email: string, password: string, address: string) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    headers: from(address),
    payload: { email, password },
  });

const changePassword = (app: App, cookie: string, currentPassword: string, address: string) =>
  app.inject({
    method: 'PATCH',
    url: '/api/auth/password',
    payload: { currentPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    ...withSession(cookie, from(address)),
  });

const changeEmail = (app: App, cookie: string, currentPassword: string, address: string) =>
  app.inject({
    method: 'PATCH',
    url: '/api/auth/email',
    payload: { email: uniqueEmail('moved'), currentPassword },
    ...withSession(cookie, from(address)),
  });

const resetPassword = (app: App, token: string, address: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: from(address),
    payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  });

async function resetTokenFor(app: App, email: string, address: string): Promise<string> {
  const asked = await app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: from(address),
    payload: { email },
  });
  expect(asked.statusCode).toBe(200);
  await settleAfterAnswerWork(app);
  const mail = (await readOutbox(app)).at(-1);
  expect(mail).toContain(email);
  return resetLinkOf(mail!).searchParams.get('token')!;
}

describe('login', () => {
  it('counts only failures: an owner signs in again and again from one address', async () => {
    const app = await createTestApp({ trustProxy: true });
    const { email } = await createUser(app);
    for (let i = 0; i < 15; i++)
      expect((await login(app, email, TEST_PASSWORD, '198.51.100.1')).statusCode).toBe(200);
  });

  it('per address: the 11th wrong guess gets 429, whichever emails they name', async () => {
    const app = await createTestApp({ trustProxy: true });
    const { email } = await createUser(app);
    for (let i = 0; i < 10; i++)
      expect((await login(app, uniqueEmail(), 'wrong password', '198.51.100.1')).statusCode).toBe(
        401,
      );
    expectThrottled(await login(app, email, TEST_PASSWORD, '198.51.100.1'));
    expect((await login(app, email, TEST_PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });

  it('per account: the 11th guess at one email gets 429 from any address, even with the right password', async () => {
    const app = await createTestApp({ trustProxy: true });
    const { email } = await createUser(app);
    const other = await createUser(app, { businessName: null });
    for (let i = 0; i < 10; i++)
      expect((await login(app, email, 'wrong password', addressNumber(i))).statusCode).toBe(401);
    expectThrottled(await login(app, email, TEST_PASSWORD, '198.51.100.1'));
    // Counted on the normalised email.
    expectThrottled(await login(app, ` ${email.toUpperCase()}`, TEST_PASSWORD, '198.51.100.2'));
    expect((await login(app, other.email, TEST_PASSWORD, '198.51.100.1')).statusCode).toBe(200);
  });

  it('per account, for an email nobody has too: the answer does not tell whether it exists', async () => {
    const app = await createTestApp({ trustProxy: true });
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 10; i++)
      expect((await login(app, nobody, 'wrong password', addressNumber(i))).statusCode).toBe(401);
    expectThrottled(await login(app, nobody, 'wrong password', '198.51.100.1'));
  });

  it('keeps a path in: while login is throttled for an email, a reset link works and the new password signs in', async () => {
    const app = await createTestApp({ trustProxy: true });
    const { email } = await createUser(app);
    const owner = '198.51.100.7';
    for (let i = 0; i < 10; i++)
      expect((await login(app, email, 'attacker guess', addressNumber(i))).statusCode).toBe(401);
    expectThrottled(await login(app, email, TEST_PASSWORD, owner));

    const token = await resetTokenFor(app, email, owner);
    expect((await resetPassword(app, token, owner)).statusCode).toBe(200);
    // A new password starts a new count for the account: the owner signs in at once.
    expect((await login(app, email, NEW_PASSWORD, owner)).statusCode).toBe(200);
    // The attacker's guesses count again from zero against the new password.
    for (let i = 0; i < 10; i++)
      expect((await login(app, email, 'attacker guess', addressNumber(20 + i))).statusCode).toBe(
        401,
      );
    expectThrottled(await login(app, email, NEW_PASSWORD, owner));
  });
});

describe.each([
  ['password change', changePassword],
  ['email change', changeEmail],
] as const)('%s (current password)', (_name, attempt) => {
  it('per account: the 11th wrong current password gets 429 from any address, even the right one', async () => {
    const app = await createTestApp({ trustProxy: true });
    const { cookie, email } = await createSignedInUser(app);
    for (let i = 0; i < 10; i++) {
      const response = await attempt(app, cookie, 'not my password', addressNumber(i));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Current password is incorrect');
    }
    expectThrottled(await attempt(app, cookie, TEST_PASSWORD, '198.51.100.1'));
    // Nothing changed: the password and the email are as they were.
    expect((await login(app, email, TEST_PASSWORD, '198.51.100.2')).statusCode).toBe(200);
    // Another owner is not affected.
    const other = await createSignedInUser(app, { businessName: null });
    expect((await attempt(app, other.cookie, TEST_PASSWORD, '198.51.100.1')).statusCode).toBe(200);
  });

  it('per address: the 11th wrong current password gets 429, across accounts', async () => {
    const app = await createTestApp({ trustProxy: true });
    const address = '198.51.100.9';
    for (let i = 0; i < 10; i++) {
      const { cookie } = await createSignedInUser(app, { businessName: null });
      expect((await attempt(app, cookie, 'not my password', address)).statusCode).toBe(400);
    }
    const { cookie } = await createSignedInUser(app, { businessName: null });
    expectThrottled(await attempt(app, cookie, 'not my password', address));
    expect((await attempt(app, cookie, TEST_PASSWORD, '198.51.100.10')).statusCode).toBe(200);
  });
});

describe('current password: one count for both changes', () => {
  it('five wrong guesses through each change make ten: the next one gets 429', async () => {
    const app = await createTestApp({ trustProxy: true });
    const { cookie } = await createSignedInUser(app);
    for (let i = 0; i < 5; i++) {
      expect(
        (await changePassword(app, cookie, 'not my password', addressNumber(i))).statusCode,
      ).toBe(400);
      expect(
        (await changeEmail(app, cookie, 'not my password', addressNumber(10 + i))).statusCode,
      ).toBe(400);
    }
    expectThrottled(await changePassword(app, cookie, 'not my password', '198.51.100.1'));
    expectThrottled(await changeEmail(app, cookie, 'not my password', '198.51.100.1'));
  });
});

describe('email change (the "already in use" answer)', () => {
  const taken = (app: App) => createUser(app, { businessName: null });
  const moveTo = (app: App, cookie: string, email: string, address: string) =>
    app.inject({
      method: 'PATCH',
      url: '/api/auth/email',
      payload: { email, currentPassword: TEST_PASSWORD },
      ...withSession(cookie, from(address)),
    });

  it('per account: at most 10 changes an hour, right password or not, so its 409 cannot list accounts', async () => {
    const app = await createTestApp({ trustProxy: true });
    const { cookie } = await createSignedInUser(app);
    for (let i = 0; i < 10; i++) {
      const response = await moveTo(app, cookie, (await taken(app)).email, addressNumber(i));
      expect(response.statusCode).toBe(409);
    }
    const response = await moveTo(app, cookie, (await taken(app)).email, '198.51.100.1');
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
  });

  it('per address: at most 10 changes an hour, across accounts', async () => {
    const app = await createTestApp({ trustProxy: true });
    const address = '198.51.100.3';
    for (let i = 0; i < 10; i++) {
      const { cookie } = await createSignedInUser(app, { businessName: null });
      expect((await moveTo(app, cookie, (await taken(app)).email, address)).statusCode).toBe(409);
    }
    const { cookie } = await createSignedInUser(app, { businessName: null });
    expect((await moveTo(app, cookie, uniqueEmail('free'), address)).statusCode).toBe(429);
    expect((await moveTo(app, cookie, uniqueEmail('free'), '198.51.100.4')).statusCode).toBe(200);
  });
});

describe('reset password', () => {
  it('per address: the 11th wrong token gets 429, even a valid one; another address still resets', async () => {
    const app = await createTestApp({ trustProxy: true });
    const { email } = await createUser(app);
    const attacker = '198.51.100.1';
    const token = await resetTokenFor(app, email, '198.51.100.2');
    for (let i = 0; i < 10; i++) {
      const response = await resetPassword(app, `guess-${i}`, attacker);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        'This password reset link is invalid or has expired.',
      );
    }
    expectThrottled(await resetPassword(app, token, attacker));
    expect((await resetPassword(app, token, '198.51.100.2')).statusCode).toBe(200);
  });

  it('per address: at most 20 requests in 15 minutes, whatever they hold', async () => {
    const app = await createTestApp({ trustProxy: true });
    for (let i = 0; i < 20; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: from('198.51.100.1'),
        payload: { token: 'x', password: 'short', confirmPassword: 'short' },
      });
      expect(response.statusCode).toBe(400);
    }
    expectThrottled(await resetPassword(app, 'x', '198.51.100.1'));
  });
});

describe('a burst of guesses sent all at once', () => {
  // Each guess is counted before it is tried, so guesses in flight together cannot all read "no failures yet".
  it('login: of 30 wrong guesses at one account from one address, at most 10 are tried', async () => {
    const app = await createTestApp({ trustProxy: true });
    const { email } = await createUser(app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(app, email, 'wrong password', '198.51.100.7')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
  });

  it('password change: of 30 wrong current passwords sent at once, at most 10 are tried', async () => {
    const app = await createTestApp({ trustProxy: true });
    const owner = await createSignedInUser(app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        changePassword(app, owner.cookie, 'wrong password', '198.51.100.8'),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
  });

  it('a correct password in the burst is not held against the owner afterwards', async () => {
    const app = await createTestApp({ trustProxy: true });
    const { email } = await createUser(app);
    await Promise.all(
      Array.from({ length: 9 }, () => login(app, email, TEST_PASSWORD, '198.51.100.9')),
    );
    for (let i = 0; i < 10; i++)
      expect((await login(app, email, 'wrong password', '198.51.100.9')).statusCode).toBe(401);
    expectThrottled(await login(app, email, 'wrong password', '198.51.100.9'));
  });

  it('attempts refused in a burst are not counted either: after 30 right passwords at once, nothing is held', async () => {
    const app = await createTestApp({ trustProxy: true });
    const { email } = await createUser(app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(app, email, TEST_PASSWORD, '198.51.100.10')),
    );
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 429)).toBe(
      true,
    );
    // No failure happened, so the whole budget is still there, per address and per account.
    expect((await login(app, email, TEST_PASSWORD, '198.51.100.10')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await login(app, email, 'wrong password', '198.51.100.10')).statusCode).toBe(401);
    expectThrottled(await login(app, email, 'wrong password', '198.51.100.10'));
  });
});
