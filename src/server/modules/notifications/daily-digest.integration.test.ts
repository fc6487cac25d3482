// The daily digest of new testimonials (docs/product/notifications.md#the-daily-digest): one email a day at
// 08:00 UTC with everything that arrived since the last one, none on a day with nothing new, one per business
// however many servers run, and nothing lost when the owner switches between the modes.
import { describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time.js';
import type { NotificationSettings } from '../../../shared/schemas/notifications.js';
import { depsOf } from '../../deps.js';
import { jobs } from '../../db/schema.js';
import {
  login,
  createUser,
  readOutbox,
  submitToForm,
  withSession,
} from '../../testing/factories.js';
import { decodeQuotedPrintable } from '../../testing/quoted-printable.js';
import { createTestApp } from '../../testing/test-app.js';
import { noteArrival } from './service.js';

async function setup(mode: NotificationSettings['newTestimonialEmails']) {
  // A Monday, 09:00 UTC: the next digest is due on Tuesday at 08:00 UTC.
  let now = new Date('2026-03-02T09:00:00Z');
  const app = await createTestApp({}, { clock: () => now });
  const owner = await createUser(app, { businessName: 'Crumb & Co' });
  const business = owner.business!;
  const cookie = await login(app, owner.email, owner.password);
  const choose = async (newTestimonialEmails: NotificationSettings['newTestimonialEmails']) => {
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      payload: { newTestimonialEmails },
      ...withSession(cookie),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ newTestimonialEmails });
  };
  await choose(mode);
  return {
    app,
    business,
    choose,
    now: () => now,
    at: async (iso: string) => {
      now = new Date(iso);
      await app.jobs.drain();
    },
    advance: async (ms: number) => {
      now = new Date(now.getTime() + ms);
      await app.jobs.drain();
    },
    submit: async (authorName: string) => {
      const response = await submitToForm(app, business.collectionSlug, {
        authorName,
        rating: 5,
        content: `Lovely bread, says ${authorName}.`,
      });
      expect(response.statusCode).toBe(201);
      await app.jobs.drain();
    },
    emails: async () => (await readOutbox(app)).map(decodeQuotedPrintable),
  };
}

