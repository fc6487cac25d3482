// Forgot and reset password (docs/security.md rule 4): the same answer for every email,
// given before the email is even looked up (issue 12, finding 12), a hashed
// single-use token that expires in an hour and is checked before anything is
// hashed, a mail with a text and an HTML part whose link is built from the
// public URL, no auto-login, every session of the user ended; and a token that
// a password or email change clears (rule 18). The mail goes out after the answer:
// tests wait for it with settleAfterAnswerWork(app).
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it, onTestFinished } from 'vitest';
import { passwordResetTokens, users } from '../../db/schema.js';
import {
  TEST_PASSWORD,
  createSignedInUser,
  createUser,
  login,
  readOutbox,
  resetLinkOf,
  sessionCookieOf,
  withSession,
} from '../../testing/factories.js';
import { decodeQuotedPrintable } from '../../testing/quoted-printable.js';
import { startSmtpServer } from '../../testing/smtp-server.js';
import { createTestApp } from '../../testing/test-app.js';
import { settleAfterAnswerWork } from './after-answer.js';
import { RESET_LINKS_PER_ACCOUNT } from './service.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

const SAME_ANSWER = {
  success: true,
  message: "If an account with that email exists, we've sent you a password reset link.",
};
const INVALID_LINK = {
  error: { code: 'BAD_REQUEST', message: 'This password reset link is invalid or has expired.' },
};
const NEW_PASSWORD = 'a completely new password';

const forgot = (
  app: App,
  email: string,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers,
    payload: { email },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const reset = (app: App, token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password, confirmPassword },
  });

/** Asks for a reset through the outbox mailer and returns the token from the mail. */
async function requestToken(app: App, email: string): Promise<string> {
  const before = (await readOutbox(app)).length;
  expect((await forgot(app, email)).statusCode).toBe(200);
  await settleAfterAnswerWork(app);
  const mails = await readOutbox(app);
  expect(mails).toHaveLength(before + 1);
  return resetLinkOf(mails.at(-1)!).searchParams.get('token')!;
}

async function storedUser(app: App, id: string) {
  const [row] = await app.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** The user's outstanding reset links as stored: hashes and expiry times. */
const storedLinks = (app: App, userId: string) =>
  app.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));

