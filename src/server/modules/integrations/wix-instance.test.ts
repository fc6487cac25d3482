import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWixInstance, verifyWixInstance, WIX_INSTANCE_MAX_AGE_MS } from './wix-instance.js';

const SECRET = 'wix-app-secret';
const now = new Date('2026-11-24T12:00:00Z');
const SITE = '6f1c3a52-92b1-4a2e-9d1e-3c0b4f7a8e21';
const dataOf = (overrides: Record<string, unknown> = {}) => ({
  instanceId: SITE,
  signDate: '2026-11-24T11:55:00.000Z',
  uid: 'b2c6d1a0-0000-4000-8000-000000000001',
  permissions: 'OWNER',
  ...overrides,
});

describe('the Wix instance parameter', () => {
  it('is accepted when signed with the app secret as Wix signs it (base64url HMAC-SHA256 of the data part, no padding)', () => {
    const data = Buffer.from(JSON.stringify(dataOf())).toString('base64url');
    const signature = createHmac('sha256', SECRET).update(data).digest('base64url');
    expect(signature).not.toContain('=');
    const instance = `${signature}.${data}`;
    expect(signWixInstance(dataOf(), SECRET)).toBe(instance);
    expect(verifyWixInstance(instance, SECRET, now)).toEqual({
      ok: true,
      instance: { siteId: SITE, signedAt: new Date('2026-11-24T11:55:00.000Z') },
    });
  });

  it('names the site in lower case, as routes compare site ids', () => {
    const check = verifyWixInstance(
      signWixInstance(dataOf({ instanceId: SITE.toUpperCase() }), SECRET),
      SECRET,
      now,
    );
    expect(check).toMatchObject({ ok: true, instance: { siteId: SITE } });
  });

  it('is refused when forged: another secret, changed data, or a signature moved to other data', () => {
    expect(verifyWixInstance(signWixInstance(dataOf(), 'another-secret'), SECRET, now)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    const [signature] = signWixInstance(dataOf(), SECRET).split('.');
    const otherData = Buffer.from(
      JSON.stringify(dataOf({ instanceId: 'someone-elses-site' })),
    ).toString('base64url');
    expect(verifyWixInstance(`${signature}.${otherData}`, SECRET, now)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    expect(verifyWixInstance(`${'A'.repeat(43)}.${otherData}`, SECRET, now)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('is refused unsigned or malformed', () => {
    const data = Buffer.from(JSON.stringify(dataOf())).toString('base64url');
    for (const instance of [data, `.${data}`, `${data}.`, SITE, 'a.b.c', 'sig!.data', '']) {
      expect(verifyWixInstance(instance, SECRET, now).ok, instance).toBe(false);
    }
    // Signed, but not the JSON Wix sends.
    expect(
      verifyWixInstance(signWixInstance({ signDate: dataOf().signDate }, SECRET), SECRET, now),
    ).toEqual({
      ok: false,
      reason: 'malformed',
    });
    const notJson = Buffer.from('not json').toString('base64url');
    const signed = `${createHmac('sha256', SECRET).update(notJson).digest('base64url')}.${notJson}`;
    expect(verifyWixInstance(signed, SECRET, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('is refused when older than an hour or dated in the future', () => {
    const at = (ms: number) =>
      signWixInstance(dataOf({ signDate: new Date(now.getTime() + ms).toISOString() }), SECRET);
    expect(verifyWixInstance(at(-WIX_INSTANCE_MAX_AGE_MS), SECRET, now).ok).toBe(true);
    expect(verifyWixInstance(at(-WIX_INSTANCE_MAX_AGE_MS - 1000), SECRET, now)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verifyWixInstance(at(60 * 1000), SECRET, now).ok).toBe(true);
    expect(verifyWixInstance(at(60 * 60 * 1000), SECRET, now)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
});
