// Collection page settings (docs/product/collection.md#form-settings, docs/security.md rule 10 redirect rules).
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COLLECTION_FLAGS,
  redirectUrlMessages,
} from '../../../shared/collection-settings.js';
import { createSignedInUser, withSession } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

async function ownerApp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const app = await createTestApp(overrides);
  const owner = await createSignedInUser(app);
  return { app, owner };
}

const getSettings = (app: App, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/collection-page-settings', ...withSession(cookie) });
const putSettings = (app: App, cookie: string, payload: Record<string, unknown>) =>
  app.inject({
    method: 'PUT',
    url: '/api/collection-page-settings',
    ...withSession(cookie),
    payload,
  });

describe('GET /api/collection-page-settings', () => {
  it('answers the defaults of docs/product/collection.md#form-settings for a new business', async () => {
    const { app, owner } = await ownerApp();
    const response = await getSettings(app, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...DEFAULT_COLLECTION_FLAGS,
      welcomeMessage: 'Share your experience with us!',
      redirectAfterSubmission: null,
      updatedAt: expect.any(String),
    });
  });

  it('is for signed-in owners with a business', async () => {
    const app = await createTestApp();
    expect(
      (await app.inject({ method: 'GET', url: '/api/collection-page-settings' })).statusCode,
    ).toBe(401);
    const { cookie } = await createSignedInUser(app, { businessName: null });
    expect((await getSettings(app, cookie)).statusCode).toBe(404);
    expect((await putSettings(app, cookie, { collectEmail: false })).statusCode).toBe(404);
  });
});

