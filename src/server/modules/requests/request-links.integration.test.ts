// What the links of a request email do (docs/product/requests.md): a star link fills in the form and marks the
// request clicked; a testimonial sent from it answers the request, whatever its rating (no gating); a forged token
// opens nothing; the unsubscribe page changes nothing when opened and unsubscribes with its button or one click;
// one reminder, never after an answer or an unsubscribe; an answer tells the webhooks (request.submitted) once.
import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import type { WebhookRequestSubmittedData } from '../../../shared/schemas/webhooks.js';
import type { TestimonialList } from '../../../shared/schemas/testimonials.js';
import { DAY_MS } from '../../../shared/time.js';
import { submitToForm } from '../../testing/factories.js';
import { startHttpServer } from '../../testing/http-server.js';
import { TEST_BASE_URL } from '../../testing/test-app.js';
import { signRequestToken } from './request-token.js';
import { requestsSetup, starLinksOf, subjectOf, tokenOf } from '../../testing/requests.js';

type Setup = Awaited<ReturnType<typeof requestsSetup>>;

/** Sends to each address, drains, and answers the star links of each one's email. */
async function emailed(t: Setup, emails: string[]) {
  await t.sendAll(emails.map((email) => ({ name: `${email.split('@')[0]} Customer`, email })));
  await t.app.jobs.drain();
  return Promise.all(
    emails.map(async (email) => {
      const [mail] = await t.emailsTo(email);
      const links = starLinksOf(mail ?? '');
      return { mail: mail ?? '', links, token: tokenOf(links.get(5) ?? '') };
    }),
  );
}

async function emailedOne(t: Setup, email: string) {
  const [one] = await emailed(t, [email]);
  if (!one) throw new Error('not emailed');
  return one;
}

