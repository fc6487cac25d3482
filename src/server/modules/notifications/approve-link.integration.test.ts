// The Approve button of a new-testimonial email (docs/product/notifications.md#approve-from-the-email): opening the
// link (as a mail scanner does) changes nothing; the page's button approves once; Undo for 10 minutes; a used, old or
// forged link asks to sign in.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../../shared/time.js';
import { testimonials } from '../../db/schema.js';
import { SESSION_COOKIE } from '../../plugins/sessions.js';
import { createUser, login, readOutbox, submitToForm } from '../../testing/factories.js';
import { decodeQuotedPrintable } from '../../testing/quoted-printable.js';
import { createTestApp, TEST_BASE_URL } from '../../testing/test-app.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_BASE_URL };

async function setup() {
  let now = new Date('2026-03-02T09:00:00Z');
  const app = await createTestApp({}, { clock: () => now });
  const { business, email: ownerEmail } = await createUser(app);
  const sent = await submitToForm(app, business!.collectionSlug, {
    authorName: 'Ana Souza',
    rating: 4,
    content: 'Warm bread & kind people.',
  });
  const { id } = sent.json<{ testimonial: { id: string } }>().testimonial;
  await app.jobs.drain();
  const [email] = (await readOutbox(app)).map(decodeQuotedPrintable);
  const link = /^Approve: (http\S+)$/m.exec(email ?? '')?.[1];
  if (!link) throw new Error(`no Approve link in:\n${email}`);
  const path = new URL(link).pathname;
  const status = async () =>
    (await app.database.db.select().from(testimonials).where(eq(testimonials.id, id)))[0]?.status;
  return {
    app,
    ownerEmail,
    link,
    path,
    status,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    open: () => app.inject({ method: 'GET', url: path }),
    approve: () => app.inject({ method: 'POST', url: path, headers: FORM, payload: '' }),
    undo: () => app.inject({ method: 'POST', url: `${path}/undo`, headers: FORM, payload: '' }),
  };
}

describe('the Approve link of a new-testimonial email', () => {
  it('is in the email as a button and in the plain text', async () => {
    const t = await setup();
    expect(t.link).toMatch(/^http:\/\/localhost:3000\/approve\/[A-Za-z0-9_-]{43}$/);
    const [email] = (await readOutbox(t.app)).map(decodeQuotedPrintable);
    expect(email).toContain(`<a href="${t.link}"`);
    expect(email).toMatch(/>Approve<\/a>/);
  });

  it('only shows the testimonial and one button when opened, however often (a mail scanner changes nothing)', async () => {
    const t = await setup();
    for (let i = 0; i < 3; i++) {
      const page = await t.open();
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.body).toContain('Approve this testimonial?');
      expect(page.body).toContain('Warm bread &amp; kind people.');
      expect(page.body).toContain(`<form method="post" action="${t.path}">`);
      // The tab's icon: without it the browser asks for /favicon.ico, which is not there (a 404 in its console).
      expect(page.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    }
    expect(await t.status()).toBe('pending');
  });

  it('approves for an owner signed in in the same browser, whose press says Origin: null (the no-referrer page)', async () => {
    const t = await setup();
    const cookie = await login(t.app, t.ownerEmail);
    // What Chromium sends for the button: the page's Referrer-Policy hides the Origin, the fetch metadata does not.
    const pressed = await t.app.inject({
      method: 'POST',
      url: t.path,
      cookies: { [SESSION_COOKIE]: cookie },
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'null',
        'sec-fetch-site': 'same-origin',
      },
      payload: '',
    });
    expect(pressed.statusCode, pressed.body).toBe(200);
    expect(pressed.body).toContain('It now shows in your widget.');
    expect(await t.status()).toBe('approved');
  });

  it('refuses a press with the session cookie and Origin: null that is not from our page, and changes nothing', async () => {
    const t = await setup();
    const cookie = await login(t.app, t.ownerEmail);
    for (const headers of [
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ]) {
      const pressed = await t.app.inject({
        method: 'POST',
        url: t.path,
        cookies: { [SESSION_COOKIE]: cookie },
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: '',
      });
      expect(pressed.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await t.status()).toBe('pending');
  });

  it('approves with the button, once, then asks to sign in', async () => {
    const t = await setup();
    const approved = await t.approve();
    expect(approved.statusCode).toBe(200);
    expect(approved.body).toContain('It now shows in your widget.');
    expect(approved.body).toContain(`action="${t.path}/undo"`);
    expect(await t.status()).toBe('approved');
    for (const again of [await t.approve(), await t.open()]) {
      expect(again.statusCode).toBe(410);
      expect(again.body).toContain('This link has expired or was already used');
      expect(again.body).toContain('href="/auth?tab=login"');
    }
  });

  it('approves once when the button is pressed twice at the same moment', async () => {
    const t = await setup();
    const answers = await Promise.all([t.approve(), t.approve()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
    expect(await t.status()).toBe('approved');
  });

  it('undoes within 10 minutes, and the link approves again', async () => {
    const t = await setup();
    await t.approve();
    t.advance(9 * MINUTE_MS);
    const undone = await t.undo();
    expect(undone.statusCode).toBe(200);
    expect(undone.body).toContain('The testimonial waits for your approval again.');
    expect(await t.status()).toBe('pending');
    expect((await t.approve()).statusCode).toBe(200);
    t.advance(10 * MINUTE_MS);
    expect((await t.undo()).statusCode).toBe(410);
    expect(await t.status()).toBe('approved');
  });

  it('refuses Undo before approving', async () => {
    const t = await setup();
    expect((await t.undo()).statusCode).toBe(410);
    expect(await t.status()).toBe('pending');
  });

  it('asks to sign in after 7 days, and changes nothing', async () => {
    const t = await setup();
    t.advance(7 * DAY_MS);
    expect((await t.open()).statusCode).toBe(410);
    expect((await t.approve()).statusCode).toBe(410);
    expect(await t.status()).toBe('pending');
  });

  it('answers a forged link with 404 and the same sign-in page', async () => {
    const t = await setup();
    const forged = `${t.path.slice(0, -4)}AAAA`;
    for (const answer of [
      await t.app.inject({ method: 'GET', url: forged }),
      await t.app.inject({ method: 'POST', url: forged, headers: FORM, payload: '' }),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toContain('This link is not valid');
    }
    expect(await t.status()).toBe('pending');
  });

  it('refuses the button pressed from another site when a session cookie comes along', async () => {
    const t = await setup();
    const answer = await t.app.inject({
      method: 'POST',
      url: t.path,
      headers: { ...FORM, origin: 'https://evil.example', cookie: 'vouchly.sid=anything' },
      payload: '',
    });
    expect(answer.statusCode).toBe(403);
    expect(await t.status()).toBe('pending');
  });
});
