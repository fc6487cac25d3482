// docs/product/integrations.md#integrations-screen, docs/product/integrations.md#wix-connect, docs/product/integrations.md#api-key, docs/product/integrations.md#calls;
// docs/security.md rule 6 (keys) and rule 14 (the Wix instance).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users, wixSites } from '../../db/schema.js';
import { createSignedInUser, login, withSession } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { hashApiKey } from './api-keys.js';
import { wixConnectRateLimits } from './routes.js';
import {
  WIX_INSTANCE_EXPIRED_MESSAGE,
  WIX_INSTANCE_INVALID_MESSAGE,
  WIX_NOT_CONFIGURED_MESSAGE,
  WIX_SITE_TAKEN_MESSAGE,
} from './service.js';
import { signWixInstance } from './wix-instance.js';

const WIX_APP_SECRET = 'test-wix-app-secret';
const withWix = { wixAppSecret: WIX_APP_SECRET };

const signedInstance = (siteId: string, signDate = new Date()) =>
  signWixInstance(
    { instanceId: siteId, signDate: signDate.toISOString(), permissions: 'OWNER' },
    WIX_APP_SECRET,
  );

let siteCounter = 0;
const newSiteId = () => `0f3d8e1a-7b2c-4d5e-8f90-${String(++siteCounter).padStart(12, '0')}`;

const connect = (
  app: FastifyInstance,
  cookie: string,
  payload: Record<string, unknown>,
  ip = '127.0.0.1',
) =>
  app.inject({
    method: 'POST',
    url: '/api/wix/connect',
    payload,
    remoteAddress: ip,
    ...withSession(cookie),
  });

const getKeyInfo = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/integrations/api-key', ...withSession(cookie) });

const createKey = async (app: FastifyInstance, cookie: string): Promise<string> => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/integrations/api-key',
    ...withSession(cookie),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ apiKey: string }>().apiKey;
};

const callApi = (app: FastifyInstance, apiKey: string) =>
  app.inject({
    method: 'GET',
    url: '/api/v1/testimonials',
    headers: { authorization: `Bearer ${apiKey}` },
  });

