// docs/security.md rule 17: generated bodies for the JSON endpoints of the moderation
// API never produce a 5xx and never leave invalid data behind.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PRODUCT_PHOTOS } from '../../../shared/constants.js';
import { testimonialStatuses, TESTIMONIAL_LIMITS } from '../../../shared/schemas/testimonials.js';
import { testimonials, widgetSettings } from '../../db/schema.js';
import { createSignedInUser, createTestimonial, withSession } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

const RUNS = 150;

/** Characters that break things: NUL, lone surrogates, LIKE wildcards, formula starts, emoji. */
const nasty = fc.constantFrom(
  'a',
  'Z',
  ' ',
  '\t',
  '\n',
  '\u0000',
  '\ud800',
  '\udfff',
  '%',
  '_',
  '\\',
  '=',
  '@',
  '"',
  "'",
  'é',
  '😀',
  '\u202e',
);

/** Text of every kind, short and long, mostly non-empty so it passes "required". */
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: nasty, minLength: 1, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom('', '   ', '\u0000', 'x'.repeat(121), 'x'.repeat(5001)) },
);
const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.anything({ maxDepth: 2 }));
/** Mostly a plausible value, sometimes anything at all. */
const maybe = <T>(plausible: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 6, arbitrary: plausible },
    { weight: 1, arbitrary: text },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: fc.constant(null) },
  );

const patchBody = fc.oneof(
  { weight: 1, arbitrary: anyJson },
  {
    weight: 6,
    arbitrary: fc.record(
      {
        authorName: maybe(text),
        authorEmail: maybe(fc.oneof(fc.emailAddress(), fc.constant(''))),
        authorLocation: maybe(text),
        content: maybe(text),
        rating: maybe(
          fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: -3, max: 8 }), fc.double()),
        ),
        status: maybe(fc.constantFrom(...testimonialStatuses, 'hidden', 'APPROVED')),
        tags: maybe(fc.array(text, { maxLength: 22 })),
        approvedAt: maybe(fc.date({ noInvalidDate: true }).map((date) => date.toISOString())),
        authorImageUrl: maybe(
          fc.constantFrom(null, '/objects/uploads/x.jpg', 'https://evil.example/a.png'),
        ),
      },
      { requiredKeys: [] },
    ),
  },
);

async function setup(app: App) {
  const owner = await createSignedInUser(app);
  const businessId = owner.business?.id ?? '';
  const seed = () =>
    Promise.all([
      createTestimonial(app.database.db, businessId),
      createTestimonial(app.database.db, businessId, {
        productImageUrls: [
          '/objects/uploads/1.jpg',
          '/objects/uploads/2.jpg',
          '/objects/uploads/3.jpg',
          '/objects/uploads/4.jpg',
        ],
      }),
    ]);
  await seed();
  const ids = async () =>
    (
      await app.database.db
        .select({ id: testimonials.id })
        .from(testimonials)
        .where(eq(testimonials.businessId, businessId))
    ).map((row) => row.id);
  return { businessId, session: withSession(owner.cookie), seed, ids };
}

/** Every stored testimonial still satisfies the rules of the schema. */
async function expectValidData(app: App): Promise<void> {
  const rows = await app.database.db.select().from(testimonials);
  for (const row of rows) {
    expect(
      Number.isInteger(row.rating) && row.rating >= 0 && row.rating <= 5,
      `rating ${row.rating}`,
    ).toBe(true);
    expect(testimonialStatuses).toContain(row.status);
    expect(row.productImageUrls.length).toBeLessThanOrEqual(MAX_PRODUCT_PHOTOS);
    expect(row.authorName.trim()).not.toBe('');
    expect(row.authorName.length).toBeLessThanOrEqual(TESTIMONIAL_LIMITS.authorNameMax);
    expect(row.content.trim()).not.toBe('');
    expect(row.content.length).toBeLessThanOrEqual(TESTIMONIAL_LIMITS.contentMax);
    expect(row.tags.length).toBeLessThanOrEqual(TESTIMONIAL_LIMITS.tagsMax);
    for (const tag of row.tags) {
      expect(tag).toBe(tag.trim());
      expect(tag.length).toBeGreaterThan(0);
      expect(tag.length).toBeLessThanOrEqual(TESTIMONIAL_LIMITS.tagMax);
    }
    expect(new Set(row.tags.map((tag) => tag.toLowerCase())).size).toBe(row.tags.length);
    expect(row.approvedAt !== null).toBe(row.status === 'approved');
  }
}

/** Sends `body` as a JSON text, whatever it is (a bare number or string included). */
function sendJson(
  app: App,
  method: 'PATCH' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body: unknown,
  session: object,
) {
  const payload = JSON.stringify(body);
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
    ...session,
  });
}

