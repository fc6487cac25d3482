import { describe, expect, it } from 'vitest';
import {
  SAMPLE_TESTIMONIALS,
  WIDGET_SETTINGS_DEFAULTS,
  type PublicWidget,
} from './schemas/widget.js';
import { escapeHtml, renderStaticHtml } from './widget-static-html.js';

const XSS = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)>",
  '</blockquote><a href="javascript:alert(1)">x</a>',
  '&lt;script&gt;',
];

function data(
  overrides: Partial<PublicWidget['settings']> = {},
  testimonials = [...SAMPLE_TESTIMONIALS],
): PublicWidget {
  return {
    business: { name: 'Acme', logoUrl: null, collectionSlug: 'acme' },
    settings: { ...WIDGET_SETTINGS_DEFAULTS, ...overrides },
    testimonials,
  };
}

const options = { productName: 'Vouchly', baseUrl: 'https://vouchly.test' };

/** Every tag name in an HTML string. */
const tags = (html: string) =>
  [...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((match) => match[1]?.toLowerCase());

describe('renderStaticHtml', () => {
  it('renders the first 3 testimonials by default with text, name, location, date and rating', () => {
    const html = renderStaticHtml(data(), options);
    expect(html.match(/<figure /g)).toHaveLength(3);
    expect(html).toContain('Maria Gonzalez');
    expect(html).toContain('Austin, TX');
    expect(html).toContain('Jun 12, 2025');
    expect(html).not.toContain('Tom Becker');
    expect(renderStaticHtml(data(), { ...options, limit: 1 }).match(/<figure /g)).toHaveLength(1);
  });

  it('shows the rating as stars with an accessible label, not as text', () => {
    const four = { ...(SAMPLE_TESTIMONIALS[0] as PublicWidget['testimonials'][number]), rating: 4 };
    const html = renderStaticHtml(data({}, [four]), options);
    expect(html).toContain(
      '<div class="st" role="img" aria-label="Rated 4 out of 5">★★★★<i>★</i></div>',
    );
    // The label is an attribute only: no "Rated" outside it.
    expect(html.replace(/aria-label="[^"]*"/g, '')).not.toContain('Rated');
  });

  it('writes the same card markup as the widget script: card, text, photos, author', () => {
    const sample = SAMPLE_TESTIMONIALS[0] as PublicWidget['testimonials'][number];
    const html = renderStaticHtml(
      data({}, [
        {
          ...sample,
          rating: 5,
          content: 'Great bread.',
          authorName: 'Ada Lovelace',
          authorLocation: 'London',
          authorBusinessName: null,
          authorImageUrl: '/objects/ada.png',
          beforeImageUrl: '/objects/b.png',
          afterImageUrl: null,
          productImageUrls: ['/objects/p1.png', 'javascript:alert(1)'],
          date: '2025-03-03T12:00:00.000Z',
        },
      ]),
      options,
    );
    expect(html).toBe(
      `<section class="w" aria-label="Testimonials"><div class="ls"><figure class="cd" data-id="${sample.id}">` +
        '<div class="st" role="img" aria-label="Rated 5 out of 5">★★★★★</div>' +
        '<div class="qa" tabindex="0" role="region" aria-label="Testimonial from Ada Lovelace">' +
        '<div class="qw"><blockquote class="q">Great bread.</blockquote></div></div>' +
        '<div class="md">' +
        '<a class="ph ba" href="https://vouchly.test/objects/b.png" target="_blank" rel="noopener" aria-label="View Before photo from Ada Lovelace">' +
        '<img src="https://vouchly.test/objects/b.png" alt="" width="60" height="44" loading="lazy" decoding="async"><span aria-hidden="true">Before</span></a>' +
        '<a class="ph" href="https://vouchly.test/objects/p1.png" target="_blank" rel="noopener" aria-label="View Product photo 1 from Ada Lovelace">' +
        '<img src="https://vouchly.test/objects/p1.png" alt="" width="44" height="44" loading="lazy" decoding="async"></a>' +
        '</div>' +
        '<figcaption class="au"><img class="av" src="https://vouchly.test/objects/ada.png" alt="" width="44" height="44" loading="lazy" decoding="async">' +
        '<div><div class="nm">Ada Lovelace</div><span class="mt">London · <time datetime="2025-03-03T12:00:00.000Z">Mar 3, 2025</time></span></div>' +
        '</figcaption></figure></div></section>',
    );
  });

  it('lists every photo (no "+N" as in a slide) and shows initials without an author photo', () => {
    const sample = SAMPLE_TESTIMONIALS[0] as PublicWidget['testimonials'][number];
    const html = renderStaticHtml(
      data({}, [
        {
          ...sample,
          authorName: 'grace brewster hopper',
          authorImageUrl: null,
          productImageUrls: ['/1.png', '/2.png', '/3.png', '/4.png', '/5.png'],
        },
      ]),
      options,
    );
    expect(html.match(/<a class="ph"/g)).toHaveLength(5);
    expect(html).not.toContain('more photos');
    expect(html).toContain('<span class="av" aria-hidden="true">GB</span>');
  });

  it('honours the show flags and branding', () => {
    const off = renderStaticHtml(
      data({ showRatings: false, showDates: false, showLocation: false }),
      options,
    );
    expect(off).not.toContain('Rated');
    expect(off).not.toContain('★');
    expect(off).not.toContain('2025');
    expect(off).not.toContain('Austin');
    expect(off).not.toContain('Powered by');
    const on = renderStaticHtml(
      data({
        showBranding: true,
        showBusinessName: true,
        headerText: 'Hi',
        headerAlignment: 'right',
      }),
      {
        ...options,
        homeUrl: 'https://vouchly.app',
      },
    );
    expect(on).toContain(
      '<a class="br" href="https://vouchly.app/" target="_blank" rel="noopener">Powered by Vouchly</a>',
    );
    expect(on).toContain(
      '<div class="hd right"><p class="bn">Acme</p><h2 class="ht">Hi</h2></div>',
    );
  });

  it.each(XSS)('escapes %s everywhere so it creates no element', (payload) => {
    const sample = SAMPLE_TESTIMONIALS[0] as PublicWidget['testimonials'][number];
    const hostile = data({ headerText: payload, showBusinessName: true }, [
      {
        ...sample,
        authorName: payload,
        content: payload,
        authorLocation: payload,
        authorBusinessName: payload,
      },
    ]);
    hostile.business.name = payload;
    const html = renderStaticHtml(hostile, options);
    expect(tags(html)).toEqual(
      tags(renderStaticHtml(data({ headerText: 'x', showBusinessName: true }, [sample]), options)),
    );
    expect(html).toContain(escapeHtml(payload));
    if (payload.includes('<')) expect(html).not.toContain(payload);
  });

  describe('the source mark (docs/product/widget.md#source-mark)', () => {
    const sample = SAMPLE_TESTIMONIALS[0] as PublicWidget['testimonials'][number];
    const from = (source: PublicWidget['testimonials'][number]['source']) => ({
      ...sample,
      source,
    });

    it('links "via {platform}" to the original in a new tab, not followed, first under the author name', () => {
      const html = renderStaticHtml(
        data({ showSources: true }, [
          from({ name: 'Trustpilot', url: 'https://www.trustpilot.com/reviews/1' }),
        ]),
        options,
      );
      expect(html).toContain(
        '<div class="nm">Maria Gonzalez</div><span class="mt">' +
          '<a class="vi" href="https://www.trustpilot.com/reviews/1" target="_blank" rel="nofollow noopener" ' +
          'aria-label="via Trustpilot (opens in a new tab)">via Trustpilot</a> · Austin, TX · <time ',
      );
    });

    it('is plain text without an address, and never a link to a non-http one', () => {
      const plain = renderStaticHtml(
        data({ showSources: true }, [from({ name: 'Google', url: null })]),
        options,
      );
      expect(plain).toContain('<span class="mt"><span class="vi">via Google</span> · Austin, TX');
      // Alone on the line when the card shows no place and no date.
      const alone = renderStaticHtml(
        data({ showSources: true, showLocation: false, showDates: false }, [
          from({ name: 'Google', url: null }),
        ]),
        options,
      );
      expect(alone).toContain('<span class="mt"><span class="vi">via Google</span></span>');
      const hostile = renderStaticHtml(
        data({ showSources: true }, [from({ name: 'Google', url: 'javascript:alert(1)' })]),
        options,
      );
      expect(hostile).not.toContain('javascript:');
      expect(hostile).toContain('<span class="vi">via Google</span>');
    });

    it('is absent while the setting is off, and on a testimonial without a source', () => {
      const google = from({ name: 'Google', url: 'https://g.page/r/1' });
      expect(renderStaticHtml(data({}, [google]), options)).not.toContain('via Google');
      expect(renderStaticHtml(data({ showSources: true }, [sample]), options)).not.toContain(
        'class="vi"',
      );
    });

    it.each(XSS)('escapes the name %s', (payload) => {
      const html = renderStaticHtml(
        data({ showSources: true }, [from({ name: payload, url: 'https://x.test/"><b>' })]),
        options,
      );
      expect(tags(html).filter((tag) => tag === 'a' || tag === 'b')).toEqual(['a', 'a']);
      expect(html).toContain(escapeHtml(`via ${payload}`));
    });

    it('never marks a testimonial up as a review of the business (no schema.org markup)', () => {
      const html = renderStaticHtml(
        data({ showSources: true }, [from({ name: 'Google', url: 'https://g.page/r/1' }), sample]),
        options,
      );
      expect(html).not.toMatch(/schema\.org|itemprop|itemscope|itemtype|ld\+json|typeof=/i);
    });
  });

  it('never links to a non-http URL', () => {
    const html = renderStaticHtml(data({ showBranding: true }), {
      productName: 'V',
      homeUrl: 'javascript:alert(1)',
    });
    expect(html).not.toContain('javascript:');
    expect(html).toContain('Powered by V');
  });

  it('escapes quotes for attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('with nothing approved (issue 29, 9)', () => {
  const empty = (settings: Partial<PublicWidget['settings']> = {}, name = 'Acme & Sons') => ({
    ...data(settings, []),
    business: { name, logoUrl: null, collectionSlug: 'acme sons' },
  });

  it('invites visitors to leave the first testimonial at the collection link, in a new tab', () => {
    const html = renderStaticHtml(empty(), options);
    expect(html).toContain('<div class="cd iv">');
    expect(html).toContain('Be the first to leave a testimonial');
    expect(html).toContain('Share your experience with Acme &amp; Sons.');
    const link = html.match(/<a [^>]*class="ia"[^>]*>([^<]*)<\/a>/);
    expect(link?.[0]).toContain('href="https://vouchly.test/submit/acme%20sons"');
    expect(link?.[0]).toContain('target="_blank"');
    expect(link?.[0]).toContain('rel="noopener"');
    expect(link?.[0]).toContain('aria-label="Write a testimonial (opens in a new tab)"');
    expect(link?.[1]).toBe('Write a testimonial \u2197');
    // The stars are decoration, not a rating.
    expect(html).toMatch(/<div class="st" aria-hidden="true"><i>★★★★★<\/i><\/div>/);
    expect(html).not.toContain('<figure');
    expect(html).not.toContain('class="ls"');
  });

  it('keeps the header and branding around it, in the widget section', () => {
    const html = renderStaticHtml(
      empty({ headerText: 'Kind words', showBusinessName: true, showBranding: true }),
      options,
    );
    expect(html.startsWith('<section class="w" aria-label="Kind words">')).toBe(true);
    expect(html.indexOf('Kind words</h2>')).toBeLessThan(html.indexOf('class="cd iv"'));
    expect(html.indexOf('class="cd iv"')).toBeLessThan(html.indexOf('Powered by Vouchly'));
  });

  it('leaves the text out without a business name, and escapes a hostile one', () => {
    expect(renderStaticHtml(empty({}, ''), options)).not.toContain('Share your experience');
    const html = renderStaticHtml(empty({}, XSS[0]), options);
    expect(html).toContain(escapeHtml(XSS[0] ?? ''));
    expect(html).not.toContain('<img');
  });

  it('renders nothing when the owner turned the invitation off', () => {
    expect(renderStaticHtml(empty({ showInvite: false }), options)).toBe('');
  });

  it('shows the cards, not the invitation, once one is approved', () => {
    expect(renderStaticHtml(data(), options)).not.toContain('Write a testimonial');
  });
});