/** Moves the expiry of every outstanding reset link into the past. */
async function expireResetLinks(app: App) {
  await app.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for an unknown email and sends nothing', async () => {
    const app = await createTestApp();
    await createUser(app, { email: 'owner@example.com' });
    const unknown = await forgot(app, 'nobody@example.com');
    const known = await forgot(app, 'owner@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(SAME_ANSWER);
    expect(known.json()).toEqual(SAME_ANSWER);
    await settleAfterAnswerWork(app);
    expect(await readOutbox(app)).toHaveLength(1);
  });

  it('answers before it looks the email up, the same for a known and an unknown email (no time to tell them apart)', async () => {
    const smtp = await startHoldingSmtpServer();
    const app = await createTestApp({ smtpUrl: smtp.url });
    const { email } = await createUser(app);

    // The SMTP server holds every message unacknowledged: an answer that waited for the mail would never come.
    const known = await Promise.race([
      forgot(app, email),
      smtp.held.then(() => {
        throw new Error('the mail was being sent before the answer');
      }),
    ]);
    const unknown = await forgot(app, 'nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual(SAME_ANSWER);
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, ...rest } = headers;
      return rest;
    };
    expect(comparable(unknown.headers)).toEqual(comparable(known.headers));

    // Only now is the known email's mail on its way: it was still unsent when its answer came.
    const held = await smtp.held;
    expect(held.to).toEqual([email]);
    smtp.release();
    await settleAfterAnswerWork(app);
    expect(smtp.received).toBe(1);
  });

  it('logs a failure of the work done after the answer', async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    const logged: { msg?: string }[] = [];
    const app = await createTestApp(
      { smtpUrl: smtp.url },
      {
        logger: {
          level: 'error',
          stream: { write: (line: string) => logged.push(JSON.parse(line) as { msg?: string }) },
        },
      },
    );
    const { email } = await createUser(app);
    expect((await forgot(app, email)).json()).toEqual(SAME_ANSWER);
    await settleAfterAnswerWork(app);
    expect(logged.map((entry) => entry.msg)).toEqual(['could not send the password reset email']);
  });

  it('stores only the SHA-256 of a 32-byte token, valid for one hour', async () => {
    const app = await createTestApp();
    const { user, email } = await createUser(app);
    const asked = Date.now();
    const token = await requestToken(app, email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await storedLinks(app, user.id);
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row!.tokenHash).not.toContain(token);
    const expiry = row!.expiresAt.getTime();
    expect(expiry).toBeGreaterThanOrEqual(asked + 60 * 60 * 1000 - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000 + 1000);
  });

  it('writes an .eml with a text and an HTML part to the outbox when SMTP is not configured', async () => {
    const app = await createTestApp({ baseUrl: 'https://app.vouchly.example' });
    const { email } = await createUser(app);
    // The link must come from the configured public URL, never from the Host header.
    expect(
      (await forgot(app, email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' }))
        .statusCode,
    ).toBe(200);
    await settleAfterAnswerWork(app);
    const [mail] = await readOutbox(app);
    expect(mail).toBeDefined();
    expect(mail).toMatch(new RegExp(`^To: ${email}$`, 'm'));
    expect(mail).toMatch(/^From: Vouchly <no-reply@localhost>$/m);
    expect(mail).toMatch(/^Subject: Reset your Vouchly password$/m);
    expect(mail).toContain('Content-Type: multipart/alternative');
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).not.toContain('evil.example');
    const link = resetLinkOf(mail!);
    expect(link.origin).toBe('https://app.vouchly.example');
    expect(link.pathname).toBe('/reset-password');
    expect(decodeQuotedPrintable(mail!)).toContain(`<a href="${link.href}"`);
  });

  it('sends the mail through SMTP when SMTP_URL is set', async () => {
    const smtp = await startSmtpServer();
    const app = await createTestApp({
      smtpUrl: smtp.url,
      mailFrom: 'Vouchly <support@vouchly.example>',
    });
    const { email, user } = await createUser(app);
    expect((await forgot(app, email)).json()).toEqual(SAME_ANSWER);
    const mail = await smtp.nextMessage();
    await settleAfterAnswerWork(app);
    expect(mail.from).toBe('support@vouchly.example');
    expect(mail.to).toEqual([email]);
    expect(mail.raw).toMatch(/^Subject: Reset your Vouchly password\r?$/m);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    const link = resetLinkOf(mail.raw);
    expect(link.origin).toBe('http://localhost:3000');
    expect(await readOutbox(app)).toHaveLength(0);

    const token = link.searchParams.get('token')!;
    expect((await storedLinks(app, user.id)).map((row) => row.tokenHash)).toEqual([
      createHash('sha256').update(token).digest('hex'),
    ]);
    expect((await reset(app, token)).statusCode).toBe(200);
  });

  it('still answers the same when the mail cannot be sent', async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    const app = await createTestApp({ smtpUrl: smtp.url });
    const { email } = await createUser(app);
    const response = await forgot(app, email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SAME_ANSWER);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password without signing in, and works only once', async () => {
    const app = await createTestApp();
    const { user, email } = await createUser(app);
    const token = await requestToken(app, email);

    const response = await reset(app, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Your password has been updated. You can now log in with your new password.',
    });
    expect(sessionCookieOf(response)).toBeUndefined();

    const row = await storedUser(app, user.id);
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(await storedLinks(app, user.id)).toEqual([]);
    const old = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    await login(app, email, NEW_PASSWORD);

    const again = await reset(app, token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
    await login(app, email, NEW_PASSWORD);
  });

  it('ends every session of the user', async () => {
    const app = await createTestApp();
    const { email, cookie } = await createSignedInUser(app);
    const otherDevice = await login(app, email);
    const bystander = await createSignedInUser(app);
    const token = await requestToken(app, email);

    // Sent from the signed-in browser itself: that session ends too.
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      ...withSession(cookie),
    });
    expect(response.statusCode).toBe(200);
    for (const ended of [cookie, otherDevice]) {
      const me = await app.inject({ method: 'GET', url: '/api/auth/user', ...withSession(ended) });
      expect(me.statusCode).toBe(401);
    }
    const other = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      ...withSession(bystander.cookie),
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses an expired token and keeps the old password', async () => {
    const app = await createTestApp();
    const { email } = await createUser(app);
    const token = await requestToken(app, email);
    await expireResetLinks(app);
    const response = await reset(app, token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
    await login(app, email, TEST_PASSWORD);
  });

  it('refuses an unknown token; of an older and a newer link, the one used first works and ends the other', async () => {
    const app = await createTestApp();
    const { email } = await createUser(app);
    expect((await reset(app, 'not-a-token')).json()).toEqual(INVALID_LINK);
    const older = await requestToken(app, email);
    const newer = await requestToken(app, email);
    expect((await reset(app, older)).statusCode).toBe(200);
    expect((await reset(app, newer, 'yet another password')).json()).toEqual(INVALID_LINK);
  });

  it('checks the token before hashing anything: a wrong token is refused even where hashing would fail', async () => {
    // argon2 refuses 1 KiB of memory, so any hash here would be a 500.
    const app = await createTestApp({ passwordHashMemoryKib: 1 });
    const response = await reset(app, 'a-token-nobody-was-sent');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
  });

  it('lets only one of two simultaneous uses of a token through', async () => {
    const app = await createTestApp();
    const { email } = await createUser(app);
    const token = await requestToken(app, email);
    const results = await Promise.all([
      reset(app, token, 'first new password'),
      reset(app, token, 'second new password'),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 400]);
  });

  it('lets only one of two links of the same user used at once through', async () => {
    const app = await createTestApp();
    const { email } = await createUser(app);
    const first = await requestToken(app, email);
    const second = await requestToken(app, email);
    const results = await Promise.all([
      reset(app, first, 'first new password'),
      reset(app, second, 'second new password'),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 400]);
  });

  it.each([
    [
      { token: '', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      'Reset token is required',
    ],
    [
      { token: 'x', password: 'short', confirmPassword: 'short' },
      'Password must be at least 8 characters',
    ],
    [
      { token: 'x', password: NEW_PASSWORD, confirmPassword: 'something else' },
      "Passwords don't match",
    ],
  ])('validates %o with "%s"', async (payload, message) => {
    const app = await createTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });
});

