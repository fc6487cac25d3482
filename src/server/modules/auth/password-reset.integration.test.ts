// Forgot and reset password (SECURITY.md §4): the same answer for every email,
// a hashed single-use token that expires in an hour, a mail with a text and an
// HTML part whose link is built from the public URL, no auto-login, and every
// session of the user ended.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import {
  TEST_PASSWORD,
  createSignedInUser,
  createUser,
  decodeQuotedPrintable,
  login,
  readOutbox,
  resetLinkOf,
  sessionCookieOf,
  withSession,
} from '../../testing/factories.js';
import { startSmtpServer } from '../../testing/smtp-server.js';
import { createTestApp } from '../../testing/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

const SAME_ANSWER = {
  success: true,
  message: "If an account with that email exists, we've sent you a password reset link.",
};
const INVALID_LINK = {
  error: { code: 'BAD_REQUEST', message: 'This password reset link is invalid or has expired.' },
};
const NEW_PASSWORD = 'a completely new password';

const forgot = (app: App, email: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers, payload: { email } });

const reset = (app: App, token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password, confirmPassword } });

/** Asks for a reset through the outbox mailer and returns the token from the mail. */
async function requestToken(app: App, email: string): Promise<string> {
  const before = (await readOutbox(app)).length;
  expect((await forgot(app, email)).statusCode).toBe(200);
  const mails = await readOutbox(app);
  expect(mails).toHaveLength(before + 1);
  return resetLinkOf(mails.at(-1)!).searchParams.get('token')!;
}

async function storedUser(app: App, id: string) {
  const [row] = await app.database.db.select().from(users).where(eq(users.id, id));
  return row!;
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
    expect(await readOutbox(app)).toHaveLength(1);
  });

  it('stores only the SHA-256 of a 32-byte token, valid for one hour', async () => {
    const app = await createTestApp();
    const { user, email } = await createUser(app);
    const asked = Date.now();
    const token = await requestToken(app, email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const row = await storedUser(app, user.id);
    expect(row.resetToken).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.resetToken).not.toContain(token);
    const expiry = row.resetTokenExpiry!.getTime();
    expect(expiry).toBeGreaterThanOrEqual(asked + 60 * 60 * 1000 - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000 + 1000);
  });

  it('writes an .eml with a text and an HTML part to the outbox when SMTP is not configured', async () => {
    const app = await createTestApp({ baseUrl: 'https://app.vouchly.example' });
    const { email } = await createUser(app);
    // The link must come from the configured public URL, never from the Host header.
    expect((await forgot(app, email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' })).statusCode).toBe(200);
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
    const app = await createTestApp({ smtpUrl: smtp.url, mailFrom: 'Vouchly <support@vouchly.example>' });
    const { email, user } = await createUser(app);
    expect((await forgot(app, email)).json()).toEqual(SAME_ANSWER);
    const mail = await smtp.nextMessage();
    expect(mail.from).toBe('support@vouchly.example');
    expect(mail.to).toEqual([email]);
    expect(mail.raw).toMatch(/^Subject: Reset your Vouchly password\r?$/m);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    const link = resetLinkOf(mail.raw);
    expect(link.origin).toBe('http://localhost:3000');
    expect(await readOutbox(app)).toHaveLength(0);

    const token = link.searchParams.get('token')!;
    expect((await storedUser(app, user.id)).resetToken).toBe(createHash('sha256').update(token).digest('hex'));
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
    expect(row.resetToken).toBeNull();
    expect(row.resetTokenExpiry).toBeNull();
    const old = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: TEST_PASSWORD } });
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
    const other = await app.inject({ method: 'GET', url: '/api/auth/user', ...withSession(bystander.cookie) });
    expect(other.statusCode).toBe(200);
  });

  it('refuses an expired token and keeps the old password', async () => {
    const app = await createTestApp();
    const { user, email } = await createUser(app);
    const token = await requestToken(app, email);
    await app.database.db
      .update(users)
      .set({ resetTokenExpiry: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    const response = await reset(app, token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
    await login(app, email, TEST_PASSWORD);
  });

  it('refuses an unknown token, and an older token once a newer one was asked for', async () => {
    const app = await createTestApp();
    const { email } = await createUser(app);
    expect((await reset(app, 'not-a-token')).json()).toEqual(INVALID_LINK);
    const older = await requestToken(app, email);
    const newer = await requestToken(app, email);
    expect((await reset(app, older)).json()).toEqual(INVALID_LINK);
    expect((await reset(app, newer)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uses of a token through', async () => {
    const app = await createTestApp();
    const { email } = await createUser(app);
    const token = await requestToken(app, email);
    const results = await Promise.all([reset(app, token, 'first new password'), reset(app, token, 'second new password')]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 400]);
  });

  it.each([
    [{ token: '', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, 'Reset token is required'],
    [{ token: 'x', password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    [{ token: 'x', password: NEW_PASSWORD, confirmPassword: 'something else' }, "Passwords don't match"],
  ])('validates %o with "%s"', async (payload, message) => {
    const app = await createTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });
});
