// The landing page's live demo (docs/product/marketing.md#landing-page): on first start the
// server makes the demo business named by DEMO_WIDGET_SLUG, with approved
// example testimonials labelled as such, and an owner with paid access who
// moderates them after a password reset. Once, whatever happens later: never
// twice, never over an existing business, never bringing back deleted examples.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { SAMPLE_TESTIMONIALS } from '../../../shared/schemas/widget.js';
import { accessCodes, businesses, testimonials, users, widgetSettings } from '../../db/schema.js';
import {
  createUser,
  login,
  readOutbox,
  resetLinkOf,
  withSession,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { settleAfterAnswerWork } from '../auth/after-answer.js';
import { DEMO_HEADER_TEXT } from '../../../shared/demo-widget.js';
import { ensureDemoBusiness, type DemoLog } from './service.js';

const fakeLog = () => ({ info: vi.fn<DemoLog['info']>(), warn: vi.fn<DemoLog['warn']>() });

/** Everything the demo could have written, to compare before and after. */
async function snapshot(app: FastifyInstance) {
  const { db } = app.database;
  return {
    users: await db.select().from(users),
    businesses: await db.select().from(businesses),
    testimonials: await db.select().from(testimonials),
    widgetSettings: await db.select().from(widgetSettings),
    accessCodes: await db.select().from(accessCodes),
  };
}

const publicWidget = (app: FastifyInstance, slug: string) =>
  app.inject({ method: 'GET', url: `/api/widget/${slug}` });

describe('the demo business', () => {
  it('is made on first start: approved examples, a header saying so, an owner with paid access', async () => {
    const app = await createTestApp();
    const log = fakeLog();
    const outcome = await ensureDemoBusiness(app.database.db, app.config, log);
    expect(outcome).toEqual({
      kind: 'created',
      slug: 'vouchly',
      ownerEmail: 'demo@example.com',
      examples: 4,
    });
    expect(log.info).toHaveBeenCalledOnce();
    expect(log.info.mock.calls[0]?.[0]).toMatch(/vouchly.*demo@example\.com/);
    expect(log.warn).not.toHaveBeenCalled();

    const response = await publicWidget(app, 'vouchly');
    expect(response.statusCode, response.body).toBe(200);
    const widget = response.json();
    expect(widget.business).toMatchObject({
      name: 'Vouchly',
      collectionSlug: 'vouchly',
      logoUrl: null,
    });
    expect(widget.settings).toMatchObject({
      layout: 'carousel',
      headerText: DEMO_HEADER_TEXT,
      showRatings: true,
      showBranding: true,
      autoRotate: true,
    });
    // A discreet label for visitors; the operator's instructions live in the README only.
    expect(DEMO_HEADER_TEXT).toBe('Example');
    // The samples of the widget preview, newest approval first, no photo and no address anywhere.
    expect(widget.testimonials.map((t: { authorName: string }) => t.authorName)).toEqual(
      SAMPLE_TESTIMONIALS.map((t) => t.authorName),
    );
    expect(widget.testimonials.map((t: { content: string }) => t.content)).toEqual(
      SAMPLE_TESTIMONIALS.map((t) => t.content),
    );
    expect(widget.testimonials.every((t: { rating: number }) => t.rating >= 4)).toBe(true);
    expect(JSON.stringify(widget.testimonials)).not.toMatch(/https?:/);

    const rows = await app.database.db.select().from(testimonials);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'approved',
        tags: ['example'],
        source: 'example',
        authorEmail: null,
      });
      expect(row.approvedAt).not.toBeNull();
    }

    // The owner: the configured email, the access an access code gives, a password nobody knows.
    const [owner] = await app.database.db.select().from(users);
    expect(owner).toMatchObject({ email: 'demo@example.com', isFreeAccount: true });
    expect(owner?.password).toMatch(/^\$argon2id\$/);

    // Its collection page takes real testimonials, pending until the owner approves them.
    expect((await app.inject({ method: 'GET', url: '/api/business/vouchly' })).statusCode).toBe(
      200,
    );
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/submit/vouchly',
      payload: {
        authorName: 'Ann Baker',
        content: 'A real customer, happy with everything.',
        rating: 5,
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
  });

  it('changes nothing on a second start', async () => {
    const app = await createTestApp();
    expect((await ensureDemoBusiness(app.database.db, app.config, fakeLog())).kind).toBe('created');
    const before = await snapshot(app);
    expect(before.testimonials).toHaveLength(4);
    const log = fakeLog();
    expect(await ensureDemoBusiness(app.database.db, app.config, log)).toEqual({
      kind: 'exists',
      slug: 'vouchly',
    });
    expect(await snapshot(app)).toEqual(before);
    expect(log.info).not.toHaveBeenCalled();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('leaves a business that already has the slug alone', async () => {
    const app = await createTestApp();
    const { business } = await createUser(app, { businessName: 'Real Bakery' });
    const slug = business!.collectionSlug;
    const before = await snapshot(app);
    const log = fakeLog();
    expect(
      await ensureDemoBusiness(app.database.db, { ...app.config, demoWidgetSlug: slug }, log),
    ).toEqual({
      kind: 'exists',
      slug,
    });
    expect(await snapshot(app)).toEqual(before);
    expect(log.info).not.toHaveBeenCalled();
    expect((await publicWidget(app, slug)).json()).toMatchObject({
      business: { name: 'Real Bakery' },
      testimonials: [],
    });
  });

  it('makes nothing when DEMO_OWNER_EMAIL belongs to another account, and says so', async () => {
    const app = await createTestApp();
    await createUser(app, { email: 'demo@example.com', businessName: 'Somebody Else' });
    const before = await snapshot(app);
    const log = fakeLog();
    expect(await ensureDemoBusiness(app.database.db, app.config, log)).toEqual({
      kind: 'owner-email-taken',
      slug: 'vouchly',
      ownerEmail: 'demo@example.com',
    });
    expect(await snapshot(app)).toEqual(before);
    expect(log.warn).toHaveBeenCalledOnce();
    expect(log.warn.mock.calls[0]?.[0]).toMatch(/DEMO_OWNER_EMAIL/);
    expect((await publicWidget(app, 'vouchly')).statusCode).toBe(404);
  });

  it('lets the operator sign in as its owner through a reset link, delete the examples, and they stay deleted', async () => {
    const app = await createTestApp();
    await ensureDemoBusiness(app.database.db, app.config, fakeLog());

    // README: "Forgot your password" with DEMO_OWNER_EMAIL; the link arrives in the outbox.
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'demo@example.com' },
    });
    expect(forgot.statusCode).toBe(200);
    await settleAfterAnswerWork(app);
    const [mail] = await readOutbox(app);
    const token = resetLinkOf(mail!).searchParams.get('token');
    const password = 'the operator chose this';
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password, confirmPassword: password },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const cookie = await login(app, 'demo@example.com', password);

    // Paid access: the moderation API answers, with the four examples.
    const list = await app.inject({
      method: 'GET',
      url: '/api/testimonials?status=all',
      ...withSession(cookie),
    });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as { id: string }[];
    expect(items).toHaveLength(4);
    for (const { id } of items) {
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/testimonials/${id}`,
        ...withSession(cookie),
      });
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    }
    expect((await publicWidget(app, 'vouchly')).json().testimonials).toEqual([]);

    // A restart: the examples do not come back, the owner keeps their password.
    expect(await ensureDemoBusiness(app.database.db, app.config, fakeLog())).toEqual({
      kind: 'exists',
      slug: 'vouchly',
    });
    expect(await app.database.db.select().from(testimonials)).toEqual([]);
    expect((await publicWidget(app, 'vouchly')).json().testimonials).toEqual([]);
    await login(app, 'demo@example.com', password);
  });

  it('is made once when several servers start at the same time', async () => {
    const app = await createTestApp();
    const logs = [fakeLog(), fakeLog(), fakeLog()];
    const outcomes = await Promise.all(
      logs.map((log) => ensureDemoBusiness(app.database.db, app.config, log)),
    );
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['created', 'exists', 'exists']);
    const { db } = app.database;
    expect(await db.select().from(businesses)).toHaveLength(1);
    expect(await db.select().from(users)).toHaveLength(1);
    expect(await db.select().from(testimonials)).toHaveLength(4);
    expect(logs.flatMap((log) => log.info.mock.calls)).toHaveLength(1);
    const [business] = await db
      .select()
      .from(businesses)
      .where(eq(businesses.collectionSlug, 'vouchly'));
    expect(business?.name).toBe('Vouchly');
  });
});
