// The first-week checklist (docs/product/business.md#first-week-checklist): each step is false until the
// owner really does it (a POST from the collection link screen, a form submission, an approval, the widget
// requested by another site, a request sent, a source connected or a file imported), the owner can dismiss it, and it hides itself once every step is done.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, reviewSources } from '../../db/schema.js';
import {
  createSignedInUser,
  createTestimonial,
  submitToForm,
  withSession,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Checklist = {
  hidden: boolean;
  dismissed: boolean;
  steps: { id: string; title: string; href: string; done: boolean }[];
};

async function checklistOf(app: App, cookie: string): Promise<Checklist> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/dashboard/checklist',
    ...withSession(cookie),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Checklist>();
}

const NOTHING_DONE = {
  share: false,
  approve: false,
  widget: false,
  'send-requests': false,
  'connect-source': false,
};

const doneOf = (checklist: Checklist) =>
  Object.fromEntries(checklist.steps.map((step) => [step.id, step.done]));

const shared = (app: App, cookie: string, how: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/collection/shared',
    ...withSession(cookie),
    payload: { how },
  });

const widgetRequest = (app: App, slug: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/widget/${slug}`, headers });

/** The sighting is written after the answer, without being awaited: wait for the row to show it. */
async function seenOrigin(app: App, businessId: string): Promise<string | null> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const [row] = await app.database.db
      .select({ origin: businesses.widgetSeenOrigin })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    if (row?.origin) return row.origin;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
}

describe('GET /api/dashboard/checklist', () => {
  it('shows its five steps, none done, for a new owner', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    expect(await checklistOf(app, owner.cookie)).toEqual({
      hidden: false,
      dismissed: false,
      steps: [
        {
          id: 'share',
          title: 'Share your collection link or print the QR code',
          href: '/collection-link',
          done: false,
        },
        {
          id: 'approve',
          title: 'Approve your first testimonial',
          href: '/testimonials',
          done: false,
        },
        { id: 'widget', title: 'Put the widget on your site', href: '/widget', done: false },
        { id: 'send-requests', title: 'Send requests', href: '/requests', done: false },
        { id: 'connect-source', title: 'Connect a source', href: '/integrations', done: false },
      ],
    });
  });

  it('checks "send-requests" once the owner asks a customer by email', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/requests',
      ...withSession(owner.cookie),
      payload: { customers: [{ name: 'Ana', email: 'ana@example.com' }] },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(doneOf(await checklistOf(app, owner.cookie))).toEqual({
      ...NOTHING_DONE,
      'send-requests': true,
    });
  });

  it('checks "connect-source" once the owner imports a file (a dry run does not count)', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const importCsv = (query: string) =>
      app.inject({
        method: 'POST',
        url: `/api/imports${query}`,
        payload: 'name,text\nAna,Lovely people and great bread.\n',
        ...withSession(owner.cookie, { 'content-type': 'text/csv' }),
      });
    expect((await importCsv('?dryRun=true')).statusCode).toBe(200);
    expect(doneOf(await checklistOf(app, owner.cookie))['connect-source']).toBe(false);
    expect((await importCsv('')).statusCode).toBe(200);
    expect(doneOf(await checklistOf(app, owner.cookie))).toEqual({
      ...NOTHING_DONE,
      'connect-source': true,
    });
  });

  it('checks "connect-source" once a review source is connected', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    await app.database.db.insert(reviewSources).values({
      id: randomUUID(),
      businessId: owner.business!.id,
      kind: 'trustpilot',
      credentials: 'sealed',
      trustpilotBusinessUnitId: 'unit-1',
    });
    expect(doneOf(await checklistOf(app, owner.cookie))).toEqual({
      ...NOTHING_DONE,
      'connect-source': true,
    });
  });

  it.each(['link_copied', 'qr_downloaded', 'qr_printed'])(
    'checks "share" once the owner reports %s',
    async (how) => {
      const app = await createTestApp();
      const owner = await createSignedInUser(app);
      const response = await shared(app, owner.cookie, how);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect(doneOf(await checklistOf(app, owner.cookie))).toEqual({
        ...NOTHING_DONE,
        share: true,
      });
    },
  );

  it('refuses an unknown way of sharing, and records nothing', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const response = await shared(app, owner.cookie, 'tweeted');
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(
      'How must be link_copied, qr_downloaded or qr_printed',
    );
    expect(doneOf(await checklistOf(app, owner.cookie)).share).toBe(false);
  });

  it('checks "share" when a first testimonial arrives through the public form', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const sent = await submitToForm(app, owner.business!.collectionSlug, {
      authorName: 'Real Customer',
      content: 'Lovely bread and friendly people, would come again.',
      rating: 5,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(doneOf(await checklistOf(app, owner.cookie))).toEqual({ ...NOTHING_DONE, share: true });
  });

  it('checks "approve" once a testimonial is approved (pending and rejected ones do not count)', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const businessId = owner.business!.id;
    // Imported (a source): not a form submission, so "share" stays unchecked.
    const pending = await createTestimonial(app.database.db, businessId, { source: 'import' });
    await createTestimonial(app.database.db, businessId, { source: 'import', status: 'rejected' });
    expect(doneOf(await checklistOf(app, owner.cookie)).approve).toBe(false);
    const approved = await app.inject({
      method: 'PATCH',
      url: `/api/testimonials/${pending.id}`,
      ...withSession(owner.cookie),
      payload: { status: 'approved' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(doneOf(await checklistOf(app, owner.cookie))).toEqual({
      ...NOTHING_DONE,
      approve: true,
    });
  });

  it('checks "widget" when another site requests the widget, not Vouchly itself nor a request without a site', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const { id: businessId, collectionSlug: slug } = owner.business!;
    const ownOrigin = new URL(app.config.baseUrl).origin;

    // No Origin or Referer (a curl, a server), the dashboard's preview and our own pages: not counted.
    for (const headers of [
      {} as Record<string, string>,
      { origin: ownOrigin },
      { referer: `${ownOrigin}/widget` },
      { origin: 'null' },
      { referer: 'not a url' },
    ]) {
      expect((await widgetRequest(app, slug, headers)).statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: `/embed/${slug}` })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(doneOf(await checklistOf(app, owner.cookie)).widget).toBe(false);

    // The owner's site: the fetch of widget.js carries its Origin.
    const answer = await widgetRequest(app, slug, { origin: 'https://acme-bakery.example' });
    expect(answer.statusCode).toBe(200);
    expect(await seenOrigin(app, businessId)).toBe('https://acme-bakery.example');
    expect(doneOf(await checklistOf(app, owner.cookie)).widget).toBe(true);

    // A later site does not replace the first one.
    await widgetRequest(app, slug, { origin: 'https://elsewhere.example' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await seenOrigin(app, businessId)).toBe('https://acme-bakery.example');
  });

  it('checks "widget" for the no-script embed page framed by another site (its Referer)', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const response = await app.inject({
      method: 'GET',
      url: `/embed/${owner.business!.collectionSlug}`,
      headers: { referer: 'https://acme-bakery.example/reviews' },
    });
    expect(response.statusCode).toBe(200);
    expect(await seenOrigin(app, owner.business!.id)).toBe('https://acme-bakery.example');
  });

  it('never fails or slows the widget answer when the sighting cannot be written', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const { collectionSlug: slug, id: businessId } = owner.business!;
    // The business is gone from under the cached widget: the UPDATE finds no row, the answer is unchanged.
    expect((await widgetRequest(app, slug, {})).statusCode).toBe(200);
    await app.database.db.delete(businesses).where(eq(businesses.id, businessId));
    const response = await widgetRequest(app, slug, { origin: 'https://acme-bakery.example' });
    expect([200, 404]).toContain(response.statusCode);
  });
});

describe('the checklist hides itself', () => {
  it('when every shown step is done', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const { id: businessId, collectionSlug: slug } = owner.business!;
    await shared(app, owner.cookie, 'link_copied');
    await createTestimonial(app.database.db, businessId, { status: 'approved' });
    await app.inject({
      method: 'POST',
      url: '/api/requests',
      ...withSession(owner.cookie),
      payload: { customers: [{ name: 'Ana', email: 'ana@example.com' }] },
    });
    await app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: 'name,text\nBen,Lovely people and great bread.\n',
      ...withSession(owner.cookie, { 'content-type': 'text/csv' }),
    });
    expect((await checklistOf(app, owner.cookie)).hidden).toBe(false);
    await widgetRequest(app, slug, { origin: 'https://acme-bakery.example' });
    await seenOrigin(app, businessId);
    const checklist = await checklistOf(app, owner.cookie);
    expect(checklist.steps.every((step) => step.done)).toBe(true);
    expect(checklist.hidden).toBe(true);
    expect(checklist.dismissed).toBe(false);
  });

  it('when the owner dismisses it, for good and for this business only', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const other = await createSignedInUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/dashboard/checklist/dismiss',
      ...withSession(owner.cookie),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ hidden: true, dismissed: true });
    expect(await checklistOf(app, owner.cookie)).toMatchObject({ hidden: true, dismissed: true });
    expect(await checklistOf(app, other.cookie)).toMatchObject({ hidden: false, dismissed: false });
  });

  it('is for signed-in owners with a business', async () => {
    const app = await createTestApp();
    for (const [method, url] of [
      ['GET', '/api/dashboard/checklist'],
      ['POST', '/api/dashboard/checklist/dismiss'],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode).toBe(401);
      const { cookie } = await createSignedInUser(app, { businessName: null });
      expect((await app.inject({ method, url, ...withSession(cookie) })).statusCode).toBe(404);
    }
  });
});
