// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
// The no-script page's counting (embed-count.ts, docs/product/analytics.md#what-the-widget-and-the-form-send): on
// the page the server renders (the shared static HTML and the script tag's slug), framed in a host page, it counts
// like the script widget (attention.ts) under the host page its referrer names, and without a referrer, outside a
// frame, or with Do Not Track, counts nothing. Against a fake IntersectionObserver and fake timers; every beacon is
// one the server accepts (analyticsBeaconSchema).
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { IMPRESSION_DWELL_MS } from '../shared/analytics';
import { analyticsBeaconSchema, type AnalyticsBeacon } from '../shared/schemas/analytics';
import { renderStaticHtml } from '../shared/widget-static-html';
import { FakeIntersectionObserver, intersect, useFakeIntersection } from './fake-layout';
import { BASE_URL, createTestimonial, createWidgetData } from './test-data';

const A = '0b6e4d3c-6f1a-4f7e-9a51-7c1d2e3f4a01';
const B = '0b6e4d3c-6f1a-4f7e-9a51-7c1d2e3f4a02';
/** Long enough for an impression's second and a batch's wait. */
const SETTLE_MS = IMPRESSION_DWELL_MS + 5000;

let sendBeacon: Mock<(url: string, body: string) => boolean>;
let referrer = '';
const fakeNavigator: { doNotTrack: string | null } = { doNotTrack: null };

beforeEach(() => {
  vi.useFakeTimers();
  useFakeIntersection();
  sendBeacon = vi.fn(() => true);
  fakeNavigator.doNotTrack = null;
  vi.stubGlobal('navigator', Object.assign(fakeNavigator, { sendBeacon }));
  Object.defineProperty(document, 'referrer', { configurable: true, get: () => referrer });
  framed(true);
});

afterEach(() => {
  window.dispatchEvent(new Event('pagehide'));
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete (document as { referrer?: string }).referrer;
  delete (window as { parent?: Window }).parent;
  document.body.replaceChildren();
});

/** In an iframe (its parent another window) or opened on its own. */
function framed(inFrame: boolean) {
  Object.defineProperty(window, 'parent', {
    configurable: true,
    get: () => (inFrame ? ({} as Window) : window),
  });
}

/** The embed page's body as the server renders it (embed-page.ts), then its counting script run as a page load runs it. */
async function loadEmbedPage(from: string) {
  referrer = from;
  const data = createWidgetData({ showBranding: true, showInvite: true }, [
    createTestimonial({ id: A, productImageUrls: ['/p1.jpg'] }),
    createTestimonial({ id: B, authorName: 'Grace Hopper' }),
  ]);
  // Inserted as HTML, so happy-dom does not try to load the script.
  document.body.innerHTML =
    renderStaticHtml(data, { productName: 'Vouchly', baseUrl: BASE_URL, limit: 2 }) +
    '<script defer src="/embed-count.js" data-slug="acme"></script>';
  vi.resetModules();
  await import('./embed-count');
  const $ = (selector: string) => document.querySelector(selector) as HTMLElement;
  return { widget: $('.w'), cards: Array.from(document.querySelectorAll('.cd')), $ };
}

/** Every beacon sent so far, parsed as the server parses it, all to this page's own origin. */
const beacons = (): AnalyticsBeacon[] =>
  sendBeacon.mock.calls.map(([url, body]) => {
    expect(url).toBe(`${location.origin}/api/analytics/events`);
    return analyticsBeaconSchema.parse(JSON.parse(body));
  });

describe('the no-script page framed in a host page', () => {
  it('counts the widget and each card half in view for a second under the host page, without its query or hash', async () => {
    const { widget, cards } = await loadEmbedPage(
      'https://shop.example/menu/?utm_source=news#reviews',
    );
    intersect(0.6, widget, ...cards);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(beacons()).toEqual([
      {
        slug: 'acme',
        page: 'https://shop.example/menu/',
        events: [
          { type: 'impression' },
          { type: 'card', testimonialId: A },
          { type: 'card', testimonialId: B },
        ],
      },
    ]);
  });

  it('counts under the host origin when the referrer is only that (strict-origin-when-cross-origin)', async () => {
    const { widget, cards } = await loadEmbedPage('https://shop.example/');
    // The second card only peeks into the row: it is not counted.
    intersect(0.6, widget, cards[0] as Element);
    intersect(0.2, cards[1] as Element);
    vi.advanceTimersByTime(SETTLE_MS);
    window.dispatchEvent(new Event('pagehide'));
    const sent = beacons();
    expect(sent.map((beacon) => beacon.page)).toEqual(sent.map(() => 'https://shop.example/'));
    expect(sent.flatMap((beacon) => beacon.events)).toEqual([
      { type: 'impression' },
      { type: 'card', testimonialId: A },
      { type: 'time', testimonialId: A, ms: SETTLE_MS },
    ]);
  });

  it('counts a click on a photo with its card, and on the branding', async () => {
    const { $ } = await loadEmbedPage('https://shop.example/');
    for (const link of [$('.ph'), $('.br')]) {
      // Not followed: the test only needs the click.
      link.addEventListener('click', (event) => event.preventDefault());
      link.click();
    }
    vi.advanceTimersByTime(SETTLE_MS);
    expect(beacons().flatMap((beacon) => beacon.events)).toEqual([
      { type: 'interaction', action: 'photo', testimonialId: A },
      { type: 'interaction', action: 'branding' },
    ]);
  });
});

describe('the no-script page counts nothing', () => {
  it('without a referrer: the host page is unknown (Referrer-Policy no-referrer)', async () => {
    const { widget, cards, $ } = await loadEmbedPage('');
    expect(FakeIntersectionObserver.all).toEqual([]);
    intersect(1, widget, ...cards);
    $('.br').addEventListener('click', (event) => event.preventDefault());
    $('.br').click();
    vi.advanceTimersByTime(SETTLE_MS);
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('opened on its own rather than in a frame, even from a link on another site', async () => {
    framed(false);
    const { widget, cards } = await loadEmbedPage('https://shop.example/menu');
    expect(FakeIntersectionObserver.all).toEqual([]);
    intersect(1, widget, ...cards);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('with Do Not Track, exactly as the script widget', async () => {
    fakeNavigator.doNotTrack = '1';
    const { widget, cards } = await loadEmbedPage('https://shop.example/menu');
    expect(FakeIntersectionObserver.all).toEqual([]);
    intersect(1, widget, ...cards);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
