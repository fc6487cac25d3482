// PUT /api/business/logo: set from one of the owner's logo uploads (upload URL
// or object path), removed with an empty string; the upload is claimed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema.js';
import {
  createSignedInUser,
  makePng,
  SVG_LOGO,
  uploadImage,
  withSession,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

const setLogo = (app: App, cookie: string | undefined, logoURL: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/business/logo',
    ...(cookie ? withSession(cookie) : {}),
    payload: { logoURL },
  });

describe('PUT /api/business/logo', () => {
  it('sets the logo from the upload URL, claims the upload, and answers the business', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const { uploadURL, objectPath } = await uploadImage(
      app,
      { purpose: 'logo', cookie: owner.cookie },
      await makePng(),
    );
    const response = await setLogo(app, owner.cookie, uploadURL);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: owner.business!.id,
      logoUrl: objectPath,
      name: 'Acme Bakery',
    });
    const [row] = await app.database.db.select().from(uploads);
    expect(row!.claimedAt).not.toBeNull();

    const own = await app.inject({
      method: 'GET',
      url: '/api/business',
      ...withSession(owner.cookie),
    });
    expect(own.json().logoUrl).toBe(objectPath);
    const publicRead = await app.inject({
      method: 'GET',
      url: `/api/business/${owner.business!.collectionSlug}`,
    });
    expect(publicRead.json().logoUrl).toBe(objectPath);
  });

  it('takes the object path too, including an SVG logo, and an unchanged logo is a no-op', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const { objectPath } = await uploadImage(
      app,
      { purpose: 'logo', cookie: owner.cookie },
      SVG_LOGO,
    );
    expect((await setLogo(app, owner.cookie, objectPath)).json().logoUrl).toBe(objectPath);
    const again = await setLogo(app, owner.cookie, objectPath);
    expect(again.statusCode).toBe(200);
    expect(again.json().logoUrl).toBe(objectPath);
  });

  it('removes the logo with an empty string, and deletes the file once nothing refers to it', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const { objectPath } = await uploadImage(
      app,
      { purpose: 'logo', cookie: owner.cookie },
      await makePng(),
    );
    await setLogo(app, owner.cookie, objectPath);
    const file = path.join(app.config.dataDir, objectPath.slice(1));
    expect(existsSync(file)).toBe(true);

    const response = await setLogo(app, owner.cookie, '');
    expect(response.statusCode).toBe(200);
    expect(response.json().logoUrl).toBeNull();
    expect(existsSync(file)).toBe(false);
    expect(await app.database.db.select().from(uploads)).toHaveLength(0);
  });

  it('replaces a logo and lets the previous one go', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const first = await uploadImage(
      app,
      { purpose: 'logo', cookie: owner.cookie },
      await makePng(),
    );
    const second = await uploadImage(app, { purpose: 'logo', cookie: owner.cookie }, SVG_LOGO);
    await setLogo(app, owner.cookie, first.objectPath);
    expect((await setLogo(app, owner.cookie, second.uploadURL)).json().logoUrl).toBe(
      second.objectPath,
    );
    const left = await app.database.db.select().from(uploads);
    expect(left.map((row) => row.objectPath)).toEqual([second.objectPath]);
  });

  it('refuses another business’s upload, an upload of another purpose, a foreign URL, and leaves the logo alone', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const other = await createSignedInUser(app, { businessName: 'Other Shop' });
    const theirs = await uploadImage(
      app,
      { purpose: 'logo', cookie: other.cookie },
      await makePng(),
    );
    const photo = await uploadImage(
      app,
      { purpose: 'product-image', cookie: owner.cookie },
      await makePng(),
    );
    for (const logoURL of [
      theirs.objectPath,
      theirs.uploadURL,
      photo.objectPath,
      'https://evil.example/logo.png',
      'javascript:alert(1)',
    ]) {
      const response = await setLogo(app, owner.cookie, logoURL);
      expect(response.statusCode, logoURL).toBe(400);
    }
    const business = await app.inject({
      method: 'GET',
      url: '/api/business',
      ...withSession(owner.cookie),
    });
    expect(business.json().logoUrl).toBeNull();
    const [theirRow] = await app.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.objectPath, theirs.objectPath));
    expect(theirRow!.claimedAt).toBeNull();
  });

  it('cannot claim the same upload twice', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const logo = await uploadImage(app, { purpose: 'logo', cookie: owner.cookie }, await makePng());
    await setLogo(app, owner.cookie, logo.objectPath);
    await setLogo(app, owner.cookie, '');
    // Removing the logo deleted the upload; sending its path again finds nothing.
    expect((await setLogo(app, owner.cookie, logo.objectPath)).statusCode).toBe(400);
  });

  it('is for signed-in owners only', async () => {
    const app = await createTestApp();
    expect((await setLogo(app, undefined, '')).statusCode).toBe(401);
    const { cookie } = await createSignedInUser(app, { businessName: null });
    expect((await setLogo(app, cookie, '')).statusCode).toBe(404);
    expect((await setLogo(app, cookie, 42)).statusCode).toBe(400);
  });
});