describe('PUT /api/collection-page-settings', () => {
  it('saves every field and answers the saved settings; a later GET agrees', async () => {
    const { app, owner } = await ownerApp();
    const payload = {
      welcomeMessage: '  Tell us about your cake!  ',
      collectName: true,
      nameRequired: false,
      collectEmail: true,
      emailRequired: true,
      collectBusinessName: true,
      businessNameRequired: true,
      collectLocation: false,
      locationRequired: false,
      collectStarRatings: true,
      starRatingsRequired: false,
      collectSelfie: true,
      selfieRequired: true,
      collectBeforeAfterPhotos: false,
      beforeAfterPhotosRequired: false,
      collectProductPhotos: true,
      productPhotosRequired: true,
      redirectAfterSubmission: 'https://acme.example/thanks?from=form',
    };
    const response = await putSettings(app, owner.cookie, payload);
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      ...payload,
      welcomeMessage: 'Tell us about your cake!',
      updatedAt: expect.any(String),
    };
    expect(response.json()).toEqual(expected);
    expect((await getSettings(app, owner.cookie)).json()).toEqual(expected);
  });

  it('keeps fields left out of a partial update', async () => {
    const { app, owner } = await ownerApp();
    await putSettings(app, owner.cookie, { welcomeMessage: 'Hello!' });
    const response = await putSettings(app, owner.cookie, { collectBusinessName: true });
    expect(response.json()).toMatchObject({
      welcomeMessage: 'Hello!',
      collectBusinessName: true,
      collectName: true,
    });
  });

  it('couples the flags: collect off forces required off', async () => {
    const { app, owner } = await ownerApp();
    const response = await putSettings(app, owner.cookie, {
      collectName: false,
      collectStarRatings: false,
    });
    expect(response.json()).toMatchObject({
      collectName: false,
      nameRequired: false,
      collectStarRatings: false,
      starRatingsRequired: false,
    });
  });

  it('couples the flags: required on forces collect on', async () => {
    const { app, owner } = await ownerApp();
    const response = await putSettings(app, owner.cookie, {
      businessNameRequired: true,
      selfieRequired: true,
    });
    expect(response.json()).toMatchObject({
      collectBusinessName: true,
      businessNameRequired: true,
      collectSelfie: true,
      selfieRequired: true,
    });
    // The whole form sent back with one required box ticked while its collect box is off, as a stale form would.
    await putSettings(app, owner.cookie, { collectLocation: false });
    const stale = await putSettings(app, owner.cookie, {
      collectLocation: false,
      locationRequired: true,
    });
    expect(stale.json()).toMatchObject({ collectLocation: true, locationRequired: true });
  });

  it('lets collect off win when both change the opposite way at once', async () => {
    const { app, owner } = await ownerApp();
    const response = await putSettings(app, owner.cookie, {
      collectEmail: false,
      emailRequired: true,
    });
    expect(response.json()).toMatchObject({ collectEmail: false, emailRequired: false });
  });

  it('accepts an https or http redirect URL, and clears it with an empty string or null', async () => {
    const { app, owner } = await ownerApp();
    for (const [given, stored] of [
      ['https://acme.example/thanks', 'https://acme.example/thanks'],
      ['  http://Acme.Example  ', 'http://acme.example/'],
      ['', null],
      ['https://acme.example/a?b=c#d', 'https://acme.example/a?b=c#d'],
      [null, null],
    ] as const) {
      const response = await putSettings(app, owner.cookie, { redirectAfterSubmission: given });
      expect(response.statusCode, String(given)).toBe(200);
      expect(response.json().redirectAfterSubmission).toBe(stored);
    }
  });

  it('refuses javascript:, data:, relative, protocol-relative, ftp: and credentialed redirect URLs with 400', async () => {
    const { app, owner } = await ownerApp();
    await putSettings(app, owner.cookie, { redirectAfterSubmission: 'https://acme.example/kept' });
    const refused: [string, string][] = [
      ['javascript:alert(document.cookie)', redirectUrlMessages.notAbsolute],
      ['JavaScript:alert(1)', redirectUrlMessages.notAbsolute],
      [' java\tscript:alert(1)', redirectUrlMessages.notAbsolute],
      ['data:text/html,<script>alert(1)</script>', redirectUrlMessages.notAbsolute],
      ['/thanks', redirectUrlMessages.notAbsolute],
      ['thanks.html', redirectUrlMessages.notAbsolute],
      ['//evil.example/thanks', redirectUrlMessages.notAbsolute],
      ['https:evil.example', redirectUrlMessages.notAbsolute],
      ['ftp://acme.example/file', redirectUrlMessages.notAbsolute],
      ['https://user:secret@acme.example/', redirectUrlMessages.credentials],
      ['https://user@acme.example/', redirectUrlMessages.credentials],
      [`https://acme.example/${'a'.repeat(2100)}`, redirectUrlMessages.tooLong],
    ];
    for (const [value, message] of refused) {
      const response = await putSettings(app, owner.cookie, { redirectAfterSubmission: value });
      expect(response.statusCode, value).toBe(400);
      expect(response.json().error.message, value).toBe(message);
    }
    expect((await getSettings(app, owner.cookie)).json().redirectAfterSubmission).toBe(
      'https://acme.example/kept',
    );
  });

  it('refuses a welcome message over 500 characters and flags that are not booleans', async () => {
    const { app, owner } = await ownerApp();
    expect(
      (await putSettings(app, owner.cookie, { welcomeMessage: 'x'.repeat(501) })).statusCode,
    ).toBe(400);
    expect((await putSettings(app, owner.cookie, { collectName: 'yes' })).statusCode).toBe(400);
  });

  it('shows the saved settings on the public business read', async () => {
    const { app, owner } = await ownerApp();
    await putSettings(app, owner.cookie, {
      welcomeMessage: 'Hi there',
      redirectAfterSubmission: 'https://acme.example/thanks',
      collectBusinessName: true,
    });
    const response = await app.inject({
      method: 'GET',
      url: `/api/business/${owner.business!.collectionSlug}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Acme Bakery',
      logoUrl: null,
      collectionSettings: {
        welcomeMessage: 'Hi there',
        redirectAfterSubmission: 'https://acme.example/thanks',
        collectBusinessName: true,
      },
    });
  });
});
