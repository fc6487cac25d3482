// GET /embed/:slug looks like the script widget (issue 13): the same cards
// from the shared renderer (stars with an accessible label, text, photos,
// author) under the widget's own stylesheet, and one tiny script that posts
// the content's height to the parent page (allowed by its hash). It counts
// like the script widget too (issue 34): the cards carry their testimonial's
// id, and the page loads /embed-count.js from its own origin with `defer`,
// which its CSP allows ('self'), with the beacon to its own origin.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { WIDGET_SETTINGS_DEFAULTS } from '../../../shared/schemas/widget.js';
import { WIDGET_CSS } from '../../../shared/widget-styles.js';
import type { BusinessRow } from '../../db/schema.js';
import { createSignedInUser, createTestimonial, withSession } from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';
import { EMBED_CSP, EMBED_RESIZE_SCRIPT } from './embed-page.js';

async function embedOf(app: FastifyInstance, settings: Record<string, unknown> = {}) {
  const { business, cookie } = await createSignedInUser(app);
  const { id, collectionSlug } = business as BusinessRow;
  const testimonial = await createTestimonial(app.database.db, id, {
    status: 'approved',
    approvedAt: new Date('2025-05-05T10:00:00Z'),
    submittedAt: new Date('2025-05-01T10:00:00Z'),
    authorName: 'Ada Lovelace',
    authorLocation: 'London',
    content: 'Four stars for the engine.',
    rating: 4,
    productImageUrls: ['/objects/uploads/one.png', '/objects/uploads/two.png'],
  });
  const saved = await app.inject({
    method: 'POST',
    url: '/api/widget-settings',
    payload: { ...WIDGET_SETTINGS_DEFAULTS, ...settings },
    ...withSession(cookie),
  });
  expect(saved.statusCode).toBe(200);
  const response = await app.inject({ method: 'GET', url: `/embed/${collectionSlug}` });
  return { response, html: response.body, slug: collectionSlug, testimonialId: testimonial.id };
}

const scriptsOf = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({
    attributes: m[1] ?? '',
    body: m[2] ?? '',
  }));