/** What the form does with a star link: reads the prefill, then sends with the token and the rating. */
async function submitFromLink(t: Setup, link: string, content: string) {
  const url = new URL(link);
  const token = url.searchParams.get('request') ?? '';
  const prefill = await t.app.inject({ method: 'GET', url: `/api/request-links/${token}` });
  const { name, email } = prefill.json<{ name: string; email: string }>();
  return submitToForm(t.app, t.business.collectionSlug, {
    authorName: name,
    authorEmail: email,
    rating: Number(url.searchParams.get('rating')),
    content,
    requestToken: token,
  });
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('the star links', () => {
  it('fill in the form with the customer and mark the request clicked; a forged or unknown token gets 404', async () => {
    const t = await requestsSetup();
    const { token } = await emailedOne(t, 'ana@example.com');
    const open = () => t.app.inject({ method: 'GET', url: `/api/request-links/${token}` });
    const answer = await open();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({ name: 'ana Customer', email: 'ana@example.com' });
    const [row] = await t.rows();
    expect(row).toMatchObject({ status: 'clicked', clickedAt: t.now() });
    t.advance(1000);
    await open();
    expect((await t.rows())[0]?.clickedAt).toEqual(row?.clickedAt);

    const [id] = token.split('.');
    const forged = [
      `${id}.${'A'.repeat(43)}`,
      `${id}.`,
      id ?? '',
      `${token}x`,
      signRequestToken('another-secret-that-is-at-least-32-characters', id ?? ''),
      // Ours, for a request that does not exist.
      signRequestToken(t.app.config.sessionSecret, '7b0c5d2e-1f3a-4b5c-8d6e-9f0a1b2c3d4e'),
    ];
    for (const bad of forged) {
      const response = await t.app.inject({ method: 'GET', url: `/api/request-links/${bad}` });
      expect(response.statusCode, bad).toBe(404);
      expect(response.body).not.toContain('ana@example.com');
    }
  });

  it('lead to the same form, differing only in the rating, and every rating is stored and listed alike (no gating)', async () => {
    const t = await requestsSetup();
    const [ana, ben] = await emailed(t, ['ana@example.com', 'ben@example.com']);
    const paths = [...(ana?.links.values() ?? [])].map((link) => {
      const url = new URL(link);
      const rating = url.searchParams.get('rating');
      url.searchParams.delete('rating');
      return { rest: url.toString(), rating };
    });
    expect(paths.map((path) => path.rating)).toEqual(['1', '2', '3', '4', '5']);
    expect(new Set(paths.map((path) => path.rest)).size).toBe(1);
    expect(paths[0]?.rest).toBe(
      `${TEST_BASE_URL}/submit/${t.business.collectionSlug}?request=${ana?.token}`,
    );

    const low = await submitFromLink(t, ana?.links.get(1) ?? '', 'Cold coffee and a long wait.');
    const high = await submitFromLink(t, ben?.links.get(5) ?? '', 'Best croissant in town, truly.');
    expect(low.statusCode, low.body).toBe(201);
    expect(high.statusCode, high.body).toBe(201);
    const lowId = low.json<{ testimonial: { id: string } }>().testimonial.id;
    const highId = high.json<{ testimonial: { id: string } }>().testimonial.id;

    const listed = await t.asOwner({ method: 'GET', url: '/api/testimonials' });
    const items = listed.json<TestimonialList>().items;
    const stored = (id: string) => items.find((item) => item.id === id);
    expect(stored(lowId)).toMatchObject({ rating: 1, status: 'pending' });
    expect(stored(highId)).toMatchObject({ rating: 5, status: 'pending' });
    const shape = (id: string) => {
      const { status, tags, source } = stored(id) as unknown as Record<string, unknown>;
      return { status, tags, source };
    };
    expect(shape(lowId)).toEqual(shape(highId));

    await t.app.jobs.drain();
    const [ownerEmail] = await t.emailsTo(t.owner.email);
    expect(ownerEmail).toContain('Cold coffee and a long wait.');
    expect(ownerEmail).toContain('Best croissant in town, truly.');

    const rows = await t.rows();
    expect(rows.find((row) => row.email === 'ana@example.com')).toMatchObject({
      status: 'submitted',
      testimonialId: lowId,
      submittedAt: t.now(),
    });
    expect(rows.find((row) => row.email === 'ben@example.com')?.testimonialId).toBe(highId);
  });

  it("never fail a submission for a bad token, and another business's token answers nothing", async () => {
    const t = await requestsSetup();
    const { token } = await emailedOne(t, 'ana@example.com');
    const other = await requestsSetup();
    for (const requestToken of [`${token}x`, 42, token]) {
      const sent = await submitToForm(other.app, other.business.collectionSlug, {
        authorName: 'Ana',
        rating: 3,
        content: 'Sent to the other business.',
        requestToken,
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const [row] = await t.rows();
    expect(row).toMatchObject({ status: 'sent', testimonialId: null });
  });
});

describe('the request.submitted webhook', () => {
  /** A local receiver (webhookAllowPrivate lets the server reach it) that answers 200 to every delivery. */
  async function receiver() {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const server = await startHttpServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
        response.writeHead(200).end('ok');
      });
    });
    return { received, url: `${server.origin}/hooks` };
  }

  it('goes once when a star link is answered, signed, with the request and the new testimonial; never without a token', async () => {
    const t = await requestsSetup({ webhookAllowPrivate: true });
    const hook = await receiver();
    const added = await t.asOwner({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: hook.url, events: ['request.submitted'] },
    });
    expect(added.statusCode, added.body).toBe(201);
    const { secret } = added.json<{ secret: string }>();
    const { links } = await emailedOne(t, 'ana@example.com');
    const link = links.get(4) ?? '';

    const sent = await submitFromLink(t, link, 'Warm bread and a warm welcome.');
    expect(sent.statusCode, sent.body).toBe(201);
    const testimonialId = sent.json<{ testimonial: { id: string } }>().testimonial.id;
    await t.app.jobs.drain();
    expect(hook.received).toHaveLength(1);
    const [delivery] = hook.received;
    // The signed timestamp is the test clock's; the package checks it against the system clock.
    vi.useFakeTimers({ toFake: ['Date'], now: t.now() });
    let verified: { type: string; data: WebhookRequestSubmittedData };
    try {
      verified = new Webhook(secret).verify(delivery?.body ?? '', {
        'webhook-id': String(delivery?.headers['webhook-id']),
        'webhook-timestamp': String(delivery?.headers['webhook-timestamp']),
        'webhook-signature': String(delivery?.headers['webhook-signature']),
      }) as typeof verified;
    } finally {
      vi.useRealTimers();
    }
    expect(verified.type).toBe('request.submitted');
    expect(verified.data.request).toMatchObject({
      email: 'ana@example.com',
      status: 'submitted',
      testimonialId,
    });
    expect(verified.data.testimonial).toMatchObject({
      id: testimonialId,
      rating: 4,
      content: 'Warm bread and a warm welcome.',
    });

    // The same link again: a second testimonial is stored, but the request was already answered.
    const again = await submitFromLink(t, link, 'Still the best bakery around.');
    expect(again.statusCode, again.body).toBe(201);
    // And a testimonial sent from the plain form, without a token.
    const plain = await submitToForm(t.app, t.business.collectionSlug, {
      authorName: 'Ben',
      rating: 5,
      content: 'Found you through a friend.',
    });
    expect(plain.statusCode, plain.body).toBe(201);
    await t.app.jobs.drain();
    expect(hook.received).toHaveLength(1);
    expect((await t.rows())[0]).toMatchObject({ status: 'submitted', testimonialId });
  });
});

