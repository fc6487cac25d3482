// The owner is emailed when testimonials arrive through the form (docs/product/notifications.md): once for each
// arrival, several within ten minutes folded into one with a count, none when turned off; the job that sends it is
// queued with the testimonial, so neither is lost.
import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../../shared/time.js';
import { jobs } from '../../db/schema.js';
import {
  createTestimonial,
  createUser,
  login,
  readOutbox,
  submitToForm,
  withSession,
} from '../../testing/factories.js';
import { decodeQuotedPrintable } from '../../testing/quoted-printable.js';
import { startSmtpServer } from '../../testing/smtp-server.js';
import { createTestApp } from '../../testing/test-app.js';

async function setup() {
  let now = new Date('2026-03-02T09:00:00Z');
  const app = await createTestApp({}, { clock: () => now });
  const owner = await createUser(app, { businessName: 'Crumb & Co' });
  const business = owner.business!;
  return {
    app,
    owner,
    business,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    submit: (authorName: string, rating = 5, content = 'Lovely bread, friendly people.') =>
      submitToForm(app, business.collectionSlug, { authorName, rating, content }),
    emails: async () => (await readOutbox(app)).map(decodeQuotedPrintable),
  };
}

describe('new-testimonial emails to the owner', () => {
  it('emails the owner who, the rating, the text and a dashboard button once a testimonial arrives', async () => {
    const t = await setup();
    expect(
      (await t.submit('Ana Souza', 4, 'The <b>croissants</b> are flaky & warm.')).statusCode,
    ).toBe(201);
    expect(await t.emails()).toHaveLength(0);
    await t.app.jobs.drain();
    const [email] = await t.emails();
    expect(email).toContain(`To: ${t.owner.email}`);
    expect(email).toMatch(/^Subject: New testimonial from Ana Souza \(4\/5\)$/m);
    expect(email).toMatch(/^Message-ID:\s+<new-testimonials-[0-9a-f-]+@localhost>$/m);
    expect(email).toContain('Ana Souza: ★★★★☆ (4 out of 5)');
    expect(email).toContain('"The <b>croissants</b> are flaky & warm."');
    expect(email).toContain('The &lt;b&gt;croissants&lt;/b&gt; are flaky &amp; warm.');
    expect(email).toContain('Open in dashboard: http://localhost:3000/testimonials');
    expect(email).toContain('>Open in dashboard</a>');
  });

  it('folds what arrives within ten minutes of an email into one more email, with a count', async () => {
    const t = await setup();
    await t.submit('Ana');
    await t.app.jobs.drain();
    t.advance(MINUTE_MS);
    await t.submit('Ben');
    await t.submit('Cleo');
    t.advance(MINUTE_MS);
    await t.submit('Dee');
    await t.app.jobs.drain();
    expect(await t.emails()).toHaveLength(1);
    t.advance(8 * MINUTE_MS - 1);
    await t.app.jobs.drain();
    expect(await t.emails()).toHaveLength(1);
    t.advance(1);
    await t.app.jobs.drain();
    const emails = await t.emails();
    expect(emails).toHaveLength(2);
    expect(emails[1]).toMatch(/^Subject: 3 new testimonials for Crumb & Co$/m);
    for (const name of ['Ben', 'Cleo', 'Dee']) expect(emails[1]).toContain(`${name}: ★★★★★`);
    expect(emails[1]).not.toContain('Ana:');
    // Nothing more waits.
    t.advance(60 * MINUTE_MS);
    await t.app.jobs.drain();
    expect(await t.emails()).toHaveLength(2);
  });

  it('sends nothing for testimonials the owner added or imported, only for the form', async () => {
    const t = await setup();
    await createTestimonial(t.app.database.db, t.business.id, { authorName: 'Imported' });
    await t.app.jobs.drain();
    expect(await t.emails()).toHaveLength(0);
  });

  it('sends nothing once the owner turns the emails off, not even what was waiting', async () => {
    const t = await setup();
    const cookie = await login(t.app, t.owner.email, t.owner.password);
    await t.submit('Ana');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      payload: { newTestimonialEmails: 'off' },
      ...withSession(cookie),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ newTestimonialEmails: 'off' });
    await t.submit('Ben');
    await t.app.jobs.drain();
    expect(await t.emails()).toHaveLength(0);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/notification-settings',
      ...withSession(cookie),
    });
    expect(read.json()).toEqual({ newTestimonialEmails: 'off' });
  });

  it('refuses a setting it does not know, and changes nothing', async () => {
    const t = await setup();
    const cookie = await login(t.app, t.owner.email, t.owner.password);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      payload: { newTestimonialEmails: 'hourly' },
      ...withSession(cookie),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('VALIDATION_ERROR');
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/notification-settings',
      ...withSession(cookie),
    });
    expect(read.json()).toEqual({ newTestimonialEmails: 'each' });
  });

  it("gives up at once when the mail server refuses the owner's address for good", async () => {
    const smtp = await startSmtpServer({ rejects: () => true });
    const app = await createTestApp({ smtpUrl: smtp.url });
    const { business } = await createUser(app);
    await submitToForm(app, business!.collectionSlug, {
      authorName: 'Ana',
      rating: 5,
      content: 'Lovely bread, friendly people.',
    });
    await app.jobs.drain();
    const [job] = await app.database.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job?.lastError).toMatch(/^the mail server refused /);
    expect(smtp.messages).toHaveLength(0);
  });

  it('keeps the email queued while the mail server fails, and sends it on a later try', async () => {
    const t = await setup();
    const send = t.app.mailer.send.bind(t.app.mailer);
    let failing = true;
    t.app.mailer.send = async (message) => {
      if (failing) throw new Error('connection refused');
      await send(message);
    };
    await t.submit('Ana');
    await t.app.jobs.drain();
    expect(await t.emails()).toHaveLength(0);
    const [job] = await t.app.database.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'connection refused' });
    failing = false;
    t.advance(MINUTE_MS);
    await t.app.jobs.drain();
    expect(await t.emails()).toHaveLength(1);
  });
});
