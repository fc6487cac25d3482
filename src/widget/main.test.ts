// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
import {
  afterEach,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type Mock,
  type MockInstance,
} from 'vitest';
import { scriptSnippet } from '../shared/embed-snippets';
import { widgetBoxHeight } from '../shared/widget-box';
import { WIDGET_SETTINGS_DEFAULTS } from '../shared/widget-data';
import { createWidgetData } from './test-data';

const ORIGIN = 'https://vouchly.test';

type Global = Window & {
  Vouchly?: { version: string; mount: (target: HTMLElement, slug: string) => Promise<unknown> };
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

/** Script tags as a page has them (inserted as HTML, so happy-dom does not try to load them). */
function page(html: string): void {
  document.body.innerHTML = html;
}

async function runWidgetScript(): Promise<void> {
  vi.resetModules();
  await import('./main');
}

let fetchMock: Mock<(url: string) => Promise<Response>>;
let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  fetchMock = vi.fn((url: string) =>
    url.endsWith('/missing')
      ? json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404)
      : json(createWidgetData()),
  );
  vi.stubGlobal('fetch', fetchMock);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (window as Global).Vouchly;
  document.body.replaceChildren();
});

const containers = () =>
  Array.from(document.querySelectorAll<HTMLElement>('[data-vouchly-widget]'));

