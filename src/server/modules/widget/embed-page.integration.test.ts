// GET /embed/:slug looks like the script widget (issue 13): the same cards
// from the shared renderer (stars with an accessible label, text, photos,
// author) under the widget's own stylesheet, and one tiny script that posts
// the content's height to the parent page, the only script the page's CSP
// lets run (by its hash).
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
  await createTestimonial(app.database.db, id, {
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
  return app.inject({ method: 'GET', url: `/embed/${collectionSlug}` });
}

const scriptsOf = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({
    attributes: m[1] ?? '',
    body: m[2] ?? '',
  }));

describe('GET /embed/:slug, like the script widget', () => {
  it('shows the rating as stars with an accessible label, in the widget card structure', async () => {
    const app = await createTestApp();
    const html = (await embedOf(app)).body;
    expect(html).toContain(
      '<div class="st" role="img" aria-label="Rated 4 out of 5">★★★★<i>★</i></div>',
    );
    // "Rated 4 out of 5" is the label, never visible text.
    expect(html.replace(/aria-label="[^"]*"/g, '')).not.toContain('Rated');
    expect(html).toMatch(
      /<section class="w" aria-label="Testimonials"><div class="ls"><figure class="cd"><div class="st"[^>]*>.*?<\/div><div class="qa" tabindex="0" role="region" aria-label="Testimonial from Ada Lovelace"><div class="qw"><blockquote class="q">Four stars for the engine\.<\/blockquote><\/div><\/div><div class="md">(<a class="ph" href="http[^"]+\/objects\/uploads\/(one|two)\.png" target="_blank" rel="noopener" aria-label="View Product photo \d from Ada Lovelace"><img [^>]+><\/a>){2}<\/div><figcaption class="au"><span class="av" aria-hidden="true">AL<\/span><div><div class="nm">Ada Lovelace<\/div><span class="mt">London · <time datetime="[^"]+">May \d, 2025<\/time><\/span><\/div><\/figcaption><\/figure><\/div><\/section>/,
    );
  });

  it("is styled by the widget's own stylesheet and theme", async () => {
    const app = await createTestApp();
    const html = (
      await embedOf(app, { backgroundColor: '#111827', textColor: '#F9FAFB', fontFamily: 'lato' })
    ).body;
    expect(html).toContain(WIDGET_CSS);
    expect(html).toContain('--bg:#111827;');
    // On a dark background the accent is the text colour, as in the widget.
    expect(html).toContain('--ac:#F9FAFB;');
    expect(html).toContain('--ff:"Lato",system-ui');
    expect(html).toContain(
      '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Lato:wght@400;700&amp;display=swap">',
    );
  });

  it('runs one script, the height messenger, and its CSP allows exactly that script', async () => {
    const app = await createTestApp();
    const response = await embedOf(app, { fontFamily: '}</style><script>alert(1)</script>' });
    const html = response.body;
    const scripts = scriptsOf(html);
    expect(scripts).toEqual([{ attributes: '', body: EMBED_RESIZE_SCRIPT }]);
    expect(html).not.toContain('alert(1)');
    expect(EMBED_RESIZE_SCRIPT).toContain('parent.postMessage({vouchlyHeight:');

    const csp = String(response.headers['content-security-policy']);
    expect(csp).toBe(EMBED_CSP);
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    const hash = createHash('sha256').update(EMBED_RESIZE_SCRIPT).digest('base64');
    expect(directives.get('script-src')).toEqual([`'sha256-${hash}'`]);
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
    expect(html).toContain('<body><script>');
  });
});
