// A burst of submissions to one form (docs/security.md rule 26, docs/decisions/0022):
// a flood from a few addresses never shuts the form; past the threshold it
// asks for a browser check (a proof-of-work challenge, signed, for one form,
// used once, short-lived), with a clear error when one is missing or bad; the
// owner sees the burst and deletes its pending rows in one action.
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  submissionCheckCodes,
  submissionCheckMessages,
} from '../../../shared/schemas/submission.js';
import { submissionBurstListSchema } from '../../../shared/schemas/testimonials.js';
import { submissionBursts, testimonials } from '../../db/schema.js';
import {
  createSignedInUser,
  createTestimonial,
  createTestimonials,
  forgedProofs,
  freshAddress,
  solveBrowserCheck,
  submitToForm,
  withSession,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { BURST_RULES } from './bursts.js';
import { submissionRateLimits } from './routes.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Response = Awaited<ReturnType<App['inject']>>;

const valid = { authorName: 'Ann Baker', content: 'The sourdough is the best in town.', rating: 5 };

const submit = submitToForm;

function expectCheck(response: Response, code: 'required' | 'failed'): void {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toEqual({
    error: { code: submissionCheckCodes[code], message: submissionCheckMessages[code] },
  });
  expect(response.headers['retry-after']).toBeUndefined();
}

async function ownerApp() {
  const app = await createTestApp();
  const owner = await createSignedInUser(app);
  const business = owner.business!;
  return { app, owner, businessId: business.id, slug: business.collectionSlug };
}

/** Puts the form at its threshold: the next submission starts a burst. */
async function fillWindow(app: App, businessId: string): Promise<void> {
  await createTestimonials(app.database.db, businessId, BURST_RULES.threshold, (index) => ({
    authorName: `Flooder ${index}`,
    status: 'pending',
  }));
}

const rowsOf = (app: App, businessId: string) =>
  app.database.db.select().from(testimonials).where(eq(testimonials.businessId, businessId));

describe('a flood of submissions to one form', () => {
  // 100 submissions and a solved check: slow on a busy machine.
  it(
    'from 10 addresses leaves the form open: a new visitor passes the browser check and is stored',
    { timeout: 90_000 },
    async () => {
      const { app, businessId, slug } = await ownerApp();
      const statuses: Response[] = [];
      for (let address = 0; address < 10; address++) {
        for (let i = 0; i < submissionRateLimits.perIp.max; i++) {
          statuses.push(
            await submit(
              app,
              slug,
              { ...valid, authorName: `Spam ${address}-${i}` },
              `203.0.113.${address + 1}`,
            ),
          );
        }
      }

      // A new visitor is not refused with 429: the form asks for the check, and takes the testimonial with it.
      const visitor = freshAddress();
      const unchecked = await submit(app, slug, valid, visitor);
      expectCheck(unchecked, 'required');
      const proof = await solveBrowserCheck(app, slug, visitor);
      const checked = await submit(
        app,
        slug,
        { ...valid, authorName: 'Real Customer', proof },
        visitor,
      );
      expect(checked.statusCode, checked.body).toBe(201);

      // The flood: the threshold's worth stored, the rest refused with the clear error, none of it dropped in silence.
      expect(
        statuses.slice(0, BURST_RULES.threshold).map((response) => response.statusCode),
      ).toEqual(Array<number>(BURST_RULES.threshold).fill(201));
      for (const refused of statuses.slice(BURST_RULES.threshold)) expectCheck(refused, 'required');
      const rows = await rowsOf(app, businessId);
      expect(rows).toHaveLength(BURST_RULES.threshold + 1);
      // Every row of the burst carries it, those that started it included.
      const burstIds = new Set(rows.map((row) => row.burstId));
      expect(burstIds.size).toBe(1);
      expect([...burstIds][0]).toEqual(expect.any(String));
    },
  );

  it('leaves other forms alone, and ends after half an hour without submissions', async () => {
    const { app, businessId, slug } = await ownerApp();
    const other = await createSignedInUser(app, { businessName: 'Other Shop' });
    await fillWindow(app, businessId);
    expectCheck(await submit(app, slug, valid), 'required');
    expect((await submit(app, other.business!.collectionSlug, valid)).statusCode).toBe(201);

    // Half an hour later with no submission in between, the form is quiet again and counts afresh.
    const earlier = new Date(Date.now() - BURST_RULES.quietMs - 1000);
    await app.database.db.update(submissionBursts).set({ lastAt: earlier });
    await app.database.db
      .update(testimonials)
      .set({ submittedAt: earlier })
      .where(eq(testimonials.businessId, businessId));
    expect((await submit(app, slug, valid)).statusCode).toBe(201);
  });

  it('counts a slug padded with spaces, tabs or newlines as the same form (docs/security.md rule 22)', async () => {
    const { app, businessId, slug } = await ownerApp();
    await createTestimonials(app.database.db, businessId, BURST_RULES.threshold - 1);
    expect((await submit(app, `%20${slug}%09`, valid)).statusCode).toBe(201);
    expectCheck(await submit(app, `${slug}%0A`, valid), 'required');
  });
});

describe('the browser check', () => {
  it('answers a signed challenge for the form, never cached, limited per address', async () => {
    const app = await createTestApp();
    const address = freshAddress();
    const first = await app.inject({
      method: 'GET',
      url: '/api/submit/any-shop/challenge',
      remoteAddress: address,
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { challenge } = first.json();
    expect(challenge.parameters.data).toEqual({ form: 'any-shop' });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    for (let i = 1; i < submissionRateLimits.challengePerIp.max; i++) {
      await app.inject({
        method: 'GET',
        url: '/api/submit/any-shop/challenge',
        remoteAddress: address,
      });
    }
    const limited = await app.inject({
      method: 'GET',
      url: '/api/submit/any-shop/challenge',
      remoteAddress: address,
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('works once: the same proof sent again, even at the same moment, stores nothing more', async () => {
    const { app, businessId, slug } = await ownerApp();
    await fillWindow(app, businessId);
    const proof = await solveBrowserCheck(app, slug);
    expect((await submit(app, slug, { ...valid, proof })).statusCode).toBe(201);
    expectCheck(await submit(app, slug, { ...valid, proof }), 'failed');

    const twice = await solveBrowserCheck(app, slug);
    const both = await Promise.all([
      submit(app, slug, { ...valid, proof: twice }),
      submit(app, slug, { ...valid, proof: twice }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 403]);
    expect(await rowsOf(app, businessId)).toHaveLength(BURST_RULES.threshold + 2);
  });

  it('refuses a forged, tampered, expired or unsolved proof, or one for another form, and keeps it usable after invalid fields', async () => {
    const { app, businessId, slug } = await ownerApp();
    await fillWindow(app, businessId);
    const proof = await solveBrowserCheck(app, slug);
    const refused = await forgedProofs(app, slug, proof);
    for (const bad of refused)
      expectCheck(await submit(app, slug, { ...valid, proof: bad }), 'failed');
    expect(await rowsOf(app, businessId)).toHaveLength(BURST_RULES.threshold);

    // Invalid fields are told first, and the proof is not spent by them.
    const invalid = await submit(app, slug, { ...valid, content: 'short', proof });
    expect(invalid.json().error.code).toBe('VALIDATION_ERROR');
    expect((await submit(app, slug, { ...valid, proof })).statusCode).toBe(201);
  });
});

describe('the owner and a burst', () => {
  const bursts = async (app: App, cookie: string) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/testimonials/bursts',
      ...withSession(cookie),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    return submissionBurstListSchema.parse(response.json()).bursts;
  };
  const clear = (app: App, cookie: string, id: string) =>
    app.inject({
      method: 'DELETE',
      url: `/api/testimonials/bursts/${id}/pending`,
      payload: {},
      ...withSession(cookie),
    });

  it('sees the burst and deletes only its rows still pending: approved, rejected and edited ones stay, and so does everything else', async () => {
    const { app, owner, businessId, slug } = await ownerApp();
    const before = await createTestimonial(app.database.db, businessId, {
      authorName: 'Before the burst',
      submittedAt: new Date(Date.now() - BURST_RULES.windowMs - 60_000),
    });
    expect(await bursts(app, owner.cookie)).toEqual([]);
    await fillWindow(app, businessId);
    const proof = await solveBrowserCheck(app, slug);
    expect((await submit(app, slug, { ...valid, proof })).statusCode).toBe(201);

    const [burst] = await bursts(app, owner.cookie);
    expect(burst).toMatchObject({
      submissions: BURST_RULES.threshold + 1,
      pending: BURST_RULES.threshold + 1,
      goingOn: true,
    });
    const rows = await app.database.db
      .select()
      .from(testimonials)
      .where(eq(testimonials.burstId, burst!.id));
    const [approved, rejected, edited] = rows;
    const patch = (id: string, payload: Record<string, unknown>) =>
      app.inject({
        method: 'PATCH',
        url: `/api/testimonials/${id}`,
        payload,
        ...withSession(owner.cookie),
      });
    expect((await patch(approved!.id, { status: 'approved' })).statusCode).toBe(200);
    expect((await patch(rejected!.id, { status: 'rejected' })).statusCode).toBe(200);
    expect(
      (await patch(edited!.id, { content: 'The owner fixed a typo in this one.' })).statusCode,
    ).toBe(200);
    // The edited one left the burst; the approved and rejected ones are counted, not pending.
    expect((await bursts(app, owner.cookie))[0]).toMatchObject({
      submissions: BURST_RULES.threshold,
      pending: BURST_RULES.threshold - 2,
    });

    // Another business's rows, in a burst of its own, are nobody's business here.
    const other = await createSignedInUser(app, { businessName: 'Other Shop' });
    await fillWindow(app, other.business!.id);
    await submit(app, other.business!.collectionSlug, {
      ...valid,
      proof: await solveBrowserCheck(app, other.business!.collectionSlug),
    });
    const [otherBurst] = await bursts(app, other.cookie);
    expect((await clear(app, owner.cookie, otherBurst!.id)).statusCode).toBe(404);

    const cleared = await clear(app, owner.cookie, burst!.id);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toEqual({ deleted: BURST_RULES.threshold - 2 });
    const left = await rowsOf(app, businessId);
    expect(left.map((row) => row.id).sort()).toEqual(
      [before.id, approved!.id, rejected!.id, edited!.id].sort(),
    );
    expect(await bursts(app, owner.cookie)).toEqual([]);
    expect(await rowsOf(app, other.business!.id)).toHaveLength(BURST_RULES.threshold + 1);
    // The form still asks for the check: clearing the rows does not end the burst.
    expectCheck(await submit(app, slug, valid), 'required');
    expect(
      await app.database.db
        .select()
        .from(testimonials)
        .where(and(eq(testimonials.businessId, businessId), isNotNull(testimonials.burstId))),
    ).toHaveLength(2);
  });

  it('answers 404 for an unknown burst, 400 for a malformed id, 401 without a session', async () => {
    const { app, owner } = await ownerApp();
    expect(
      (await clear(app, owner.cookie, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const malformed = await clear(app, owner.cookie, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_ERROR');
    expect((await app.inject({ method: 'GET', url: '/api/testimonials/bursts' })).statusCode).toBe(
      401,
    );
  });
});