describe('GET /embed/:slug, like the script widget', () => {
  it('shows the rating as stars with an accessible label, in the widget card structure', async () => {
    const app = await createTestApp();
    const { html, testimonialId } = await embedOf(app);
    expect(html).toContain(
      '<div class="st" role="img" aria-label="Rated 4 out of 5">★★★★<i>★</i></div>',
    );
    // "Rated 4 out of 5" is the label, never visible text.
    expect(html.replace(/aria-label="[^"]*"/g, '')).not.toContain('Rated');
    expect(html).toMatch(
      /<section class="w" aria-label="Testimonials"><div class="ls"><figure class="cd" data-id="[0-9a-f-]{36}"><div class="st"[^>]*>.*?<\/div><div class="qa" tabindex="0" role="region" aria-label="Testimonial from Ada Lovelace"><div class="qw"><blockquote class="q">Four stars for the engine\.<\/blockquote><\/div><\/div><div class="md">(<a class="ph" href="http[^"]+\/objects\/uploads\/(one|two)\.png" target="_blank" rel="noopener" aria-label="View Product photo \d from Ada Lovelace"><img [^>]+><\/a>){2}<\/div><figcaption class="au"><span class="av" aria-hidden="true">AL<\/span><div><div class="nm">Ada Lovelace<\/div><span class="mt">London · <time datetime="[^"]+">May \d, 2025<\/time><\/span><\/div><\/figcaption><\/figure><\/div><\/section>/,
    );
    // The testimonial's id, which the card's impressions and clicks count for (src/widget/embed-count.ts).
    expect(html).toContain(`<figure class="cd" data-id="${testimonialId}">`);
  });

  it("is styled by the widget's own stylesheet and theme", async () => {
    const app = await createTestApp();
    const { html } = await embedOf(app, {
      backgroundColor: '#111827',
      textColor: '#F9FAFB',
      fontFamily: 'lato',
    });
    expect(html).toContain(WIDGET_CSS);
    expect(html).toContain('--bg:#111827;');
    // On a dark background the accent is the text colour, as in the widget.
    expect(html).toContain('--ac:#F9FAFB;');
    expect(html).toContain('--ff:"Lato",system-ui');
    expect(html).toContain(
      '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Lato:wght@400;700&amp;display=swap">',
    );
  });

  it("runs two scripts, the inline height messenger and its own origin's counting script, and its CSP allows exactly those and the beacon", async () => {
    const app = await createTestApp();
    const { response, html, slug } = await embedOf(app, {
      fontFamily: '}</style><script>alert(1)</script>',
    });
    const scripts = scriptsOf(html);
    expect(scripts).toEqual([
      { attributes: ` defer src="/embed-count.js" data-slug="${slug}"`, body: '' },
      { attributes: '', body: EMBED_RESIZE_SCRIPT },
    ]);
    expect(html).not.toContain('alert(1)');
    expect(EMBED_RESIZE_SCRIPT).toContain('parent.postMessage({vouchlyHeight:');
    // The counting script is there, from this origin, as JavaScript.
    const counting = await app.inject({ method: 'GET', url: '/embed-count.js' });
    expect(counting.statusCode).toBe(200);
    expect(counting.headers['content-type']).toContain('javascript');
    expect(counting.headers['cache-control']).toBe(
      'public, max-age=300, stale-while-revalidate=86400',
    );

    const csp = String(response.headers['content-security-policy']);
    expect(csp).toBe(EMBED_CSP);
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    const hash = createHash('sha256').update(EMBED_RESIZE_SCRIPT).digest('base64');
    // Our own origin's scripts (the counting script) and the inline one by its hash; nothing else runs.
    expect(directives.get('script-src')).toEqual(["'self'", `'sha256-${hash}'`]);
    // The beacon goes to POST /api/analytics/events of this origin, and nowhere else.
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(csp).not.toMatch(
      /unsafe-eval|'unsafe-inline'[^;]*script|script-src-elem|script-src-attr|strict-dynamic|nonce-/,
    );
    expect(directives.get('frame-ancestors')).toEqual(['*']);
  });
});

describe('GET /embed/:slug with nothing approved (issue 29, 9)', () => {
  /** A business whose only testimonials are pending or hidden, with these settings saved. */
  async function emptyEmbed(app: FastifyInstance, settings: Record<string, unknown> = {}) {
    const { business, cookie } = await createSignedInUser(app, { businessName: 'Harbour Coffee' });
    const { id, collectionSlug } = business as BusinessRow;
    await createTestimonial(app.database.db, id, { status: 'pending', content: 'Not yet.' });
    await createTestimonial(app.database.db, id, { status: 'rejected', content: 'Hidden.' });
    const saved = await app.inject({
      method: 'POST',
      url: '/api/widget-settings',
      payload: { ...WIDGET_SETTINGS_DEFAULTS, ...settings },
      ...withSession(cookie),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await app.inject({ method: 'GET', url: `/embed/${collectionSlug}` });
    expect(response.statusCode).toBe(200);
    return { html: response.body, collectionSlug };
  }

  it('shows the card inviting the first testimonial, linking to the collection page in a new tab', async () => {
    const app = await createTestApp();
    const { html, collectionSlug } = await emptyEmbed(app);
    expect(html).toContain(
      `<section class="w" aria-label="Testimonials"><div class="cd iv"><div class="st" aria-hidden="true"><i>★★★★★</i></div><p class="ht">Be the first to leave a testimonial</p><p class="q">Share your experience with Harbour Coffee.</p><a class="ia" href="http://localhost:3000/submit/${collectionSlug}" target="_blank" rel="noopener" aria-label="Write a testimonial (opens in a new tab)">Write a testimonial ↗</a></div></section>`,
    );
    expect(html).not.toContain('Not yet.');
    expect(html).not.toContain('Hidden.');
  });

  it('is a blank page of the same height when the owner turned the invitation off', async () => {
    const app = await createTestApp();
    const { html } = await emptyEmbed(app, { showInvite: false });
    expect(html).not.toContain('<section');
    expect(html).not.toContain('Write a testimonial');
    // Nothing to count either: the counting script is left out.
    expect(html).not.toContain('/embed-count.js');
    expect(html).toContain('<body><script>');
  });
});
