// Checking and queueing a list of customers (docs/product/requests.md#who-is-asked): one outcome per customer in
// the list's order, the first rule that applies; the check stores nothing; the send stores queued requests and
// their jobs; the send time, the list and the settings.
import { describe, expect, it } from 'vitest';
import {
  REQUEST_SEND_AT,
  REQUEST_SETTINGS_DEFAULTS,
  type RequestOutcomes,
  type RequestPage,
} from '../../../shared/schemas/requests.js';
import { DAY_MS, MINUTE_MS, SECOND_MS } from '../../../shared/time.js';
import { requestsSetup, START } from '../../testing/requests.js';

const outcomesOf = (response: { json: () => unknown }) =>
  (response.json() as RequestOutcomes).customers.map(({ email, status, reason }) => ({
    email,
    status,
    ...(reason ? { reason } : {}),
  }));

describe('checking and sending a list of customers', () => {
  it('gives one outcome per customer, in order, the first rule that applies; the check stores nothing', async () => {
    const t = await requestsSetup();
    expect((await t.saveSettings({ ...REQUEST_SETTINGS_DEFAULTS, dailyCap: 4 })).statusCode).toBe(
      200,
    );
    await t.sendAll([{ name: 'Olga', email: 'old@example.com' }]);
    await t.suppress('no@example.com', 'unsubscribed');
    await t.suppress('gone@example.com', 'bounced');
    const list = [
      { name: 'Ana Souza', email: ' Ana@Example.com ' },
      { name: 'Typo', email: 'not-an-email' },
      { name: 'Ana again', email: 'ana@example.com' },
      { name: 'Nadia', email: 'no@example.com' },
      { name: 'Gus', email: 'gone@example.com' },
      { name: 'Olga', email: 'OLD@example.com' },
      { email: 'b@example.com' },
      { email: 'c@example.com' },
      { email: 'd@example.com' },
    ];
    const expected = [
      { email: 'ana@example.com', status: 'queued' },
      { email: 'not-an-email', status: 'skipped', reason: 'invalid_email' },
      { email: 'ana@example.com', status: 'skipped', reason: 'duplicate' },
      { email: 'no@example.com', status: 'skipped', reason: 'unsubscribed' },
      { email: 'gone@example.com', status: 'skipped', reason: 'bounced' },
      { email: 'old@example.com', status: 'skipped', reason: 'recently_asked' },
      { email: 'b@example.com', status: 'queued' },
      { email: 'c@example.com', status: 'queued' },
      // 1 sent earlier today + 3 queued above = the day's cap of 4.
      { email: 'd@example.com', status: 'skipped', reason: 'daily_cap' },
    ];
    const jobsBefore = (await t.jobs()).length;

    const checked = await t.check(list);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(outcomesOf(checked)).toEqual(expected);
    expect(await t.rows()).toHaveLength(1);
    expect(await t.jobs()).toHaveLength(jobsBefore);

    const sent = await t.send(list);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(outcomesOf(sent)).toEqual(expected);
    const queued = sent.json<RequestOutcomes>().customers.filter((c) => c.status === 'queued');
    expect(queued.every((outcome) => typeof outcome.id === 'string')).toBe(true);
    const rows = await t.rows();
    expect(rows).toHaveLength(4);
    const ana = rows.find((row) => row.id === queued[0]?.id);
    expect(ana).toMatchObject({ name: 'Ana Souza', email: 'ana@example.com', status: 'queued' });
    expect(ana?.sendAt).toEqual(START);
    const sendJobs = (await t.jobs()).filter((job) => job.kind === 'requests.send');
    expect(sendJobs).toHaveLength(4);
    expect(sendJobs.map((job) => job.dedupeKey).sort()).toEqual(
      rows.map((row) => `requests.send:${row.id}`).sort(),
    );
  });

  it('asks an address again after 30 days, and counts the daily limit per UTC day of the send time', async () => {
    const t = await requestsSetup();
    await t.saveSettings({ ...REQUEST_SETTINGS_DEFAULTS, dailyCap: 1 });
    await t.sendAll([{ email: 'ana@example.com' }]);
    t.advance(30 * DAY_MS - SECOND_MS);
    await t.signInAgain();
    expect(outcomesOf(await t.check([{ email: 'ana@example.com' }]))[0]?.reason).toBe(
      'recently_asked',
    );
    t.advance(SECOND_MS);
    expect(outcomesOf(await t.check([{ email: 'ana@example.com' }]))[0]?.status).toBe('queued');

    // Today's one is taken; tomorrow (UTC) has its own.
    const tomorrow = new Date(Date.UTC(2026, 3, 2, 0, 30)).toISOString();
    await t.sendAll([{ email: 'ben@example.com' }]);
    expect(outcomesOf(await t.check([{ email: 'cleo@example.com' }]))[0]?.reason).toBe('daily_cap');
    const scheduled = await t.send([{ email: 'cleo@example.com' }], tomorrow);
    expect(scheduled.statusCode, scheduled.body).toBe(202);
    expect(outcomesOf(scheduled)[0]?.status).toBe('queued');
    expect(outcomesOf(await t.check([{ email: 'dee@example.com' }], tomorrow))[0]?.reason).toBe(
      'daily_cap',
    );
  });

  it('counts two lists sent at the same moment one after the other', async () => {
    const t = await requestsSetup();
    await t.saveSettings({ ...REQUEST_SETTINGS_DEFAULTS, dailyCap: 3 });
    const lists = [
      [{ email: 'a@example.com' }, { email: 'b@example.com' }, { email: 'same@example.com' }],
      [{ email: 'c@example.com' }, { email: 'd@example.com' }, { email: 'same@example.com' }],
    ];
    const answers = await Promise.all(lists.map((list) => t.send(list)));
    const outcomes = answers.flatMap((answer) => outcomesOf(answer));
    expect(outcomes.filter((outcome) => outcome.status === 'queued')).toHaveLength(3);
    expect(await t.rows()).toHaveLength(3);
    expect((await t.rows()).filter((row) => row.email === 'same@example.com')).toHaveLength(1);
  });

  it('sends at the chosen time, within 30 days and not in the past', async () => {
    const t = await requestsSetup();
    const at = (ms: number) => new Date(START.getTime() + ms).toISOString();
    const tooLate = await t.send([{ email: 'a@example.com' }], at(30 * DAY_MS + MINUTE_MS));
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.body).toContain(REQUEST_SEND_AT.tooLate);
    const past = await t.send([{ email: 'a@example.com' }], at(-2 * MINUTE_MS));
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain(REQUEST_SEND_AT.inThePast);
    expect(await t.rows()).toHaveLength(0);

    // A few seconds behind is now.
    expect((await t.send([{ email: 'now@example.com' }], at(-30 * SECOND_MS))).statusCode).toBe(
      202,
    );
    expect((await t.rows())[0]?.sendAt).toEqual(START);

    expect((await t.send([{ email: 'later@example.com' }], at(2 * DAY_MS))).statusCode).toBe(202);
    await t.app.jobs.drain();
    expect(await t.emailsTo('now@example.com')).toHaveLength(1);
    expect(await t.emailsTo('later@example.com')).toHaveLength(0);
    t.advance(2 * DAY_MS);
    await t.app.jobs.drain();
    expect(await t.emailsTo('later@example.com')).toHaveLength(1);
  });

  it('refuses an empty or oversized list and a list that is not one', async () => {
    const t = await requestsSetup();
    for (const customers of [[], 'ana@example.com', Array(1001).fill({ email: 'a@example.com' })]) {
      const response = await t.asOwner({
        method: 'POST',
        url: '/api/requests',
        payload: { customers },
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('the list of requests', () => {
  it('pages newest first with a cursor, filters by status and by name or email, and totals every status', async () => {
    const t = await requestsSetup();
    for (const name of ['Ana', 'Ben', 'Cleo', 'Dee', 'Eve']) {
      await t.sendAll([{ name, email: `${name.toLowerCase()}@example.com` }]);
      t.advance(SECOND_MS);
    }
    await t.suppress('eve@example.com', 'unsubscribed');
    await t.app.jobs.drain();

    const page = async (query: string) => {
      const response = await t.asOwner({ method: 'GET', url: `/api/requests${query}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      return response.json<RequestPage>();
    };
    const first = await page('?limit=2');
    expect(first.data.map((r) => r.name)).toEqual(['Eve', 'Dee']);
    expect(first.totals).toEqual({
      queued: 0,
      sent: 4,
      clicked: 0,
      submitted: 0,
      unsubscribed: 1,
      bounced: 0,
      failed: 0,
    });
    const second = await page(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((r) => r.name)).toEqual(['Cleo', 'Ben']);
    const third = await page(`?limit=2&cursor=${second.nextCursor}`);
    expect(third.data.map((r) => r.name)).toEqual(['Ana']);
    expect(third.nextCursor).toBeNull();

    expect((await page('?status=unsubscribed')).data.map((r) => r.name)).toEqual(['Eve']);
    expect((await page('?q=CLE')).data.map((r) => r.email)).toEqual(['cleo@example.com']);
    expect((await page('?q=%25')).data).toEqual([]);
    const filtered = await page('?status=sent&q=ben');
    expect(filtered.data).toHaveLength(1);
    expect(filtered.data[0]).toMatchObject({
      name: 'Ben',
      status: 'sent',
      sentAt: new Date(START.getTime() + 5 * SECOND_MS).toISOString(),
      remindedAt: null,
      testimonialId: null,
      failure: null,
    });
    expect(filtered.totals.sent).toBe(4);

    const bad = await t.asOwner({ method: 'GET', url: '/api/requests?cursor=nope' });
    expect(bad.statusCode).toBe(400);
  });

  it('is the same through the API v1, where a list is queued to send now', async () => {
    const t = await requestsSetup();
    const key = await t.asOwner({ method: 'POST', url: '/api/integrations/api-key' });
    const authorization = `Bearer ${key.json<{ apiKey: string }>().apiKey}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/requests',
      headers: { authorization },
      payload: { customers: [{ name: 'Ana', email: 'ana@example.com' }, { email: 'nope' }] },
    });
    expect(created.statusCode, created.body).toBe(202);
    expect(outcomesOf(created)).toEqual([
      { email: 'ana@example.com', status: 'queued' },
      { email: 'nope', status: 'skipped', reason: 'invalid_email' },
    ]);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/requests?status=queued',
      headers: { authorization },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.json<RequestPage>().data.map((r) => r.email)).toEqual(['ana@example.com']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/requests' })).statusCode).toBe(401);
  });
});

describe('request settings', () => {
  it('starts with the defaults, saves changes, and refuses what is out of range', async () => {
    const t = await requestsSetup();
    const read = async () =>
      (await t.asOwner({ method: 'GET', url: '/api/request-settings' })).json<unknown>();
    expect(await read()).toEqual(REQUEST_SETTINGS_DEFAULTS);
    const changed = {
      subject: 'A quick favour, {first name}?',
      body: 'Hello {first name}, thanks for visiting {business name}.',
      reminderDays: null,
      dailyCap: 50,
    };
    expect((await t.saveSettings(changed)).statusCode).toBe(200);
    expect(await read()).toEqual(changed);
    for (const wrong of [
      { ...changed, subject: ' ' },
      { ...changed, reminderDays: 0 },
      { ...changed, reminderDays: 15 },
      { ...changed, dailyCap: 0 },
      { ...changed, dailyCap: 1001 },
    ]) {
      expect((await t.saveSettings(wrong)).statusCode).toBe(400);
    }
    expect(await read()).toEqual(changed);
  });

  it('previews the real email for a name, with star links to the form and no token', async () => {
    const t = await requestsSetup();
    const response = await t.asOwner({
      method: 'POST',
      url: '/api/request-settings/preview',
      payload: {
        subject: 'How was {business name}, {first name}?',
        body: 'Hi {first name} <3',
        name: 'Ana Souza',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<{ subject: string; html: string; text: string }>();
    expect(preview.subject).toBe('How was Crumb & Co, Ana?');
    expect(preview.html).toContain('Hi Ana &lt;3');
    expect(preview.text).toContain('Hi Ana <3');
    const slug = t.business.collectionSlug;
    expect(preview.text).toContain(`5 stars: http://localhost:3000/submit/${slug}?rating=5`);
    expect(preview.html).toContain(`href="http://localhost:3000/submit/${slug}?rating=1"`);
    expect(preview.text).not.toContain('request=');
    const noName = await t.asOwner({
      method: 'POST',
      url: '/api/request-settings/preview',
      payload: { subject: 's', body: 'Hi {first name},' },
    });
    expect(noName.json<{ text: string }>().text).toContain('Hi there,');
  });
});
