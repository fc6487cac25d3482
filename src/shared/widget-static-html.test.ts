import { describe, expect, it } from 'vitest';
import { SAMPLE_TESTIMONIALS, WIDGET_SETTINGS_DEFAULTS, type PublicWidget } from './schemas/widget.js';
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
    expect(html.match(/<figure>/g)).toHaveLength(3);
    expect(html).toContain('Maria Gonzalez');
    expect(html).toContain('Austin, TX');
    expect(html).toContain('Jun 12, 2025');
    expect(html).toContain('Rated 5 out of 5');
    expect(html).not.toContain('Tom Becker');
    expect(renderStaticHtml(data(), { ...options, limit: 1 }).match(/<figure>/g)).toHaveLength(1);
  });

  it('honours the show flags and branding', () => {
    const off = renderStaticHtml(
      data({ showRatings: false, showDates: false, showLocation: false }),
      options,
    );
    expect(off).not.toContain('Rated');
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
      '<a href="https://vouchly.app/" target="_blank" rel="noopener">Powered by Vouchly</a>',
    );
    expect(on).toContain('<p class="vouchly-business">Acme</p>');
    expect(on).toContain('<h2 style="text-align:right">Hi</h2>');
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
