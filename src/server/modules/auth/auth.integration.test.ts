// Registration, login, logout, the current user, and email and password
// changes (docs/product/auth.md#rules-and-messages, docs/product/auth.md#calls; docs/security.md rules 1-2, 18: an email change needs the
// current password and tells the old address).
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  businesses,
  collectionPageSettings,
  sessions,
  users,
  widgetSettings,
} from '../../db/schema.js';
import {
  TEST_PASSWORD,
  createSignedInUser,
  createUser,
  login,
  readOutbox,
  registrationInput,
  sessionCookieOf,
  withSession,
} from '../../testing/factories.js';
import { decodeQuotedPrintable } from '../../testing/quoted-printable.js';
import { startSmtpServer } from '../../testing/smtp-server.js';
import { createTestApp } from '../../testing/test-app.js';
import { settleAfterAnswerWork } from './after-answer.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

const currentUserKeys = [
  'createdAt',
  'email',
  'firstName',
  'id',
  'isFreeAccount',
  'lastName',
  'profileImageUrl',
  'subscriptionEndDate',
  'subscriptionStatus',
];

async function currentUser(app: App, cookie: string) {
  return app.inject({ method: 'GET', url: '/api/auth/user', ...withSession(cookie) });
}

async function userRow(app: App, email: string) {
  const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function countRows(
  app: App,
  table: typeof users | typeof businesses | typeof sessions,
): Promise<number> {
  const [row] = await app.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

describe('POST /api/register', () => {
  it('creates the user, their business and both settings rows, and signs them in', async () => {
    const app = await createTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registrationInput({
        email: '  New.Owner@Example.COM ',
        businessName: ' Café Müller & Sons ',
        website: 'cafe-muller.example',
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(currentUserKeys);
    expect(body).toMatchObject({
      email: 'new.owner@example.com',
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      isFreeAccount: false,
      subscriptionStatus: null,
      subscriptionEndDate: null,
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);

    const user = await userRow(app, 'new.owner@example.com');
    expect(user?.id).toBe(body.id);
    expect(user?.password).toMatch(/^\$argon2id\$v=19\$m=1024,t=2,p=1\$/);

    const [business] = await app.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.ownerId, body.id));
    expect(business).toMatchObject({
      name: 'Café Müller & Sons',
      website: 'https://cafe-muller.example',
      description: null,
      logoUrl: null,
    });
    expect(business?.collectionSlug).toMatch(/^cafe-muller-sons-[0-9a-z]{6}$/);

    const [widget] = await app.database.db
      .select()
      .from(widgetSettings)
      .where(eq(widgetSettings.businessId, business!.id));
    expect(widget).toMatchObject({
      layout: 'carousel',
      backgroundColor: '#FFFFFF',
      innerContainerColor: '#FFFFFF',
      textColor: '#1F2937',
      fontFamily: 'inter',
      fontSize: 'base',
      showRatings: true,
      showDates: true,
      showLocation: true,
      showBranding: false,
      autoRotate: true,
      showPersonalPhotos: true,
      showBeforeAfterPhotos: true,
      showProductImages: true,
      showBusinessName: false,
      headerText: '',
      headerAlignment: 'left',
    });
    const [collection] = await app.database.db
      .select()
      .from(collectionPageSettings)
      .where(eq(collectionPageSettings.businessId, business!.id));
    expect(collection).toMatchObject({
      welcomeMessage: 'Share your experience with us!',
      collectName: true,
      nameRequired: true,
      collectEmail: true,
      emailRequired: false,
      collectBusinessName: false,
      businessNameRequired: false,
      collectLocation: true,
      locationRequired: false,
      collectStarRatings: true,
      starRatingsRequired: true,
      collectSelfie: true,
      selfieRequired: false,
      collectBeforeAfterPhotos: true,
      beforeAfterPhotosRequired: false,
      collectProductPhotos: true,
      productPhotosRequired: false,
      redirectAfterSubmission: null,
    });

    const cookie = sessionCookieOf(response);
    expect(cookie).toBeDefined();
    const me = await currentUser(app, cookie!);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie on / with at least 128 random bits', async () => {
    const app = await createTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registrationInput(),
    });
    const cookie = response.cookies.find((candidate) => candidate.name === 'vouchly.sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const [row] = await app.database.db.select({ sid: sessions.sid }).from(sessions);
    // base64url: 6 bits a character.
    expect((row?.sid.length ?? 0) * 6).toBeGreaterThanOrEqual(128);
  });

  it('answers 409 for an email already registered, whatever its case and spacing', async () => {
    const app = await createTestApp();
    await createUser(app, { email: 'taken@example.com' });
    for (const email of ['taken@example.com', 'TAKEN@Example.com', '  taken@example.com  ']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: registrationInput({ email }),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: { code: 'CONFLICT', message: 'An account with this email already exists' },
      });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
    expect(await countRows(app, users)).toBe(1);
    expect(await countRows(app, businesses)).toBe(1);
  });

  it('gives two businesses of the same name different readable slugs', async () => {
    const app = await createTestApp();
    for (let i = 0; i < 2; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: registrationInput({ businessName: 'Same Name' }),
      });
      expect(response.statusCode).toBe(201);
    }
    const slugs = (
      await app.database.db.select({ slug: businesses.collectionSlug }).from(businesses)
    ).map((row) => row.slug);
    expect(slugs).toHaveLength(2);
    expect(new Set(slugs).size).toBe(2);
    for (const slug of slugs) expect(slug).toMatch(/^same-name-[0-9a-z]{6}$/);
  });

  it('leaves nothing behind when a later step of the registration fails', async () => {
    const app = await createTestApp();
    const { db } = app.database;
    await db.execute(
      sql.raw(
        `CREATE FUNCTION refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`,
      ),
    );
    await db.execute(
      sql.raw(
        `CREATE TRIGGER refuse_settings BEFORE INSERT ON collection_page_settings FOR EACH ROW EXECUTE FUNCTION refuse_insert()`,
      ),
    );
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: registrationInput(),
      });
      expect(response.statusCode).toBe(500);
      expect(sessionCookieOf(response)).toBeUndefined();
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_settings ON collection_page_settings'));
      await db.execute(sql.raw('DROP FUNCTION refuse_insert()'));
    }
    expect(await countRows(app, users)).toBe(0);
    expect(await countRows(app, businesses)).toBe(0);
  });

  it.each([
    [{ agreeToTerms: false }, 'You must agree to the terms of service to continue'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ email: 'not-an-email' }, 'Invalid email format'],
    [{ businessName: '   ' }, 'Business name is required'],
    [{ website: '' }, 'Website is required'],
    [{ website: 'not a site' }, 'Please enter a valid website (e.g., example.com)'],
  ])('refuses %o with "%s"', async (overrides, message) => {
    const app = await createTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registrationInput(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await countRows(app, users)).toBe(0);
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password, whatever the case of the email', async () => {
    const app = await createTestApp();
    const { user } = await createUser(app, { email: 'owner@example.com' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: ' Owner@Example.com', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(currentUserKeys);
    expect(response.json()).toMatchObject({ id: user.id, email: 'owner@example.com' });
    expect(response.body).not.toContain('argon2');
    const me = await currentUser(app, sessionCookieOf(response)!);
    expect(me.json().id).toBe(user.id);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const app = await createTestApp();
    await createUser(app, { email: 'owner@example.com' });
    const expected = { error: { code: 'UNAUTHORIZED', message: 'Invalid email or password' } };
    for (const payload of [
      { email: 'owner@example.com', password: 'wrong password' },
      { email: 'nobody@example.com', password: TEST_PASSWORD },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/api/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(expected);
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });

  it('issues a new session id at login; the previous cookie is refused', async () => {
    const app = await createTestApp();
    const { email, user } = await createUser(app);
    const first = await login(app, email);
    const again = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: TEST_PASSWORD },
      ...withSession(first),
    });
    expect(again.statusCode).toBe(200);
    const second = sessionCookieOf(again)!;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await currentUser(app, first)).statusCode).toBe(401);
    expect((await currentUser(app, second)).json().id).toBe(user.id);
    const rows = await app.database.db
      .select()
      .from(sessions)
      .where(sql`${sessions.sess}->>'userId' = ${user.id}`);
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/logout', () => {
  it('deletes the session and clears the cookie; the cookie is refused afterwards', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app);
    expect((await currentUser(app, cookie)).statusCode).toBe(200);
    const response = await app.inject({
      method: 'POST',
      url: '/api/logout',
      ...withSession(cookie),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Logged out' });
    const cleared = response.cookies.find((candidate) => candidate.name === 'vouchly.sid');
    expect(cleared?.value).toBe('');
    expect(cleared?.maxAge).toBe(0);
    expect(await countRows(app, sessions)).toBe(0);
    expect((await currentUser(app, cookie)).statusCode).toBe(401);
  });

  it('answers the same when nobody is signed in', async () => {
    const app = await createTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/logout' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Logged out' });
  });
});

