// The owner's business (GET/POST/PATCH /api/business) and its public read by slug.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, collectionPageSettings, widgetSettings } from '../../db/schema.js';
import {
  createSignedInUser,
  createUser,
  registrationInput,
  withSession,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

const businessKeys = [
  'collectionSlug',
  'createdAt',
  'description',
  'id',
  'logoUrl',
  'name',
  'timeZone',
  'updatedAt',
  'website',
];

async function settingsCount(app: App, businessId: string): Promise<[number, number]> {
  const [widget] = await app.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(widgetSettings)
    .where(eq(widgetSettings.businessId, businessId));
  const [collection] = await app.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(collectionPageSettings)
    .where(eq(collectionPageSettings.businessId, businessId));
  return [widget?.n ?? 0, collection?.n ?? 0];
}

describe('GET /api/business', () => {
  it("returns the owner's business", async () => {
    const app = await createTestApp();
    const { cookie, business } = await createSignedInUser(app, {
      businessName: 'Acme Bakery',
      website: 'acme.example',
    });
    const response = await app.inject({
      method: 'GET',
      url: '/api/business',
      ...withSession(cookie),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(businessKeys);
    expect(body).toEqual({
      id: business!.id,
      name: 'Acme Bakery',
      description: null,
      website: 'https://acme.example',
      logoUrl: null,
      collectionSlug: business!.collectionSlug,
      timeZone: 'UTC',
      createdAt: business!.createdAt.toISOString(),
      updatedAt: business!.updatedAt.toISOString(),
    });
  });

  it('answers 404 "Business not found" without a business, and 401 signed out', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app, { businessName: null });
    const none = await app.inject({ method: 'GET', url: '/api/business', ...withSession(cookie) });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Business not found' } });
    const anonymous = await app.inject({ method: 'GET', url: '/api/business' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("never shows another owner's business", async () => {
    const app = await createTestApp();
    const owner = await createUser(app, { businessName: 'Owner A' });
    const other = await createSignedInUser(app, { businessName: 'Owner B' });
    const response = await app.inject({
      method: 'GET',
      url: '/api/business',
      ...withSession(other.cookie),
    });
    expect(response.json().id).toBe(other.business!.id);
    expect(response.json().id).not.toBe(owner.business!.id);
  });
});

const unknownZone = 'Time zone is not a known time zone';

describe('POST /api/business', () => {
  it('creates the business with both settings rows for a user without one', async () => {
    const app = await createTestApp();
    const { cookie, user } = await createSignedInUser(app, { businessName: null });
    const response = await app.inject({
      method: 'POST',
      url: '/api/business',
      payload: {
        name: '  Green Garden  ',
        description: ' Plants and pots ',
        website: 'http://green-garden.example/shop',
      },
      ...withSession(cookie),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(businessKeys);
    expect(body).toMatchObject({
      name: 'Green Garden',
      description: 'Plants and pots',
      website: 'http://green-garden.example/shop',
      logoUrl: null,
      timeZone: 'UTC',
    });
    expect(body.collectionSlug).toMatch(/^green-garden-[0-9a-z]{6}$/);
    const [row] = await app.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.ownerId, user.id));
    expect(row?.id).toBe(body.id);
    expect(await settingsCount(app, body.id)).toEqual([1, 1]);
  });

  it('stores a missing or empty description as null', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app, { businessName: null });
    const response = await app.inject({
      method: 'POST',
      url: '/api/business',
      payload: { name: 'No Description', description: '', website: 'nodesc.example' },
      ...withSession(cookie),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ description: null, website: 'https://nodesc.example' });
  });

  it("takes the browser's time zone, in its canonical letter case", async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app, { businessName: null });
    const response = await app.inject({
      method: 'POST',
      url: '/api/business',
      payload: { name: 'Kiwi Cafe', website: 'kiwi.example', timeZone: 'pacific/auckland' },
      ...withSession(cookie),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().timeZone).toBe('Pacific/Auckland');
  });

  it('answers 409 "Business already exists" when the user has one', async () => {
    const app = await createTestApp();
    const { cookie, user } = await createSignedInUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/business',
      payload: { name: 'Second', website: 'second.example' },
      ...withSession(cookie),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'CONFLICT', message: 'Business already exists' },
    });
    const rows = await app.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.ownerId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('validates with the form messages and needs a session', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app, { businessName: null });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', website: 'ok.example' }, 'Business name is required'],
      [{ name: 'Name', website: '' }, 'Website is required'],
      [{ name: 'Name', website: 'nope' }, 'Please enter a valid website (e.g., example.com)'],
      [{ name: 'Name', website: 'ok.example', timeZone: 'Mars/Olympus' }, unknownZone],
    ];
    for (const [payload, message] of cases) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/business',
        payload,
        ...withSession(cookie),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/business',
      payload: { name: 'X', website: 'x.example' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a foreign-Origin request carrying the session cookie', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app, { businessName: null });
    const response = await app.inject({
      method: 'POST',
      url: '/api/business',
      payload: { name: 'Planted', website: 'planted.example' },
      ...withSession(cookie, { origin: 'https://evil.example' }),
    });
    expect(response.statusCode).toBe(403);
    expect(await app.database.db.select().from(businesses)).toHaveLength(0);
  });
});