describe('widget.js', () => {
  it('renders one widget after each of two script tags', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    fetchMock.mockImplementation(() => held.then(() => json(createWidgetData())));
    page(
      `<p id="one">One</p><script src="${ORIGIN}/widget.js" data-widget="alpha" async></script>` +
        `<p id="two">Two</p><script src="${ORIGIN}/widget.js" data-widget="beta" async></script>`,
    );
    await runWidgetScript();
    expect(containers().map((c) => c.getAttribute('data-vouchly-widget'))).toEqual([
      'alpha',
      'beta',
    ]);
    for (const container of containers()) {
      expect(container.previousElementSibling?.tagName).toBe('SCRIPT');
      // A tag without the snippet's box: the default settings' height, until the data arrives.
      expect(container.style.minHeight).toBe(`${widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS)}px`);
    }
    release();
    await vi.waitFor(() =>
      expect(containers().every((c) => c.shadowRoot?.querySelector('.sl'))).toBe(true),
    );
    expect(fetchMock.mock.calls).toEqual([
      // As the snippet's preload asks (crossorigin="anonymous"), so its answer is used, not fetched again.
      [
        `${ORIGIN}/api/widget/alpha`,
        expect.objectContaining({ mode: 'cors', credentials: 'same-origin' }),
      ],
      [
        `${ORIGIN}/api/widget/beta`,
        expect.objectContaining({ mode: 'cors', credentials: 'same-origin' }),
      ],
    ]);
    expect(containers().map((c) => c.style.minHeight)).toEqual(['', '']);
    expect(warn).not.toHaveBeenCalled();
  });

  it("renders into the snippet's box around its tag and fills it, without adding anything to the page", async () => {
    page(`<h1>Hi</h1>${scriptSnippet(ORIGIN, 'alpha', WIDGET_SETTINGS_DEFAULTS)}<p>Below</p>`);
    const box = document.querySelector('vouchly-widget') as HTMLElement;
    await runWidgetScript();
    await vi.waitFor(() => expect(box.shadowRoot?.querySelector('.sl')).toBeTruthy());
    expect(containers()).toEqual([box]);
    expect(box.style.height).toBe(`${widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS)}px`);
    expect(box.style.minHeight).toBe('');
    // The widget takes the box's height (100% in the stylesheet), not one of its own.
    expect((box.shadowRoot?.querySelector('.w') as HTMLElement).style.height).toBe('');
    expect(document.body.children).toHaveLength(4);
  });

  it('a tag without the box gets a widget of the height its settings need', async () => {
    fetchMock.mockImplementation(() => json(createWidgetData({ headerText: 'Kind words' })));
    page(`<script src="${ORIGIN}/widget.js" data-widget="alpha"></script>`);
    await runWidgetScript();
    await vi.waitFor(() => expect(containers()[0]?.shadowRoot?.querySelector('.sl')).toBeTruthy());
    const widget = containers()[0]?.shadowRoot?.querySelector('.w') as HTMLElement;
    expect(widget.style.height).toBe(
      `${widgetBoxHeight({ ...WIDGET_SETTINGS_DEFAULTS, headerText: 'Kind words' })}px`,
    );
  });

  it('no approved testimonials: the box stays, with the invitation to leave the first (issue 29, 9)', async () => {
    fetchMock.mockImplementation(() => json({ ...createWidgetData(), testimonials: [] }));
    page(scriptSnippet(ORIGIN, 'alpha', WIDGET_SETTINGS_DEFAULTS));
    await runWidgetScript();
    const box = document.querySelector('vouchly-widget') as HTMLElement;
    await vi.waitFor(() => expect(box.shadowRoot?.querySelector('.iv a')).toBeTruthy());
    expect(box.shadowRoot?.querySelector('.iv a')?.getAttribute('href')).toBe(
      `${ORIGIN}/submit/acme`,
    );
    expect(box.isConnected).toBe(true);
    expect(box.style.height).toBe(`${widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS)}px`);
    expect(warn).not.toHaveBeenCalled();
  });

  it('no approved testimonials and the invitation off: the box stays, empty', async () => {
    const settings = { ...WIDGET_SETTINGS_DEFAULTS, showInvite: false };
    fetchMock.mockImplementation(() => json({ ...createWidgetData(settings), testimonials: [] }));
    page(scriptSnippet(ORIGIN, 'alpha', WIDGET_SETTINGS_DEFAULTS));
    await runWidgetScript();
    const box = document.querySelector('vouchly-widget') as HTMLElement;
    await vi.waitFor(() => expect(box.shadowRoot?.querySelector('.w')).toBeTruthy());
    expect(box.isConnected).toBe(true);
    expect((box.shadowRoot?.querySelector('.w') as HTMLElement).style.visibility).toBe('hidden');
    expect(warn).not.toHaveBeenCalled();
  });

  it('marks its tags so a second run of the script does not render them twice', async () => {
    page(`<script src="${ORIGIN}/widget.js" data-widget="alpha"></script>`);
    await runWidgetScript();
    await runWidgetScript();
    expect(containers()).toHaveLength(1);
    expect(document.querySelector('script')?.hasAttribute('data-vouchly-seen')).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ignores other vendors\u2019 data-widget scripts', async () => {
    page(`<script src="https://other.example/embed.js" data-widget="theirs"></script>`);
    await runWidgetScript();
    expect(containers()).toHaveLength(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('404: renders nothing and warns once, naming the slug', async () => {
    page(`<script src="${ORIGIN}/widget.js" data-widget="missing"></script>`);
    await runWidgetScript();
    await vi.waitFor(() => expect(containers()).toHaveLength(0));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('"missing"');
  });

  it('a network error: renders nothing, warns once, and nothing is thrown', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    page(`<script src="${ORIGIN}/widget.js" data-widget="alpha"></script>`);
    await runWidgetScript();
    await vi.waitFor(() => expect(containers()).toHaveLength(0));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('"alpha"');
  });

  it('names the product the server sends in its "Powered by" link', async () => {
    fetchMock.mockImplementation(() =>
      json({ ...createWidgetData({ showBranding: true }), productName: 'Kudos Box' }),
    );
    page(`<script src="${ORIGIN}/widget.js" data-widget="alpha"></script>`);
    await runWidgetScript();
    await vi.waitFor(() => expect(containers()[0]?.shadowRoot?.querySelector('a.br')).toBeTruthy());
    expect(containers()[0]?.shadowRoot?.querySelector('a.br')?.textContent).toBe(
      'Powered by Kudos Box',
    );
  });

  it('counts its views and clicks under its slug, at the origin it was loaded from', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { doNotTrack: null, sendBeacon });
    page(`<script src="${ORIGIN}/widget.js" data-widget="alpha"></script>`);
    await runWidgetScript();
    await vi.waitFor(() => expect(containers()[0]?.shadowRoot?.querySelector('.nx')).toBeTruthy());
    (containers()[0]?.shadowRoot?.querySelector('.nx') as HTMLButtonElement).click();
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledWith(
      `${ORIGIN}/api/analytics/events`,
      JSON.stringify({
        slug: 'alpha',
        page: `${location.origin}${location.pathname}`,
        events: [{ type: 'interaction', action: 'next' }],
      }),
    );
  });

  it('exposes only window.Vouchly, with a version and a manual mount', async () => {
    page('<div id="target"></div>');
    await runWidgetScript();
    const vouchly = (window as Global).Vouchly;
    expect(typeof vouchly?.version).toBe('string');
    const target = document.getElementById('target') as HTMLElement;
    await expect(vouchly?.mount(target, 'alpha')).resolves.toBeTruthy();
    expect(target.shadowRoot?.querySelectorAll('.sl')).toHaveLength(3);
    await expect(vouchly?.mount(document.createElement('div'), 'missing')).resolves.toBeNull();
  });
});
