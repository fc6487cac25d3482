// The source mark of the public widget (docs/product/widget.md#source-mark): GET /api/widget/:slug carries a
// testimonial's platform and the original's address only while the owner's "Show where each testimonial came from"
// is on, and never an email; /embed/:slug draws it as the script does, and no page marks a testimonial up as a
// review of the business.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { WIDGET_SETTINGS_DEFAULTS, type PublicWidget } from '../../../shared/schemas/widget.js';
import type { BusinessRow } from '../../db/schema.js';
import {
  createSignedInUser,
  createTestimonial,
  withSession,
  type NewTestimonial,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

type App = FastifyInstance;

const EMAIL = 'reviewer-private@example.com';
const TRUSTPILOT_URL = 'https://www.trustpilot.com/reviews/abc123';

async function businessWithImports(app: App) {
  const { business, cookie } = await createSignedInUser(app);
  const { id, collectionSlug: slug } = business as BusinessRow;
  const db = app.database.db;
  let day = 0;
  const approved = (authorName: string, overrides: NewTestimonial) => {
    day += 1;
    return createTestimonial(db, id, {
      authorName,
      authorEmail: EMAIL,
      status: 'approved',
      approvedAt: new Date(Date.UTC(2025, 4, 20 - day)),
      ...overrides,
    });
  };
  await approved('Tess Trust', { source: 'trustpilot', sourceUrl: TRUSTPILOT_URL });
  await approved('Gail Google', { source: 'google', sourceUrl: null });
  await approved('Cass Csv', { source: 'csv', sourceUrl: 'https://example.com/row/7' });
  await approved('Yuri Yelp', { source: 'yelp', sourceUrl: 'javascript:alert(1)' });
  await approved('Fern Form', { source: null });
  return { slug, cookie };
}

const saveSettings = (app: App, cookie: string, changes: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/widget-settings',
    payload: { ...WIDGET_SETTINGS_DEFAULTS, ...changes },
    ...withSession(cookie),
  });

const widget = (app: App, slug: string) =>
  app.inject({ method: 'GET', url: `/api/widget/${slug}` });

function sourcesOf(body: PublicWidget): Record<string, unknown> {
  return Object.fromEntries(body.testimonials.map((t) => [t.authorName, t.source]));
}

describe('the source mark in GET /api/widget/:slug', () => {
  it('carries no source while the setting is off (the default), and never the email', async () => {
    const app = await createTestApp();
    const { slug } = await businessWithImports(app);
    const response = await widget(app, slug);
    expect(response.statusCode).toBe(200);
    const body = response.json<PublicWidget>();
    expect(body.settings.showSources).toBe(false);
    expect(body.testimonials).toHaveLength(5);
    for (const t of body.testimonials) expect(t).not.toHaveProperty('source');
    for (const secret of ['trustpilot', 'Trustpilot', TRUSTPILOT_URL, 'sourceUrl', EMAIL])
      expect(response.body).not.toContain(secret);
  });

  it('carries the platform and the original while it is on: none for the form or a CSV file, and never the email', async () => {
    const app = await createTestApp();
    const { slug, cookie } = await businessWithImports(app);
    const saved = await saveSettings(app, cookie, { showSources: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ showSources: true });

    const response = await widget(app, slug);
    const body = response.json<PublicWidget>();
    expect(body.settings.showSources).toBe(true);
    expect(sourcesOf(body)).toEqual({
      'Tess Trust': { name: 'Trustpilot', url: TRUSTPILOT_URL },
      'Gail Google': { name: 'Google', url: null },
      'Cass Csv': undefined,
      // An address that is not http(s) is no link.
      'Yuri Yelp': { name: 'Yelp', url: null },
      'Fern Form': undefined,
    });
    for (const secret of [EMAIL, 'authorEmail', 'javascript:', 'https://example.com/row/7'])
      expect(response.body).not.toContain(secret);

    // Off again: gone at once (the public cache drops its copy on every save).
    await saveSettings(app, cookie, { showSources: false });
    const off = await widget(app, slug);
    expect(off.body).not.toContain(TRUSTPILOT_URL);
    for (const t of off.json<PublicWidget>().testimonials) expect(t).not.toHaveProperty('source');
  });
});

describe('the source mark in GET /embed/:slug', () => {
  it('draws "via {platform}", linked to the original without passing on credit, only while it is on', async () => {
    const app = await createTestApp();
    const { slug, cookie } = await businessWithImports(app);
    const embed = () => app.inject({ method: 'GET', url: `/embed/${slug}` });

    const off = await embed();
    expect(off.statusCode).toBe(200);
    expect(off.body).not.toContain('class="vi"');

    await saveSettings(app, cookie, { showSources: true });
    const on = (await embed()).body;
    expect(on).toContain(
      `<a class="vi" href="${TRUSTPILOT_URL}" target="_blank" rel="nofollow noopener" ` +
        'aria-label="via Trustpilot (opens in a new tab)">via Trustpilot</a>',
    );
    expect(on).toContain('<span class="vi">via Google</span>');
    expect(on).toContain('<span class="vi">via Yelp</span>');
    expect(on.match(/class="vi"/g)).toHaveLength(3);
    expect(on).not.toContain(EMAIL);
  });

  it('marks no testimonial up as a review of the business: no schema.org markup on the page', async () => {
    const app = await createTestApp();
    const { slug, cookie } = await businessWithImports(app);
    for (const showSources of [false, true]) {
      await saveSettings(app, cookie, { showSources });
      const html = (await app.inject({ method: 'GET', url: `/embed/${slug}` })).body;
      expect(html).toContain('Tess Trust');
      expect(html).not.toMatch(/schema\.org|itemprop|itemscope|itemtype|ld\+json|vocab=/i);
    }
  });
});