describe('PATCH /api/business', () => {
  it('updates name and website', async () => {
    const app = await createTestApp();
    const { cookie, business } = await createSignedInUser(app);
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/business',
      payload: { name: 'Renamed Bakery', website: 'renamed.example' },
      ...withSession(cookie),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: business!.id,
      name: 'Renamed Bakery',
      website: 'https://renamed.example',
      collectionSlug: business!.collectionSlug,
    });
    const [row] = await app.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.id, business!.id));
    expect(row).toMatchObject({ name: 'Renamed Bakery', website: 'https://renamed.example' });
  });

  it('answers 404 without a business and validates the website', async () => {
    const app = await createTestApp();
    const withoutBusiness = await createSignedInUser(app, { businessName: null });
    const none = await app.inject({
      method: 'PATCH',
      url: '/api/business',
      payload: { name: 'X', website: 'x.example' },
      ...withSession(withoutBusiness.cookie),
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('Business not found');

    const owner = await createSignedInUser(app);
    const invalid = await app.inject({
      method: 'PATCH',
      url: '/api/business',
      payload: { name: 'X', website: '' },
      ...withSession(owner.cookie),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('Website URL is required');
  });

  it('changes the time zone when sent, keeps it when left out, and refuses an unknown one', async () => {
    const app = await createTestApp();
    const { cookie, business } = await createSignedInUser(app);
    const patch = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: '/api/business', payload, ...withSession(cookie) });
    const zoneOf = async () =>
      (
        await app.database.db
          .select({ timeZone: businesses.timeZone })
          .from(businesses)
          .where(eq(businesses.id, business!.id))
      )[0]?.timeZone;

    const set = await patch({
      name: 'Acme',
      website: 'acme.example',
      timeZone: 'America/New_York',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().timeZone).toBe('America/New_York');
    expect(await zoneOf()).toBe('America/New_York');

    const kept = await patch({ name: 'Acme', website: 'acme.example' });
    expect(kept.json().timeZone).toBe('America/New_York');

    for (const timeZone of ['Mars/Olympus', '+05:00', 'UTC; drop table', '', 5]) {
      const refused = await patch({ name: 'Acme', website: 'acme.example', timeZone });
      expect(refused.statusCode, `${String(timeZone)}: ${refused.body}`).toBe(400);
      expect(refused.json().error.message).toBe(unknownZone);
    }
    expect(await zoneOf()).toBe('America/New_York');
  });
});

describe('POST /api/register', () => {
  it("sets up the business in the browser's time zone, UTC when none is sent", async () => {
    const app = await createTestApp();
    const register = (overrides: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/register', payload: registrationInput(overrides) });
    const zoned = await register({ timeZone: 'Europe/Lisbon' });
    expect(zoned.statusCode, zoned.body).toBe(201);
    const plain = await register({});
    expect(plain.statusCode, plain.body).toBe(201);
    const refused = await register({ timeZone: 'Nowhere/Land' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(unknownZone);

    const zones = await app.database.db
      .select({ name: businesses.name, timeZone: businesses.timeZone })
      .from(businesses);
    expect(zones.map((row) => row.timeZone).sort()).toEqual(['Europe/Lisbon', 'UTC']);
  });
});

describe('GET /api/business/:slug (public)', () => {
  it('shows name, logo, slug, styling and collection settings, and nothing private', async () => {
    const app = await createTestApp();
    const { business, email, user } = await createUser(app, {
      businessName: 'Public Shop',
      website: 'public.example',
    });
    await app.database.db
      .update(businesses)
      .set({ description: 'Internal notes', logoUrl: 'https://cdn.example.com/logo.png' })
      .where(eq(businesses.id, business!.id));
    await app.database.db
      .update(widgetSettings)
      .set({ backgroundColor: '#000000', fontFamily: 'poppins', fontSize: 'lg' })
      .where(eq(widgetSettings.businessId, business!.id));
    await app.database.db
      .update(collectionPageSettings)
      .set({
        welcomeMessage: 'Tell us!',
        collectBusinessName: true,
        redirectAfterSubmission: 'https://public.example/thanks',
      })
      .where(eq(collectionPageSettings.businessId, business!.id));

    const response = await app.inject({
      method: 'GET',
      url: `/api/business/${business!.collectionSlug}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'Public Shop',
      logoUrl: 'https://cdn.example.com/logo.png',
      collectionSlug: business!.collectionSlug,
      backgroundColor: '#000000',
      innerContainerColor: '#FFFFFF',
      textColor: '#1F2937',
      fontFamily: 'poppins',
      fontSize: 'lg',
      collectionSettings: {
        welcomeMessage: 'Tell us!',
        collectName: true,
        nameRequired: true,
        collectEmail: true,
        emailRequired: false,
        collectBusinessName: true,
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
        redirectAfterSubmission: 'https://public.example/thanks',
      },
    });
    for (const secret of [business!.id, user.id, email, 'Internal notes']) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('falls back to the defaults when a settings row is missing', async () => {
    const app = await createTestApp();
    const { business } = await createUser(app);
    await app.database.db.delete(widgetSettings).where(eq(widgetSettings.businessId, business!.id));
    await app.database.db
      .delete(collectionPageSettings)
      .where(eq(collectionPageSettings.businessId, business!.id));
    const response = await app.inject({
      method: 'GET',
      url: `/api/business/${business!.collectionSlug}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      backgroundColor: '#FFFFFF',
      innerContainerColor: '#FFFFFF',
      textColor: '#1F2937',
      fontFamily: 'inter',
      fontSize: 'base',
      collectionSettings: {
        welcomeMessage: 'Share your experience with us!',
        nameRequired: true,
        emailRequired: false,
        redirectAfterSubmission: null,
      },
    });
  });

  it('answers 404 "Business not found" for an unknown slug', async () => {
    const app = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/business/no-such-shop-123456' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Business not found' },
    });
  });
});