describe('the API key', () => {
  it('is created once, stored as its SHA-256 only, and shown masked afterwards', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    expect((await getKeyInfo(app, owner.cookie)).json()).toEqual({
      hasApiKey: false,
      maskedKey: null,
      status: null,
      createdAt: null,
      expiresAt: null,
    });

    const response = await app.inject({
      method: 'POST',
      url: '/api/integrations/api-key',
      ...withSession(owner.cookie),
    });
    expect(response.headers['cache-control']).toBe('no-store');
    const { apiKey } = response.json<{ apiKey: string }>();
    expect(apiKey).toMatch(/^vly_[0-9a-f]{64}$/);

    const [row] = await app.database.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row?.apiKeyHash).toBe(hashApiKey(apiKey));
    expect(JSON.stringify(row)).not.toContain(apiKey.slice(4));

    const info = (await getKeyInfo(app, owner.cookie)).json<Record<string, unknown>>();
    expect(info).toMatchObject({
      hasApiKey: true,
      maskedKey: `vly_••••••••${apiKey.slice(-4)}`,
      status: 'active',
    });
    expect(JSON.stringify(info)).not.toContain(apiKey.slice(4, 60));
    expect(
      new Date(String(info.expiresAt)).getTime() - new Date(String(info.createdAt)).getTime(),
    ).toBe(365 * 24 * 60 * 60 * 1000);
    expect((await callApi(app, apiKey)).statusCode).toBe(200);
  });

  it('a new key replaces the old one, which stops working at once', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const first = await createKey(app, owner.cookie);
    const second = await createKey(app, owner.cookie);
    expect(second).not.toBe(first);
    expect((await callApi(app, first)).statusCode).toBe(401);
    expect((await callApi(app, second)).statusCode).toBe(200);
  });

  it('the owner can revoke it: it shows as blocked and gets the same 401 as an unknown key', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const apiKey = await createKey(app, owner.cookie);
    const revoked = await app.inject({
      method: 'DELETE',
      url: '/api/integrations/api-key',
      ...withSession(owner.cookie),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ hasApiKey: true, status: 'blocked' });
    expect((await getKeyInfo(app, owner.cookie)).json()).toMatchObject({ status: 'blocked' });

    const refused = await callApi(app, apiKey);
    const unknown = await callApi(app, `vly_${'0'.repeat(64)}`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(unknown.json());

    const again = await createKey(app, owner.cookie);
    expect((await getKeyInfo(app, owner.cookie)).json()).toMatchObject({ status: 'active' });
    expect((await callApi(app, again)).statusCode).toBe(200);
  });

  it('revoking without a key is a 404; every key route needs a session and paid access', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: '/api/integrations/api-key',
          ...withSession(owner.cookie),
        })
      ).statusCode,
    ).toBe(404);

    const unpaid = await createSignedInUser(app, { access: false });
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const signedOut = await app.inject({ method, url: '/api/integrations/api-key' });
      expect(signedOut.statusCode).toBe(401);
      const withoutAccess = await app.inject({
        method,
        url: '/api/integrations/api-key',
        ...withSession(unpaid.cookie),
      });
      expect(withoutAccess.statusCode).toBe(403);
      expect(withoutAccess.json().error.code).toBe('ACCESS_REQUIRED');
    }
    const [row] = await app.database.db.select().from(users).where(eq(users.id, unpaid.user.id));
    expect(row?.apiKeyHash).toBeNull();
  });

  it('turns expired a year after it was made', async () => {
    let now = new Date('2026-03-01T09:00:00Z');
    const app = await createTestApp({}, { clock: () => now });
    const owner = await createSignedInUser(app);
    const apiKey = await createKey(app, owner.cookie);
    now = new Date('2027-02-28T09:00:00Z');
    expect((await callApi(app, apiKey)).statusCode).toBe(200);
    now = new Date('2027-03-01T09:00:01Z');
    // Sessions time out on the same clock (30 days at most): a year on, the owner signs in again.
    owner.cookie = await login(app, owner.email);
    expect((await getKeyInfo(app, owner.cookie)).json()).toMatchObject({
      status: 'expired',
      expiresAt: '2027-03-01T09:00:00.000Z',
    });
    expect((await callApi(app, apiKey)).statusCode).toBe(401);
  });
});

