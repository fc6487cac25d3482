import { describe, expect, it } from 'vitest';
import { iframeSnippet, scriptSnippet, widgetDataUrl } from './embed-snippets';
import { widgetBoxHeight } from './widget-box';
import { WIDGET_SETTINGS_DEFAULTS } from './widget-data';

const settings = WIDGET_SETTINGS_DEFAULTS;

describe('scriptSnippet', () => {
  const snippet = scriptSnippet('https://vouchly.app', 'harbour-coffee', settings);

  it('holds the script tag of docs/product/widget.md#widget-settings-screen', () => {
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

  it("stands the script tag in the widget's box, as tall as the settings need", () => {
    const height = widgetBoxHeight(settings);
    expect(snippet.split('\n')[1]).toBe(
      `<vouchly-widget style="display:block;height:${height}px"><script src="https://vouchly.app/widget.js" data-widget="harbour-coffee" async></script></vouchly-widget>`,
    );
    const withHeader = scriptSnippet('https://vouchly.app', 'harbour-coffee', {
      ...settings,
      headerText: 'What our customers say',
    });
    expect(withHeader).toContain(`height:${widgetBoxHeight({ ...settings, headerText: 'x' })}px`);
    expect(withHeader).not.toContain(`height:${height}px`);
  });

  it('cannot be broken out of by what it is given', () => {
    const odd = scriptSnippet('https://vouchly.app', 'a"><img src=x>', settings);
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
  it('frames /embed/{slug} at the height of the script widget', () => {
    const snippet = iframeSnippet('https://vouchly.app', 'harbour-coffee', settings);
    expect(snippet).toMatch(
      /^<iframe src="https:\/\/vouchly\.app\/embed\/harbour-coffee" title="Customer testimonials"/,
    );
    expect(snippet).toContain(` height="${widgetBoxHeight(settings)}" `);
  });
});
