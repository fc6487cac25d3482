// Access codes (docs/product/billing.md#access-codes, docs/product/messages.md#billing "Invalid code"; docs/security.md rule 19):
// a code works once, sets isFreeAccount, and guesses are throttled per account and per IP.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessCodeRateLimits } from './routes.js';
import { addAccessCodes, INVALID_ACCESS_CODE_MESSAGE } from './service.js';
import {
  createSignedInUser,
  createUser,
  sessionCookieOf,
  withSession,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

const redeem = (app: FastifyInstance, cookie: string, code: unknown, ip = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/validate-access-code',
    payload: { code },
    remoteAddress: ip,
    ...withSession(cookie),
  });

const uniqueCode = () => `CODE-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;

describe('access codes', () => {
  it('a code grants access once: the user is answered with isFreeAccount, a second user is refused', async () => {
    const app = await createTestApp();
    const code = uniqueCode();
    expect(await addAccessCodes(app.database, [code])).toBe(1);
    const first = await createSignedInUser(app, { access: false });
    const second = await createSignedInUser(app, { access: false });

    // Typed with spaces and in lower case: the same code.
    const granted = await redeem(app, first.cookie, ` ${code.toLowerCase()} `);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({
      success: true,
      user: { id: first.user.id, isFreeAccount: true },
    });
    const status = await app.inject({
      method: 'GET',
      url: '/api/user/access-status',
      ...withSession(first.cookie),
    });
    expect(status.json()).toEqual({
      hasAccess: true,
      requiresRedirect: false,
      reason: 'access_code',
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/testimonials', ...withSession(first.cookie) }))
        .statusCode,
    ).toBe(200);

    const reused = await redeem(app, second.cookie, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({
      code: 'INVALID_ACCESS_CODE',
      message: INVALID_ACCESS_CODE_MESSAGE,
    });
    const secondStatus = await app.inject({
      method: 'GET',
      url: '/api/user/access-status',
      ...withSession(second.cookie),
    });
    expect(secondStatus.json().hasAccess).toBe(false);
  });

  it('a wrong code and an empty one are refused with their messages', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app, { access: false });
    const wrong = await redeem(app, owner.cookie, 'NOT-A-REAL-CODE');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(
      'The access code you entered is not valid. Please check and try again.',
    );
    const empty = await redeem(app, owner.cookie, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Access code is required');
    expect((await redeem(app, '', 'X')).statusCode).toBe(401);
  });

  it('the 11th guess in a window gets 429, per account and per IP', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app, { access: false });
    const { max } = accessCodeRateLimits.perUser;
    for (let guess = 0; guess < max; guess++) {
      // A new address each time: only the account's count can stop it.
      expect(
        (await redeem(app, owner.cookie, `GUESS-${guess}`, `10.0.0.${guess + 1}`)).statusCode,
      ).toBe(400);
    }
    const limited = await redeem(app, owner.cookie, 'GUESS-LAST', '10.0.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('the 11th guess from one address gets 429, whatever the account', async () => {
    const app = await createTestApp();
    const guessers = [];
    // Signed in one by one (login itself is limited per address, so each from its own).
    for (let index = 0; index <= accessCodeRateLimits.perIp.max; index++) {
      const { email, password } = await createUser(app, { access: false });
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password },
        remoteAddress: `10.1.0.${index + 1}`,
      });
      guessers.push(sessionCookieOf(response) ?? '');
    }
    const ip = '10.9.9.9';
    for (const [guess, cookie] of guessers.slice(0, -1).entries()) {
      expect((await redeem(app, cookie, `IP-GUESS-${guess}`, ip)).statusCode).toBe(400);
    }
    expect((await redeem(app, guessers.at(-1) ?? '', 'IP-GUESS-LAST', ip)).statusCode).toBe(429);
  });

  it('adding codes is idempotent (ACCESS_CODES at every start-up)', async () => {
    const app = await createTestApp();
    const codes = [uniqueCode(), uniqueCode()];
    expect(await addAccessCodes(app.database, codes)).toBe(2);
    expect(await addAccessCodes(app.database, [...codes, codes[0]?.toLowerCase() ?? ''])).toBe(0);
  });
});