describe('outstanding reset links (docs/security.md rule 29)', () => {
  /** Asks from 15 addresses (so no per-address limit answers) and returns the links mailed since. */
  async function askFromManyAddresses(app: App, email: string, times = 15): Promise<string[]> {
    const before = (await readOutbox(app)).length;
    for (let i = 0; i < times; i++) {
      const response = await forgot(app, email, {}, `203.0.113.${i + 1}`);
      // The same answer whether a mail goes out or the cap held it back: nothing tells them apart.
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(SAME_ANSWER);
    }
    await settleAfterAnswerWork(app);
    return (await readOutbox(app))
      .slice(before)
      .map((mail) => resetLinkOf(mail).searchParams.get('token')!);
  }

  it(`sends at most ${RESET_LINKS_PER_ACCOUNT} reset emails to one account, however many addresses ask`, async () => {
    const app = await createTestApp();
    const { email } = await createUser(app);
    const bystander = await createUser(app);
    expect(await askFromManyAddresses(app, email)).toHaveLength(RESET_LINKS_PER_ACCOUNT);
    // Another account is not held back by it.
    expect(await askFromManyAddresses(app, bystander.email, 1)).toHaveLength(1);
  });

  it('a later request leaves the earlier link working', async () => {
    const app = await createTestApp();
    const { email } = await createUser(app);
    const [first, ...later] = await askFromManyAddresses(app, email);
    expect(later.length).toBeGreaterThan(0);
    expect((await reset(app, first!)).statusCode).toBe(200);
    await login(app, email, NEW_PASSWORD);
  });

  it('a reset ends every other outstanding link, and the owner can ask for a new one at once', async () => {
    const app = await createTestApp();
    const { email } = await createUser(app);
    const links = await askFromManyAddresses(app, email);
    expect(links).toHaveLength(RESET_LINKS_PER_ACCOUNT);
    expect((await reset(app, links[1]!)).statusCode).toBe(200);
    for (const link of links)
      expect((await reset(app, link, 'the attacker password')).json()).toEqual(INVALID_LINK);
    await login(app, email, NEW_PASSWORD);
    expect(await askFromManyAddresses(app, email, 1)).toHaveLength(1);
  });

  it('an expired link no longer counts: a new one can be sent', async () => {
    const app = await createTestApp();
    const { email } = await createUser(app);
    const links = await askFromManyAddresses(app, email);
    expect(links).toHaveLength(RESET_LINKS_PER_ACCOUNT);
    await expireResetLinks(app);
    const [fresh] = await askFromManyAddresses(app, email, 1);
    expect(fresh).toBeDefined();
    expect((await reset(app, links[0]!)).json()).toEqual(INVALID_LINK);
    expect((await reset(app, fresh!)).statusCode).toBe(200);
  });
});

