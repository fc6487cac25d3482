// GET and PUT /api/widget-settings: the owner's settings and the quick
// "Show business name in widget" toggle.
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
    const response = await app.inject({ method: 'GET', url: '/api/widget-settings', ...withSession(cookie) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ textColor: '#123456', showDates: true, showBranding: true, headerText: 'Our fans', showBusinessName: false });
    expect(typeof body.updatedAt).toBe('string');
  });

  it('reads the defaults when the row is missing, and the toggle creates it', async () => {
    const app = await createTestApp();
    const { cookie, business } = await createSignedInUser(app);
    const businessId = business?.id ?? '';
    await app.database.db.delete(widgetSettings).where(eq(widgetSettings.businessId, businessId));

    const read = await app.inject({ method: 'GET', url: '/api/widget-settings', ...withSession(cookie) });
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
    const [row] = await app.database.db.select().from(widgetSettings).where(eq(widgetSettings.businessId, businessId));
    expect(row?.showBusinessName).toBe(true);

    const off = await app.inject({ method: 'PUT', url: '/api/widget-settings', payload: { showBusinessName: false }, ...withSession(cookie) });
    expect(off.json().showBusinessName).toBe(false);
    expect(await app.database.db.select().from(widgetSettings)).toHaveLength(1);
  });

  it('refuses a toggle that is not a boolean', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app);
    for (const payload of [{}, { showBusinessName: 'yes' }, { showBusinessName: null }]) {
      const response = await app.inject({ method: 'PUT', url: '/api/widget-settings', payload, ...withSession(cookie) });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('showBusinessName must be true or false');
    }
  });
});
