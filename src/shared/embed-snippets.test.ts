import { describe, expect, it } from 'vitest';
import { iframeSnippet, scriptSnippet, widgetDataUrl } from './embed-snippets';

describe('scriptSnippet', () => {
  const snippet = scriptSnippet('https://vouchly.app', 'harbour-coffee');

  it('holds the script tag of SPEC §2', () => {
    expect(snippet).toContain(
      '<script src="https://vouchly.app/widget.js" data-widget="harbour-coffee" async></script>',
    );
  });

  it("preloads the widget's data, before the script, as the widget asks for it (cors, no credentials across origins)", () => {
    expect(snippet.indexOf('<link')).toBe(0);
    expect(snippet).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="https://vouchly.app/api/widget/harbour-coffee">',
    );
  });

  it('cannot be broken out of by what it is given', () => {
    const odd = scriptSnippet('https://vouchly.app', 'a"><img src=x>');
    expect(odd).not.toContain('<img');
    expect(odd).toContain('data-widget="a&quot;&gt;&lt;img src=x&gt;"');
  });
});

describe('widgetDataUrl', () => {
  it('encodes the slug', () => {
    expect(widgetDataUrl('https://vouchly.app', 'a b')).toBe(
      'https://vouchly.app/api/widget/a%20b',
    );
  });
});

describe('iframeSnippet', () => {
  it('frames /embed/{slug}', () => {
    expect(iframeSnippet('https://vouchly.app', 'harbour-coffee')).toMatch(
      /^<iframe src="https:\/\/vouchly\.app\/embed\/harbour-coffee" title="Customer testimonials"/,
    );
  });
});
