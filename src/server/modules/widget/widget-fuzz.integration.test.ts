// docs/security.md rule 17 for the widget: generated settings forms never produce a 5xx
// nor store settings the contract refuses, and whatever was saved, the public
// reads answer a valid widget. Generated slugs never produce a 5xx either.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FONT_OPTIONS,
  publicWidgetSchema,
  WIDGET_FONT_SIZES,
  WIDGET_HEADER_ALIGNMENTS,
  WIDGET_SETTINGS_DEFAULTS,
  widgetSettingsSchema,
} from '../../../shared/schemas/widget.js';
import { widgetSettings } from '../../db/schema.js';
import { createSignedInUser, createTestimonial, withSession } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { EMBED_RESIZE_SCRIPT, embedCountingTag } from './embed-page.js';

const nasty = fc.constantFrom(
  'a',
  'Z',
  ' ',
  '\n',
  '\u0000',
  '\ud800',
  '<',
  '>',
  '"',
  "'",
  '}',
  ';',
  '/',
  'é',
  '😀',
  '\u202e',
);
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: nasty, minLength: 1, maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '   ',
      'x'.repeat(101),
      'x'.repeat(121),
      '</style><script>alert(1)</script>',
    ),
  },
);
const maybe = <T>(plausible: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 8, arbitrary: plausible },
    { weight: 1, arbitrary: text },
    { weight: 1, arbitrary: fc.oneof(fc.constant(null), fc.jsonValue({ maxDepth: 1 })) },
  );
const colour = fc.oneof(
  fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`),
  fc.constantFrom('#FFF', 'red', ' #123456 ', '#12345G'),
);
const flag = maybe(fc.boolean());

const settingsForm = fc.record(
  {
    layout: maybe(fc.constant('carousel')),
    backgroundColor: maybe(colour),
    innerContainerColor: maybe(colour),
    textColor: maybe(colour),
    fontFamily: maybe(fc.oneof(fc.constantFrom(...FONT_OPTIONS), text)),
    fontSize: maybe(fc.constantFrom(...WIDGET_FONT_SIZES, 'md', 'xl')),
    showRatings: flag,
    showDates: flag,
    showLocation: flag,
    showBranding: flag,
    autoRotate: flag,
    showPersonalPhotos: flag,
    showBeforeAfterPhotos: flag,
    showProductImages: flag,
    showBusinessName: flag,
    showInvite: flag,
    showSources: flag,
    headerText: maybe(text),
    headerAlignment: maybe(fc.constantFrom(...WIDGET_HEADER_ALIGNMENTS, 'middle')),
  },
  { requiredKeys: [] },
);

describe('fuzzing the widget', () => {
  it('POST /api/widget-settings, then the public reads', async () => {
    const app = await createTestApp({ rateLimitScale: 100 });
    const { cookie, business } = await createSignedInUser(app);
    const slug = business?.collectionSlug ?? '';
    await createTestimonial(app.database.db, business?.id ?? '', {
      status: 'approved',
      approvedAt: new Date(),
      authorLocation: 'Somewhere <b>',
      content: 'Content with </style> and <script>alert(1)</script> inside.',
      source: 'trustpilot',
      sourceUrl: 'https://www.trustpilot.com/reviews/"><script>alert(1)</script>',
    });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
          { weight: 6, arbitrary: settingsForm },
        ),
        async (body) => {
          const payload = JSON.stringify(body);
          const response = await app.inject({
            method: 'POST',
            url: '/api/widget-settings',
            ...(payload === undefined ? {} : { payload }),
            ...withSession(cookie),
          });
          expect(
            response.statusCode,
            `${payload?.slice(0, 200)} -> ${response.body.slice(0, 200)}`,
          ).toBeLessThan(500);
          const read = await app.inject({ method: 'GET', url: `/api/widget/${slug}` });
          expect(read.statusCode).toBe(200);
          expect(publicWidgetSchema.safeParse(read.json()).success).toBe(true);
          const page = await app.inject({ method: 'GET', url: `/embed/${slug}` });
          expect(page.statusCode).toBe(200);
          // Nothing but the page's own height messenger and counting script is a script.
          const rest = [`<script>${EMBED_RESIZE_SCRIPT}</script>`, embedCountingTag(slug)].reduce(
            (html, script) => {
              const [before = '', after = '', ...more] = html.split(script);
              expect(more).toEqual([]);
              return before + after;
            },
            page.body,
          );
          expect(rest).not.toMatch(/<script|<\/style>[^<]/i);
        },
      ),
      { numRuns: 120 },
    );
    for (const row of await app.database.db.select().from(widgetSettings)) {
      const stored = widgetSettingsSchema.safeParse({ ...WIDGET_SETTINGS_DEFAULTS, ...row });
      expect(stored.success, JSON.stringify(row)).toBe(true);
    }
  });

  it('GET /api/widget/:slug and /embed/:slug with generated slugs', async () => {
    const app = await createTestApp({ rateLimitScale: 100 });
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 120 }),
        fc.boolean(),
        async (slug, asPage) => {
          const url = `${asPage ? '/embed/' : '/api/widget/'}${encodeURIComponent(slug)}`;
          const response = await app.inject({ method: 'GET', url });
          expect(response.statusCode, `${url} -> ${response.body.slice(0, 200)}`).toBeLessThan(500);
          expect(response.headers['set-cookie']).toBeUndefined();
        },
      ),
      { numRuns: 150 },
    );
  });
});
