// GET, PUT and POST /api/widget-settings: the owner's settings, the quick
// "Show business name in widget" toggle and the full settings form.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WIDGET_SETTINGS_DEFAULTS } from '../../../shared/schemas/widget.js';
import { widgetSettings } from '../../db/schema.js';
import { createSignedInUser, withSession } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

describe('/api/widget-settings', () => {
  it('reads the saved settings, unset flags filled in', async () => {
    const app = await createTestApp();
    const { cookie, business } = await createSignedInUser(app);
    const businessId = business?.id ?? '';
    await app.database.db
      .update(widgetSettings)
      .set({ textColor: '#123456', showDates: null, showBranding: true, headerText: 'Our fans' })
      .where(eq(widgetSettings.businessId, businessId));
    const response = await app.inject({
      method: 'GET',
      url: '/api/widget-settings',
      ...withSession(cookie),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      textColor: '#123456',
      showDates: true,
      showBranding: true,
      headerText: 'Our fans',
      showBusinessName: false,
    });
    expect(typeof body.updatedAt).toBe('string');
  });

  it('reads the defaults when the row is missing, and the toggle creates it', async () => {
    const app = await createTestApp();
    const { cookie, business } = await createSignedInUser(app);
    const businessId = business?.id ?? '';
    await app.database.db.delete(widgetSettings).where(eq(widgetSettings.businessId, businessId));

    const read = await app.inject({
      method: 'GET',
      url: '/api/widget-settings',
      ...withSession(cookie),
    });
    expect(read.json()).toEqual({ ...WIDGET_SETTINGS_DEFAULTS, updatedAt: null });
    expect(await app.database.db.select().from(widgetSettings)).toEqual([]);

    const toggled = await app.inject({
      method: 'PUT',
      url: '/api/widget-settings',
      payload: { showBusinessName: true },
      ...withSession(cookie),
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect(toggled.json()).toMatchObject({ ...WIDGET_SETTINGS_DEFAULTS, showBusinessName: true });
    const [row] = await app.database.db
      .select()
      .from(widgetSettings)
      .where(eq(widgetSettings.businessId, businessId));
    expect(row?.showBusinessName).toBe(true);

    const off = await app.inject({
      method: 'PUT',
      url: '/api/widget-settings',
      payload: { showBusinessName: false },
      ...withSession(cookie),
    });
    expect(off.json().showBusinessName).toBe(false);
    expect(await app.database.db.select().from(widgetSettings)).toHaveLength(1);
  });

  it('refuses a toggle that is not a boolean', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app);
    for (const payload of [{}, { showBusinessName: 'yes' }, { showBusinessName: null }]) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/widget-settings',
        payload,
        ...withSession(cookie),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('showBusinessName must be true or false');
    }
  });

  it('saves the full settings form and answers the saved settings', async () => {
    const app = await createTestApp();
    const { cookie, business } = await createSignedInUser(app);
    const form = {
      layout: 'carousel',
      backgroundColor: '#0f172a',
      innerContainerColor: '#1E293B',
      textColor: '#F8FAFC',
      // Not one of the options: kept as it is (the client shows it as "Extracted").
      fontFamily: 'Brand Sans Display',
      fontSize: 'md',
      showRatings: false,
      showDates: false,
      showLocation: false,
      showBranding: true,
      autoRotate: false,
      showPersonalPhotos: false,
      showBeforeAfterPhotos: false,
      showProductImages: false,
      showBusinessName: true,
      showInvite: false,
      showSources: true,
      headerText: '  What our customers say  ',
      headerAlignment: 'center',
    };
    const response = await app.inject({
      method: 'POST',
      url: '/api/widget-settings',
      payload: form,
      ...withSession(cookie),
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = { ...form, fontSize: 'base', headerText: 'What our customers say' };
    expect(response.json()).toEqual({ ...saved, updatedAt: expect.any(String) });

    const read = await app.inject({
      method: 'GET',
      url: '/api/widget-settings',
      ...withSession(cookie),
    });
    expect(read.json()).toEqual(response.json());
    const [row] = await app.database.db
      .select()
      .from(widgetSettings)
      .where(eq(widgetSettings.businessId, business?.id ?? ''));
    expect(row).toMatchObject(saved);
  });

  it('creates the settings row when the business has none', async () => {
    const app = await createTestApp();
    const { cookie, business } = await createSignedInUser(app);
    await app.database.db
      .delete(widgetSettings)
      .where(eq(widgetSettings.businessId, business?.id ?? ''));
    const response = await app.inject({
      method: 'POST',
      url: '/api/widget-settings',
      payload: { ...WIDGET_SETTINGS_DEFAULTS, headerText: 'Hello' },
      ...withSession(cookie),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await app.database.db.select().from(widgetSettings)).toHaveLength(1);
  });

  it('refuses an invalid form in the error shape and changes nothing', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ backgroundColor: 'red' }, 'backgroundColor', 'Use a colour in the form #RRGGBB'],
      [{ textColor: '#12345' }, 'textColor', 'Use a colour in the form #RRGGBB'],
      [
        { innerContainerColor: '#GGGGGG' },
        'innerContainerColor',
        'Use a colour in the form #RRGGBB',
      ],
      [{ fontFamily: '   ' }, 'fontFamily', 'Choose a font'],
      [{ fontFamily: 'x'.repeat(101) }, 'fontFamily', 'Font name is too long'],
      [{ fontSize: 'xl' }, 'fontSize', 'Font size must be sm, base or lg'],
      [{ headerText: 'x'.repeat(121) }, 'headerText', 'Header text must be at most 120 characters'],
      [{ headerAlignment: 'middle' }, 'headerAlignment', 'Alignment must be left, center or right'],
      [{ layout: 'grid' }, 'layout', 'Layout must be carousel'],
      [{ showRatings: 'yes' }, 'showRatings', ''],
      [{ autoRotate: undefined }, 'autoRotate', ''],
      [{ showInvite: null }, 'showInvite', ''],
    ];
    const before = await app.database.db.select().from(widgetSettings);
    for (const [change, path, message] of cases) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/widget-settings',
        payload: { ...WIDGET_SETTINGS_DEFAULTS, headerText: 'Changed', ...change },
        ...withSession(cookie),
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details[0].path).toBe(path);
      if (message) expect(error.message).toBe(message);
    }
    expect(await app.database.db.select().from(widgetSettings)).toEqual(before);
  });
});