describe('Wix connect', () => {
  it('without WIX_APP_SECRET the server refuses with a clear 503 and links nothing', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const siteId = newSiteId();
    const response = await connect(app, owner.cookie, { instance: signedInstance(siteId) });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toEqual({
      code: 'WIX_NOT_CONFIGURED',
      message: WIX_NOT_CONFIGURED_MESSAGE,
    });
    expect(
      await app.database.db.select().from(wixSites).where(eq(wixSites.wixSiteId, siteId)),
    ).toEqual([]);
  });

  it('links the site the signed instance names, lists it, and is idempotent', async () => {
    const app = await createTestApp(withWix);
    const owner = await createSignedInUser(app);
    const siteId = newSiteId();
    const response = await connect(app, owner.cookie, {
      instance: signedInstance(siteId),
      wixSiteId: siteId.toUpperCase(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      alreadyLinked: false,
      site: { wixSiteId: siteId, siteName: null },
    });

    const again = await connect(app, owner.cookie, { instance: signedInstance(siteId) });
    expect(again.json()).toMatchObject({ alreadyLinked: true, site: { wixSiteId: siteId } });

    const list = await app.inject({
      method: 'GET',
      url: '/api/integrations/wix-sites',
      ...withSession(owner.cookie),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { wixSiteId: siteId, siteName: null, createdAt: expect.any(String) as string },
    ]);
  });

  it('a forged, unsigned, expired or mismatched instance links nothing', async () => {
    const app = await createTestApp(withWix);
    const owner = await createSignedInUser(app);
    const siteId = newSiteId();
    const data = Buffer.from(
      JSON.stringify({ instanceId: siteId, signDate: new Date().toISOString() }),
    ).toString('base64url');
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          instance: signWixInstance(
            { instanceId: siteId, signDate: new Date().toISOString() },
            'wrong-secret',
          ),
        },
        WIX_INSTANCE_INVALID_MESSAGE,
      ],
      [{ instance: data }, WIX_INSTANCE_INVALID_MESSAGE],
      [{ instance: `.${data}` }, WIX_INSTANCE_INVALID_MESSAGE],
      [{ instance: siteId, wixSiteId: siteId }, WIX_INSTANCE_INVALID_MESSAGE],
      [
        { instance: signedInstance(siteId, new Date(Date.now() - 2 * 60 * 60 * 1000)) },
        WIX_INSTANCE_EXPIRED_MESSAGE,
      ],
      [
        { instance: signedInstance(newSiteId()), wixSiteId: siteId },
        'This link names a different Wix site than the one it was signed for. Please open Vouchly again from your Wix dashboard.',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await connect(app, owner.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toEqual({ code: 'INVALID_WIX_INSTANCE', message });
    }
    expect((await connect(app, owner.cookie, {})).json().error.code).toBe('VALIDATION_ERROR');
    expect(
      await app.database.db.select().from(wixSites).where(eq(wixSites.userId, owner.user.id)),
    ).toEqual([]);
  });

  it('a site linked to another owner is refused with 409 and stays theirs', async () => {
    const app = await createTestApp(withWix);
    const first = await createSignedInUser(app);
    const second = await createSignedInUser(app);
    const siteId = newSiteId();
    expect(
      (await connect(app, first.cookie, { instance: signedInstance(siteId) })).statusCode,
    ).toBe(200);
    const taken = await connect(app, second.cookie, { instance: signedInstance(siteId) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({ code: 'WIX_SITE_TAKEN', message: WIX_SITE_TAKEN_MESSAGE });
    const [row] = await app.database.db
      .select()
      .from(wixSites)
      .where(eq(wixSites.wixSiteId, siteId));
    expect(row?.userId).toBe(first.user.id);
  });

  it('needs a session but not paid access; the site list does', async () => {
    const app = await createTestApp(withWix);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/wix/connect',
          payload: { instance: signedInstance(newSiteId()) },
        })
      ).statusCode,
    ).toBe(401);
    const unpaid = await createSignedInUser(app, { access: false });
    expect(
      (await connect(app, unpaid.cookie, { instance: signedInstance(newSiteId()) })).statusCode,
    ).toBe(200);
    const list = await app.inject({
      method: 'GET',
      url: '/api/integrations/wix-sites',
      ...withSession(unpaid.cookie),
    });
    expect(list.statusCode).toBe(403);
  });

  it('the owner can unlink a site; someone else cannot', async () => {
    const app = await createTestApp(withWix);
    const owner = await createSignedInUser(app);
    const other = await createSignedInUser(app);
    const siteId = newSiteId();
    await connect(app, owner.cookie, { instance: signedInstance(siteId) });
    const url = `/api/integrations/wix-sites/${siteId}`;
    expect(
      (await app.inject({ method: 'DELETE', url, ...withSession(other.cookie) })).statusCode,
    ).toBe(404);
    const removed = await app.inject({ method: 'DELETE', url, ...withSession(owner.cookie) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ deleted: 1 });
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/integrations/wix-sites',
          ...withSession(owner.cookie),
        })
      ).json(),
    ).toEqual([]);
    expect(
      (await app.inject({ method: 'DELETE', url, ...withSession(owner.cookie) })).statusCode,
    ).toBe(404);
  });

  it('the 11th attempt in a window gets 429, per account and per IP', async () => {
    const app = await createTestApp(withWix);
    const owner = await createSignedInUser(app);
    const { max } = wixConnectRateLimits.perUser;
    for (let attempt = 0; attempt < max; attempt++) {
      const response = await connect(
        app,
        owner.cookie,
        { instance: `forged.${attempt}` },
        `10.1.0.${attempt + 1}`,
      );
      expect(response.statusCode).toBe(400);
    }
    const limited = await connect(
      app,
      owner.cookie,
      { instance: signedInstance(newSiteId()) },
      '10.1.1.1',
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();

    const other = await createSignedInUser(app);
    for (let attempt = 0; attempt < wixConnectRateLimits.perIp.max; attempt++) {
      await connect(app, other.cookie, { instance: `forged.${attempt}` }, '10.2.0.1');
    }
    expect(
      (await connect(app, other.cookie, { instance: signedInstance(newSiteId()) }, '10.2.0.1'))
        .statusCode,
    ).toBe(429);
  });
});