describe('reset links and credential changes (docs/security.md rule 18)', () => {
  it('a reset link asked for before a password change no longer works after it', async () => {
    const app = await createTestApp();
    const { user, email, cookie } = await createSignedInUser(app);
    const token = await requestToken(app, email);
    const change = await app.inject({
      method: 'PATCH',
      url: '/api/auth/password',
      payload: {
        currentPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      ...withSession(cookie),
    });
    expect(change.statusCode).toBe(200);
    expect(await storedLinks(app, user.id)).toEqual([]);
    const response = await reset(app, token, 'the attacker password');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
    await login(app, email, NEW_PASSWORD);
  });

  it('a reset link asked for before an email change no longer works after it', async () => {
    const app = await createTestApp();
    const { user, email, cookie } = await createSignedInUser(app);
    const token = await requestToken(app, email);
    const change = await app.inject({
      method: 'PATCH',
      url: '/api/auth/email',
      payload: { email: 'moved@example.com', currentPassword: TEST_PASSWORD },
      ...withSession(cookie),
    });
    expect(change.statusCode).toBe(200);
    expect(await storedLinks(app, user.id)).toEqual([]);
    const response = await reset(app, token, 'the attacker password');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
    await login(app, 'moved@example.com', TEST_PASSWORD);
  });
});

type HoldingSmtpServer = {
  url: string;
  /** The first message, once the server holds it (received, not yet acknowledged). */
  held: Promise<{ to: string[] }>;
  /** Acknowledges the held message (and any later one at once). */
  release: () => void;
  /** Messages acknowledged so far. */
  readonly received: number;
};

/** An SMTP server that keeps the first message waiting for its acknowledgement until `release()`. */
async function startHoldingSmtpServer(): Promise<HoldingSmtpServer> {
  let releaseHeld: (() => void) | undefined;
  let released = false;
  let received = 0;
  let hold: (mail: { to: string[] }) => void = () => undefined;
  const held = new Promise<{ to: string[] }>((resolve) => {
    hold = resolve;
  });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const acknowledge = () => {
          received += 1;
          callback();
        };
        hold({ to: session.envelope.rcptTo.map((recipient) => recipient.address) });
        if (released) acknowledge();
        else releaseHeld = acknowledge;
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const release = () => {
    released = true;
    releaseHeld?.();
  };
  // A message still held would keep close() waiting for its connection.
  onTestFinished(() => {
    release();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    held,
    release,
    get received() {
      return received;
    },
  };
}