describe('GET /api/auth/user', () => {
  it('answers 401 Unauthorized when signed out or with a forged cookie', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app);
    const forged = `${cookie.split('.')[0]}.forgedsignature`;
    for (const headers of [{}, withSession(forged), withSession('garbage')]) {
      const response = await app.inject({ method: 'GET', url: '/api/auth/user', ...headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Unauthorized' } });
      // The client recognises "401: ...Unauthorized...".
      expect(`${response.statusCode}: ${response.body}`).toMatch(/^401: .*Unauthorized/);
    }
  });

  it('answers 401 once the user is gone', async () => {
    const app = await createTestApp();
    const { cookie, user } = await createSignedInUser(app);
    await app.database.db.delete(users).where(eq(users.id, user.id));
    expect((await currentUser(app, cookie)).statusCode).toBe(401);
  });
});

describe('PATCH /api/auth/email', () => {
  const changeEmail = (app: App, cookie: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: '/api/auth/email', payload, ...withSession(cookie) });

  it('changes the email (trimmed, lowercased) and returns the current user', async () => {
    const app = await createTestApp();
    const { cookie, user } = await createSignedInUser(app);
    const response = await changeEmail(app, cookie, {
      email: ' Renamed@Example.com ',
      currentPassword: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: 'renamed@example.com' });
    expect(await userRow(app, 'renamed@example.com')).toBeDefined();
    await login(app, 'renamed@example.com');
  });

  it('needs the current password (docs/security.md rule 18): without it 400, with a wrong one 400 "Current password is incorrect"', async () => {
    const app = await createTestApp();
    const { cookie, email } = await createSignedInUser(app);
    const missing = await changeEmail(app, cookie, { email: 'attacker@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Current password is required',
    });

    const wrong = await changeEmail(app, cookie, {
      email: 'attacker@example.com',
      currentPassword: 'not my password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Current password is incorrect' },
    });
    expect(wrong.json().error.message).toContain('incorrect');
    expect(await userRow(app, email)).toBeDefined();
    expect(await userRow(app, 'attacker@example.com')).toBeUndefined();
    await settleAfterAnswerWork(app);
    expect(await readOutbox(app)).toHaveLength(0);
  });

  it('checks the password before it tells whether another account has the address', async () => {
    const app = await createTestApp();
    await createUser(app, { email: 'other@example.com', businessName: null });
    const { cookie } = await createSignedInUser(app);
    const response = await changeEmail(app, cookie, {
      email: 'other@example.com',
      currentPassword: 'not my password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Current password is incorrect');
  });

  it('answers 409 "Email is already in use" when another account has it', async () => {
    const app = await createTestApp();
    await createUser(app, { email: 'other@example.com', businessName: null });
    const { cookie, email } = await createSignedInUser(app);
    const response = await changeEmail(app, cookie, {
      email: 'OTHER@example.com',
      currentPassword: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Email is already in use');
    expect(response.json().error.message).toContain('already in use');
    expect(await userRow(app, email)).toBeDefined();
  });

  it('keeps the email when it is the same, and needs a session', async () => {
    const app = await createTestApp();
    const { cookie, email } = await createSignedInUser(app);
    const same = await changeEmail(app, cookie, { email, currentPassword: TEST_PASSWORD });
    expect(same.statusCode).toBe(200);
    expect(same.json().email).toBe(email);
    const anonymous = await app.inject({
      method: 'PATCH',
      url: '/api/auth/email',
      payload: { email: 'x@example.com', currentPassword: TEST_PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
    await settleAfterAnswerWork(app);
    expect(await readOutbox(app)).toHaveLength(0);
  });

  it('tells the old address that the email was changed, and to which one', async () => {
    const app = await createTestApp();
    const { cookie, email } = await createSignedInUser(app);
    const response = await changeEmail(app, cookie, {
      email: 'moved@example.com',
      currentPassword: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    await settleAfterAnswerWork(app);
    const mails = await readOutbox(app);
    expect(mails).toHaveLength(1);
    const mail = decodeQuotedPrintable(mails[0]!);
    expect(mail).toMatch(new RegExp(`^To: ${email}$`, 'm'));
    expect(mail).toMatch(/^Subject: Your Vouchly email address was changed$/m);
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).toContain('moved@example.com');
  });

  it('still changes the email when the notice cannot be sent, and logs the failure', async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    const errors: unknown[] = [];
    const app = await createTestApp(
      { smtpUrl: smtp.url },
      {
        logger: {
          level: 'error',
          stream: { write: (line: string) => errors.push(JSON.parse(line)) },
        },
      },
    );
    const { cookie } = await createSignedInUser(app);
    const response = await changeEmail(app, cookie, {
      email: 'moved@example.com',
      currentPassword: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('moved@example.com');
    await settleAfterAnswerWork(app);
    expect(errors).toEqual([
      expect.objectContaining({ msg: 'could not send the email change notice' }),
    ]);
  });
});

describe('PATCH /api/auth/password', () => {
  const change = (app: App, cookie: string, payload: Record<string, string>) =>
    app.inject({ method: 'PATCH', url: '/api/auth/password', payload, ...withSession(cookie) });

  it('answers 400 "Current password is incorrect" for a wrong current password', async () => {
    const app = await createTestApp();
    const { cookie, email } = await createSignedInUser(app);
    const before = (await userRow(app, email))?.password;
    const response = await change(app, cookie, {
      currentPassword: 'not my password',
      newPassword: 'a brand new password',
      confirmPassword: 'a brand new password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'BAD_REQUEST',
      message: 'Current password is incorrect',
    });
    expect(response.json().error.message).toContain('incorrect');
    expect((await userRow(app, email))?.password).toBe(before);
    expect((await currentUser(app, cookie)).statusCode).toBe(200);
  });

  it('refuses a confirmation that does not match with "Passwords don\'t match"', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app);
    const response = await change(app, cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new password',
      confirmPassword: 'another new password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("Passwords don't match");
  });

  it('stores a new argon2id hash, renews this session id and ends the other sessions', async () => {
    const app = await createTestApp();
    const { cookie, email, user } = await createSignedInUser(app);
    const otherDevice = await login(app, email);
    const response = await change(app, cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new password',
      confirmPassword: 'a brand new password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    expect(typeof response.json().message).toBe('string');

    const renewed = sessionCookieOf(response);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(cookie);
    expect((await currentUser(app, renewed!)).json().id).toBe(user.id);
    expect((await currentUser(app, cookie)).statusCode).toBe(401);
    expect((await currentUser(app, otherDevice)).statusCode).toBe(401);

    expect((await userRow(app, email))?.password).toMatch(/^\$argon2id\$/);
    const oldPassword = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
    await login(app, email, 'a brand new password');
  });
});

describe('CSRF (docs/security.md rule 3)', () => {
  it('refuses a foreign-Origin POST carrying a valid session cookie, and changes nothing', async () => {
    const app = await createTestApp();
    const { cookie, email } = await createSignedInUser(app);
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/auth/email',
      payload: { email: 'attacker@example.com', currentPassword: TEST_PASSWORD },
      ...withSession(cookie, { origin: 'https://evil.example' }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Cross-site request refused' },
    });
    expect(await userRow(app, email)).toBeDefined();

    const logout = await app.inject({
      method: 'POST',
      url: '/api/logout',
      ...withSession(cookie, { origin: 'null' }),
    });
    expect(logout.statusCode).toBe(403);
    expect((await currentUser(app, cookie)).statusCode).toBe(200);
  });

  it('refuses Sec-Fetch-Site: cross-site even with our own Origin', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/logout',
      ...withSession(cookie, { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:3000' }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'Cross-site request refused',
    });
    expect((await currentUser(app, cookie)).statusCode).toBe(200);
  });

  it('lets our own pages through: our Origin, or without Origin Sec-Fetch-Site: same-origin; neither header is refused', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app);
    const change = (headers: Record<string, string>) =>
      app.inject({
        method: 'PATCH',
        url: '/api/auth/email',
        cookies: withSession(cookie).cookies,
        headers: { 'content-type': 'application/json', ...headers },
        payload: { email: 'still-me@example.com', currentPassword: TEST_PASSWORD },
      });
    const ours: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' },
      { origin: 'http://localhost:3000' },
      { 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of ours) {
      const response = await change(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
    // Every browser sends Origin with a change: without either header, the cookie came from something else.
    const neither = await change({});
    expect(neither.statusCode).toBe(403);
    expect(neither.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'Cross-site request refused',
    });
  });

  it('accepts JSON bodies only: text/plain and form posts get 415', async () => {
    const app = await createTestApp();
    const { email, cookie } = await createSignedInUser(app);
    const body = JSON.stringify({ email, password: TEST_PASSWORD });
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': contentType },
        payload: body,
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const patch = await app.inject({
      method: 'PATCH',
      url: '/api/auth/email',
      payload: JSON.stringify({ email: 'plain@example.com', currentPassword: TEST_PASSWORD }),
      ...withSession(cookie, { 'content-type': 'text/plain' }),
    });
    expect(patch.statusCode).toBe(415);
  });
});