function expectNo5xx(response: { statusCode: number; body: string }, body: unknown): void {
  expect(
    response.statusCode,
    `${JSON.stringify(body)?.slice(0, 300)} -> ${response.body.slice(0, 300)}`,
  ).toBeLessThan(500);
}

describe('fuzzing the moderation API', () => {
  it('PATCH /api/testimonials/:id', async () => {
    const app = await createTestApp();
    const { session, ids } = await setup(app);
    const [first, second] = await ids();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(first ?? '', second ?? ''), patchBody, async (id, body) => {
        const response = await sendJson(app, 'PATCH', `/api/testimonials/${id}`, body, session);
        expectNo5xx(response, body);
      }),
      { numRuns: RUNS * 2 },
    );
    await expectValidData(app);
  });

  it('POST /api/testimonials/bulk', async () => {
    const app = await createTestApp();
    const { session, ids, seed } = await setup(app);
    const idArbitrary = fc.oneof(fc.uuid(), text, anyJson);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          anyJson,
          fc.record(
            {
              action: maybe(fc.constantFrom('approve', 'reject', 'delete', 'hide')),
              ids: maybe(fc.array(idArbitrary, { maxLength: 8 })),
              useReal: fc.boolean(),
            },
            { requiredKeys: [] },
          ),
        ),
        async (generated) => {
          let body: unknown = generated;
          if (generated && typeof generated === 'object' && 'useReal' in generated) {
            const { useReal, ...rest } = generated as { useReal?: boolean; ids?: unknown };
            const real = await ids();
            if (real.length < 2) await seed();
            body =
              useReal && Array.isArray(rest.ids)
                ? { ...rest, ids: [...real, ...(rest.ids as unknown[])] }
                : rest;
          }
          const response = await sendJson(app, 'POST', '/api/testimonials/bulk', body, session);
          expectNo5xx(response, body);
        },
      ),
      { numRuns: RUNS },
    );
    await expectValidData(app);
  });

  it('the image calls and the widget toggle', async () => {
    const app = await createTestApp();
    const { session, ids } = await setup(app);
    const [first, second] = await ids();
    const routes = [
      ['PUT', 'author-image', { authorImageURL: maybe(text) }],
      [
        'PUT',
        'product-images',
        { productImageURLs: maybe(fc.array(maybe(text), { maxLength: 7 })) },
      ],
      [
        'DELETE',
        'product-images',
        { imageUrl: maybe(fc.constantFrom('/objects/uploads/1.jpg', '/objects/uploads/9.jpg')) },
      ],
      ['PUT', 'before-after-images', { beforeImageURL: maybe(text), afterImageURL: maybe(text) }],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...routes)
          .chain(([method, path, fields]) =>
            fc.tuple(
              fc.constant(method),
              fc.constant(path),
              fc.oneof(
                anyJson,
                fc.record(fields as Record<string, fc.Arbitrary<unknown>>, { requiredKeys: [] }),
              ),
            ),
          ),
        fc.constantFrom(first ?? '', second ?? ''),
        async ([method, path, body], id) => {
          const response = await sendJson(
            app,
            method,
            `/api/testimonials/${id}/${path}`,
            body,
            session,
          );
          expectNo5xx(response, body);
        },
      ),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          anyJson,
          fc.record({ showBusinessName: maybe(fc.boolean()) }, { requiredKeys: [] }),
        ),
        async (body) => {
          const response = await sendJson(app, 'PUT', '/api/widget-settings', body, session);
          expectNo5xx(response, body);
        },
      ),
      { numRuns: 50 },
    );
    await expectValidData(app);
    for (const row of await app.database.db.select().from(widgetSettings)) {
      expect(typeof row.showBusinessName).toBe('boolean');
    }
  });

  /** A query string holds text only; generated objects (even ones without a usable toString) become JSON. */
  const asQueryValue = (value: unknown): string => {
    if (typeof value === 'string') return value;
    try {
      return JSON.stringify(value) ?? 'undefined';
    } catch {
      return 'unserialisable';
    }
  };

  it('GET /api/testimonials with generated queries', async () => {
    const app = await createTestApp();
    const { session } = await setup(app);
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            status: maybe(fc.constantFrom(...testimonialStatuses, 'all', '')),
            q: text,
            page: maybe(fc.integer({ min: 1, max: 3 })),
            pageSize: maybe(fc.integer({ min: 1, max: 100 })),
          },
          { requiredKeys: [] },
        ),
        async (query) => {
          const search = new URLSearchParams(
            Object.entries(query).map(([key, value]) => [key, asQueryValue(value)]),
          );
          const response = await app.inject({
            method: 'GET',
            url: `/api/testimonials?${search.toString()}`,
            ...session,
          });
          expectNo5xx(response, query);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