describe('the daily digest of new testimonials', () => {
  it('sends one email at 08:00 UTC with everything that arrived over the day, none before', async () => {
    const t = await setup('daily');
    const names = [
      'Ana',
      'Ben',
      'Cleo',
      'Dee',
      'Eli',
      'Fay',
      'Gus',
      'Hal',
      'Ivy',
      'Jo',
      'Kai',
      'Lu',
    ];
    for (const name of names) {
      await t.submit(name);
      await t.advance(HOUR_MS + 7 * MINUTE_MS);
    }
    // 12 arrivals from Monday 09:00 to Tuesday 06:17: nothing sent yet.
    await t.at('2026-03-03T07:59:59.999Z');
    expect(await t.emails()).toHaveLength(0);
    await t.at('2026-03-03T08:00:00Z');
    const emails = await t.emails();
    expect(emails).toHaveLength(1);
    const digest = emails[0] ?? '';
    expect(digest).toMatch(/^Subject: Your daily digest: 12 new testimonials for Crumb & Co$/m);
    expect(digest).toMatch(/^Message-ID:\s+<new-testimonials-[0-9a-f-]+@localhost>$/m);
    for (const name of names.slice(0, 10)) expect(digest).toContain(`${name}: ★★★★★`);
    expect(digest).toContain('And 2 more.');
    expect(digest.match(/^Approve: http:\/\/localhost:3000\/approve\//gm)).toHaveLength(10);
    expect(digest).toContain('You get this digest once a day, at 08:00 UTC');
    // Nothing new on Wednesday: no email.
    await t.at('2026-03-04T08:00:00Z');
    await t.at('2026-03-05T08:00:00Z');
    expect(await t.emails()).toHaveLength(1);
  });

  it('says "1 new testimonial" for one, and what arrives after 08:00 waits for the next day', async () => {
    const t = await setup('daily');
    await t.submit('Ana');
    await t.at('2026-03-03T08:00:00Z');
    await t.submit('Ben');
    await t.at('2026-03-03T23:00:00Z');
    let emails = await t.emails();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatch(/^Subject: Your daily digest: 1 new testimonial for Crumb & Co$/m);
    expect(emails[0]).toContain('Ana: ★★★★★');
    expect(emails[0]).not.toContain('Ben:');
    await t.at('2026-03-04T08:00:00Z');
    emails = await t.emails();
    expect(emails).toHaveLength(2);
    expect(emails[1]).toContain('Ben: ★★★★★');
    expect(emails[1]).not.toContain('Ana:');
  });

  it('queues one digest job per business per day, so several servers send one email', async () => {
    const t = await setup('daily');
    await t.submit('Ana');
    await t.submit('Ben');
    const testimonialIds = (
      await t.app.database.db.query.testimonials.findMany({ columns: { id: true } })
    ).map((row) => row.id);
    // A second server notes the same arrivals again: the same key, no second job.
    for (const id of testimonialIds) await noteArrival(depsOf(t.app), t.business.id, id);
    const queued = await t.app.database.db.select().from(jobs);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      kind: 'notifications.daily-digest-email',
      dedupeKey: `daily-digest:${t.business.id}:2026-03-03`,
      runAt: new Date('2026-03-03T08:00:00Z'),
    });
    await t.at('2026-03-03T08:00:00Z');
    expect(await t.emails()).toHaveLength(1);
  });

  it('puts what awaited an email in the next digest when the owner switches from each to daily', async () => {
    const t = await setup('each');
    await t.submit('Ana');
    expect(await t.emails()).toHaveLength(1);
    // Within the fold window of Ana's email: these wait for the next one.
    await t.advance(MINUTE_MS);
    await t.submit('Ben');
    await t.submit('Cleo');
    await t.choose('daily');
    await t.advance(HOUR_MS);
    expect(await t.emails()).toHaveLength(1);
    await t.at('2026-03-03T08:00:00Z');
    const emails = await t.emails();
    expect(emails).toHaveLength(2);
    expect(emails[1]).toMatch(/^Subject: Your daily digest: 2 new testimonials for Crumb & Co$/m);
    expect(emails[1]).toContain('Ben: ★★★★★');
    expect(emails[1]).toContain('Cleo: ★★★★★');
  });

  it('sends what awaited the digest as it does for each arrival when the owner switches from daily to each', async () => {
    const t = await setup('daily');
    await t.submit('Ana');
    await t.submit('Ben');
    await t.choose('each');
    await t.app.jobs.drain();
    let emails = await t.emails();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatch(/^Subject: 2 new testimonials for Crumb & Co$/m);
    // The day's digest job finds nothing to send, and sends nothing.
    await t.at('2026-03-03T08:00:00Z');
    expect(await t.emails()).toHaveLength(1);
    // Back to daily and back to each the same day: each switch still finds its email.
    await t.choose('daily');
    await t.submit('Cleo');
    await t.choose('each');
    await t.app.jobs.drain();
    emails = await t.emails();
    expect(emails).toHaveLength(2);
    expect(emails[1]).toMatch(/^Subject: New testimonial from Cleo \(5\/5\)$/m);
  });

  it('drops what awaited the digest when the owner turns the emails off, and sends nothing after', async () => {
    const t = await setup('daily');
    await t.submit('Ana');
    await t.choose('off');
    await t.submit('Ben');
    await t.at('2026-03-03T08:00:00Z');
    expect(await t.emails()).toHaveLength(0);
    // On again with daily: only what arrives from now on.
    await t.choose('daily');
    await t.submit('Cleo');
    await t.at('2026-03-04T08:00:00Z');
    const emails = await t.emails();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatch(/^Subject: Your daily digest: 1 new testimonial for Crumb & Co$/m);
    expect(emails[0]).toContain('Cleo: ★★★★★');
  });

  it('emails again after being turned off and on in each mode', async () => {
    const t = await setup('each');
    await t.submit('Ana');
    await t.submit('Ben');
    await t.choose('off');
    await t.advance(HOUR_MS);
    await t.choose('each');
    await t.submit('Cleo');
    const emails = await t.emails();
    expect(emails).toHaveLength(2);
    expect(emails[1]).toMatch(/^Subject: New testimonial from Cleo \(5\/5\)$/m);
  });
});
