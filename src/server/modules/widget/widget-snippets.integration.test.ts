// GET and PUT /api/widget-snippets: the embed codes an owner copied from
// /widget and the box height each reserves, so /widget can say when a later
// settings change made the code on their site too small (issue 29, 8).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { copiedSnippets } from '../../db/schema.js';
import { createSignedInUser, withSession } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

describe('/api/widget-snippets', () => {
  it('knows no copy at first, then the last copy of each code', async () => {
    const app = await createTestApp();
    const { cookie, business } = await createSignedInUser(app);
    const read = () =>
      app.inject({ method: 'GET', url: '/api/widget-snippets', ...withSession(cookie) });
    const copy = (kind: string, height: number) =>
      app.inject({
        method: 'PUT',
        url: '/api/widget-snippets',
        payload: { kind, height },
        ...withSession(cookie),
      });

    const none = await read();
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ script: null, iframe: null });

    const first = await copy('script', 410);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      script: { height: 410, copiedAt: expect.any(String) },
      iframe: null,
    });
    const copiedAt = Date.parse(first.json().script.copiedAt);
    expect(Math.abs(Date.now() - copiedAt)).toBeLessThan(60_000);

    await copy('iframe', 410);
    const again = await copy('script', 562);
    expect(again.json()).toMatchObject({ script: { height: 562 }, iframe: { height: 410 } });
    expect((await read()).json()).toEqual(again.json());
    const rows = await app.database.db
      .select()
      .from(copiedSnippets)
      .where(eq(copiedSnippets.businessId, business?.id ?? ''));
    expect(rows.map((row) => [row.kind, row.height]).sort()).toEqual([
      ['iframe', 410],
      ['script', 562],
    ]);
  });

  it('refuses a kind or height that is not one, with a clear message, and changes nothing', async () => {
    const app = await createTestApp();
    const { cookie } = await createSignedInUser(app);
    const cases: [unknown, string][] = [
      [{ kind: 'img', height: 410 }, 'Kind must be script or iframe'],
      [{ height: 410 }, 'Kind must be script or iframe'],
      [{ kind: 'script' }, 'Height must be a number of pixels'],
      [{ kind: 'script', height: '410' }, 'Height must be a number of pixels'],
      [{ kind: 'script', height: 410.5 }, 'Height must be a whole number of pixels'],
      [{ kind: 'script', height: 0 }, 'Height must be at least 1 pixel'],
      [{ kind: 'script', height: 99_999 }, 'Height must be at most 5000 pixels'],
    ];
    for (const [payload, message] of cases) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/widget-snippets',
        payload: payload as object,
        ...withSession(cookie),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatchObject({ code: expect.any(String), message });
    }
    expect(await app.database.db.select().from(copiedSnippets)).toEqual([]);
  });

  it("is the owner's own: another business never sees it, and a visitor gets 401", async () => {
    const app = await createTestApp();
    const a = await createSignedInUser(app, { businessName: 'A Shop' });
    const b = await createSignedInUser(app, { businessName: 'B Shop' });
    await app.inject({
      method: 'PUT',
      url: '/api/widget-snippets',
      payload: { kind: 'script', height: 410 },
      ...withSession(a.cookie),
    });
    const theirs = await app.inject({
      method: 'GET',
      url: '/api/widget-snippets',
      ...withSession(b.cookie),
    });
    expect(theirs.json()).toEqual({ script: null, iframe: null });
    for (const method of ['GET', 'PUT'] as const) {
      const anonymous = await app.inject({
        method,
        url: '/api/widget-snippets',
        payload: method === 'PUT' ? { kind: 'script', height: 1 } : undefined,
      });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});