describe('unsubscribe', () => {
  it('shows one button when opened and changes nothing, however often (a mail scanner)', async () => {
    const t = await requestsSetup();
    const { token } = await emailedOne(t, 'ana@example.com');
    for (let i = 0; i < 3; i++) {
      const page = await t.app.inject({ method: 'GET', url: `/unsubscribe/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.body).toContain('Stop emails from Crumb &amp; Co?');
      expect(page.body).toContain(`<form method="post" action="/unsubscribe/${token}">`);
      expect(page.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    }
    expect(await t.suppressions()).toEqual([]);
    expect((await t.rows())[0]?.status).toBe('sent');
    const forged = await t.app.inject({ method: 'GET', url: `/unsubscribe/${token}x` });
    expect(forged.statusCode).toBe(404);
    expect(forged.body).toContain('This link is not valid');
  });

  it('unsubscribes with one click (RFC 8058): later requests and reminders to the address are not sent', async () => {
    const t = await requestsSetup();
    const { mail, token } = await emailedOne(t, 'ana@example.com');
    // The outbox writes the same headers the SMTP mailer sends.
    expect(mail.replace(/\r?\n[ \t]+/g, ' ')).toContain(
      `List-Unsubscribe: <${TEST_BASE_URL}/unsubscribe/${token}>`,
    );
    // A later request, queued before the unsubscribe (asked again after 30 days).
    t.advance(31 * DAY_MS);
    await t.signInAgain();
    const tomorrow = new Date(t.now().getTime() + DAY_MS).toISOString();
    const later = await t.send([{ email: 'ana@example.com' }], tomorrow);
    expect(later.statusCode).toBe(202);

    const done = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${token}`,
      headers: FORM,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(done.body).toContain(
      'Crumb &amp; Co will not email you to ask for a testimonial again.',
    );
    expect(await t.suppressions()).toMatchObject([
      { email: 'ana@example.com', reason: 'unsubscribed' },
    ]);
    expect((await t.rows()).map((row) => row.status)).toEqual(['unsubscribed', 'unsubscribed']);

    t.advance(2 * DAY_MS);
    await t.app.jobs.drain();
    expect(await t.emailsTo('ana@example.com')).toHaveLength(1);
    const again = await t.check([{ email: 'ana@example.com' }]);
    expect(again.json<{ customers: { reason?: string }[] }>().customers[0]?.reason).toBe(
      'unsubscribed',
    );
    // The page now says it is done.
    const page = await t.app.inject({ method: 'GET', url: `/unsubscribe/${token}` });
    expect(page.body).toContain('You are unsubscribed');
  });

  it("takes the page's own button, and skips a reminder already queued", async () => {
    const t = await requestsSetup();
    const { token } = await emailedOne(t, 'ana@example.com');
    const pressed = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${token}`,
      headers: { ...FORM, origin: TEST_BASE_URL },
      payload: '',
    });
    expect(pressed.statusCode).toBe(200);
    t.advance(3 * DAY_MS);
    await t.app.jobs.drain();
    expect(await t.emailsTo('ana@example.com')).toHaveLength(1);
    expect((await t.rows())[0]).toMatchObject({ status: 'unsubscribed', remindedAt: null });
  });
});

describe('the reminder', () => {
  it('goes once, after the chosen days, with "Reminder: " before the subject', async () => {
    const t = await requestsSetup();
    await emailed(t, ['ana@example.com']);
    t.advance(3 * DAY_MS - 1000);
    await t.app.jobs.drain();
    expect(await t.emailsTo('ana@example.com')).toHaveLength(1);
    t.advance(1000);
    await t.app.jobs.drain();
    const emails = await t.emailsTo('ana@example.com');
    expect(emails).toHaveLength(2);
    expect(subjectOf(emails[1] ?? '')).toBe('Reminder: How was your experience with Crumb & Co?');
    expect(starLinksOf(emails[1] ?? '').size).toBe(5);
    expect((await t.rows())[0]).toMatchObject({ status: 'sent', remindedAt: t.now() });
    t.advance(3 * DAY_MS);
    await t.app.jobs.drain();
    t.advance(30 * DAY_MS);
    await t.app.jobs.drain();
    expect(await t.emailsTo('ana@example.com')).toHaveLength(2);
  });

  it('goes to a customer who clicked, but not after a testimonial, nor when turned off', async () => {
    const t = await requestsSetup();
    const [clicked, answered] = await emailed(t, ['cleo@example.com', 'dee@example.com']);
    await t.app.inject({ method: 'GET', url: `/api/request-links/${clicked?.token}` });
    const sent = await submitFromLink(
      t,
      answered?.links.get(4) ?? '',
      'Lovely people, great bread.',
    );
    expect(sent.statusCode).toBe(201);
    await t.saveSettings({
      subject: 'Hello',
      body: 'Hi {first name}',
      reminderDays: null,
      dailyCap: 200,
    });
    await emailed(t, ['eve@example.com']);
    t.advance(20 * DAY_MS);
    await t.app.jobs.drain();
    expect(await t.emailsTo('cleo@example.com')).toHaveLength(2);
    expect(await t.emailsTo('dee@example.com')).toHaveLength(1);
    expect(await t.emailsTo('eve@example.com')).toHaveLength(1);
  });
});
