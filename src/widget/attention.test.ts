// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
// What the script widget counts (attention.ts, docs/product/analytics.md#what-the-widget-and-the-form-send), against
// a fake IntersectionObserver and fake timers: what reaches navigator.sendBeacon, and that every beacon is one the
// server accepts (analyticsBeaconSchema).
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_TIME_MAX_MS,
  IMPRESSION_DWELL_MS,
} from '../shared/analytics';
import { analyticsBeaconSchema, type AnalyticsBeacon } from '../shared/schemas/analytics';
import type { PublicWidgetTestimonial, WidgetSettings } from '../shared/schemas/widget';
import { FakeIntersectionObserver, intersect, useFakeIntersection } from './fake-layout';
import {
  BASE_URL,
  createTestimonial,
  createWidgetData,
  mountInPage,
  useWidgetTestPage,
} from './test-data';

const A = '0b6e4d3c-6f1a-4f7e-9a51-7c1d2e3f4a01';
const B = '0b6e4d3c-6f1a-4f7e-9a51-7c1d2e3f4a02';
const C = '0b6e4d3c-6f1a-4f7e-9a51-7c1d2e3f4a03';
const three = () => [
  createTestimonial({ id: A }),
  createTestimonial({ id: B, authorName: 'Grace Hopper' }),
  createTestimonial({ id: C, authorName: 'Alan Turing' }),
];

let sendBeacon: Mock<(url: string, body: string) => boolean>;
let hidden = false;
const fakeNavigator: { doNotTrack: string | null; globalPrivacyControl?: boolean } = {
  doNotTrack: null,
};

useWidgetTestPage();

beforeEach(() => {
  useFakeIntersection();
  sendBeacon = vi.fn(() => true);
  fakeNavigator.doNotTrack = null;
  delete fakeNavigator.globalPrivacyControl;
  vi.stubGlobal('navigator', Object.assign(fakeNavigator, { sendBeacon }));
  hidden = false;
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  history.replaceState(null, '', '/');
});

afterEach(() => {
  delete (document as { hidden?: boolean }).hidden;
});

/** The script widget, counted under slug "acme", with the carousel standing still unless asked. */
function mount(settings: Partial<WidgetSettings> = {}, testimonials = three()) {
  const mounted = mountInPage(createWidgetData({ autoRotate: false, ...settings }, testimonials), {
    count: 'acme',
  });
  return { ...mounted, slides: mounted.$$('.sl') };
}

/** Every beacon sent so far, parsed as the server parses it. */
const beacons = (): AnalyticsBeacon[] =>
  sendBeacon.mock.calls.map(([url, body]) => {
    expect(url).toBe(`${BASE_URL}/api/analytics/events`);
    return analyticsBeaconSchema.parse(JSON.parse(body));
  });
const events = () => beacons().flatMap((beacon) => beacon.events);
const ofType = (type: string) => events().filter((event) => event.type === type);

const setHidden = (value: boolean) => {
  hidden = value;
  document.dispatchEvent(new Event('visibilitychange'));
};
const leavePage = () => window.dispatchEvent(new Event('pagehide'));

describe('the widget impression', () => {
  it('needs half of the widget on screen: less is never counted', () => {
    const { widget } = mount();
    intersect(0.49, widget);
    vi.advanceTimersByTime(10_000);
    leavePage();
    expect(ofType('impression')).toEqual([]);
  });

  it('needs a second on screen, then goes out in a beacon a few seconds later', () => {
    const { widget } = mount();
    intersect(0.5, widget);
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS - 1);
    leavePage();
    expect(ofType('impression')).toEqual([]);
    intersect(0, widget);

    sendBeacon.mockClear();
    const second = mount();
    intersect(0.8, second.widget);
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS);
    expect(sendBeacon).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5000);
    expect(beacons()).toEqual([
      { slug: 'acme', page: 'http://localhost:3000/', events: [{ type: 'impression' }] },
    ]);
  });

  it('starts the second again when the widget leaves the screen before it is up', () => {
    const { widget } = mount();
    intersect(0.6, widget);
    vi.advanceTimersByTime(900);
    intersect(0.2, widget);
    vi.advanceTimersByTime(500);
    intersect(0.6, widget);
    vi.advanceTimersByTime(900);
    intersect(0, widget);
    // Long enough for anything queued to have gone out.
    vi.advanceTimersByTime(10_000);
    expect(sendBeacon).not.toHaveBeenCalled();
    intersect(0.6, widget);
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS);
    leavePage();
    expect(ofType('impression')).toHaveLength(1);
  });

  it('does not count while the page is hidden', () => {
    const { widget } = mount();
    hidden = true;
    intersect(1, widget);
    vi.advanceTimersByTime(5000);
    expect(ofType('impression')).toEqual([]);
    setHidden(false);
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS);
    leavePage();
    expect(ofType('impression')).toHaveLength(1);
  });

  it('is counted once per page view, however often the widget comes back', () => {
    const { widget } = mount();
    for (let i = 0; i < 3; i++) {
      intersect(1, widget);
      vi.advanceTimersByTime(2000);
      intersect(0, widget);
    }
    setHidden(true);
    setHidden(false);
    intersect(1, widget);
    vi.advanceTimersByTime(2000);
    leavePage();
    expect(ofType('impression')).toHaveLength(1);
  });
});

describe('the cards', () => {
  it('counts a card once its slide is shown for a second; hidden slides in the same cell are not on screen', () => {
    const { slides, widget, $ } = mount();
    // All slides share one grid cell: the observer sees all three in view.
    intersect(1, widget, ...slides);
    vi.advanceTimersByTime(5000);
    expect(ofType('card')).toEqual([{ type: 'card', testimonialId: A }]);
    ($('.nx') as HTMLButtonElement).click();
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS - 1);
    ($('.pv') as HTMLButtonElement).click();
    vi.advanceTimersByTime(10_000);
    expect(ofType('card')).toHaveLength(1);
    ($('.nx') as HTMLButtonElement).click();
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS);
    leavePage();
    expect(ofType('card')).toEqual([
      { type: 'card', testimonialId: A },
      { type: 'card', testimonialId: B },
    ]);
  });

  it('starts a card’s second again when its slide is turned away before it is up, and counts it once', () => {
    const { slides, $ } = mount();
    intersect(1, ...slides);
    vi.advanceTimersByTime(900);
    ($('.nx') as HTMLButtonElement).click();
    ($('.pv') as HTMLButtonElement).click();
    vi.advanceTimersByTime(900);
    ($('.nx') as HTMLButtonElement).click();
    vi.advanceTimersByTime(10_000);
    expect(
      ofType('card').filter((event) => event.type === 'card' && event.testimonialId === A),
    ).toEqual([]);
    ($('.pv') as HTMLButtonElement).click();
    vi.advanceTimersByTime(IMPRESSION_DWELL_MS);
    ($('.nx') as HTMLButtonElement).click();
    ($('.pv') as HTMLButtonElement).click();
    vi.advanceTimersByTime(5000);
    leavePage();
    expect(
      ofType('card').filter((event) => event.type === 'card' && event.testimonialId === A),
    ).toEqual([{ type: 'card', testimonialId: A }]);
  });

  it('counts the slides the rotation shows', () => {
    const { slides } = mount({ autoRotate: true });
    intersect(1, ...slides);
    vi.advanceTimersByTime(4000 * 3);
    leavePage();
    expect(ofType('card').map((event) => event.type === 'card' && event.testimonialId)).toEqual([
      A,
      B,
      C,
    ]);
  });

  it('counts a card half on screen only: a slide scrolled out is not', () => {
    const { slides } = mount();
    intersect(0.3, ...slides);
    vi.advanceTimersByTime(5000);
    leavePage();
    expect(ofType('card')).toEqual([]);
  });
});

describe('time on screen', () => {
  it('sends each card’s time on screen when the page is hidden, and counts on when it is back', () => {
    const { slides, $ } = mount();
    intersect(1, ...slides);
    vi.advanceTimersByTime(2500);
    ($('.nx') as HTMLButtonElement).click();
    vi.advanceTimersByTime(1500);
    setHidden(true);
    expect(ofType('time')).toEqual([
      { type: 'time', testimonialId: A, ms: 2500 },
      { type: 'time', testimonialId: B, ms: 1500 },
    ]);
    // Hidden: nothing counts.
    vi.advanceTimersByTime(60_000);
    setHidden(false);
    vi.advanceTimersByTime(700);
    intersect(0, ...slides);
    vi.advanceTimersByTime(10_000);
    leavePage();
    expect(ofType('time')).toHaveLength(3);
    expect(ofType('time')[2]).toEqual({ type: 'time', testimonialId: B, ms: 700 });
  });

  it('sends the time so far when the page is left while visible, and counts again when it is shown again', () => {
    const { slides } = mount();
    intersect(1, ...slides);
    vi.advanceTimersByTime(3000);
    leavePage();
    // Left: nothing counts, even before the page is hidden.
    vi.advanceTimersByTime(5000);
    setHidden(true);
    // Back (from the back/forward cache).
    setHidden(false);
    vi.advanceTimersByTime(2000);
    leavePage();
    expect(ofType('time')).toEqual([
      { type: 'time', testimonialId: A, ms: 3000 },
      { type: 'time', testimonialId: A, ms: 2000 },
    ]);
  });

  it('sends a long time in pieces of at most the maximum', () => {
    const { slides } = mount();
    intersect(1, ...slides);
    vi.advanceTimersByTime(ANALYTICS_TIME_MAX_MS + 4000);
    setHidden(true);
    expect(ofType('time')).toEqual([
      { type: 'time', testimonialId: A, ms: ANALYTICS_TIME_MAX_MS },
      { type: 'time', testimonialId: A, ms: 4000 },
    ]);
  });
});

describe('interactions', () => {
  const photos = { productImageUrls: ['/p1.jpg', '/p2.jpg'] };

  /** Clicks `element`; a link's default (a new tab) is held back. */
  const click = (element: Element | null | undefined) => {
    expect(element).toBeTruthy();
    element?.addEventListener('click', (event) => event.preventDefault());
    (element as HTMLElement).click();
  };
  const actions = () => {
    leavePage();
    return ofType('interaction');
  };

  it('counts next, previous, a dot and the rotation button, without a testimonial', () => {
    const { $, $$ } = mount({ autoRotate: true });
    click($('.nx'));
    click($('.pv'));
    click($$('.d')[2]);
    click($('.pp'));
    click($('.pl'));
    expect(actions()).toEqual([
      { type: 'interaction', action: 'next' },
      { type: 'interaction', action: 'previous' },
      { type: 'interaction', action: 'dot' },
      { type: 'interaction', action: 'pause' },
      { type: 'interaction', action: 'pause' },
    ]);
  });

  it('counts Read more, a photo (on the slide and in the whole testimonial) and the source link, with the card', () => {
    const withSource = three().map((t) => ({
      ...t,
      ...photos,
      source: { name: 'Google', url: 'https://maps.google.com/review/1' },
    })) as PublicWidgetTestimonial[];
    const { $, root } = mount({ showSources: true }, withSource);
    click($('.nx'));
    click($('.on .ph'));
    // The photo view's own arrows are not the carousel's.
    click(root.querySelector('dialog .nx'));
    click(root.querySelector('dialog .x'));
    click($('.on .rm'));
    click(root.querySelector('dialog.cv .ph'));
    click($('.on a.vi'));
    expect(actions()).toEqual([
      { type: 'interaction', action: 'next' },
      { type: 'interaction', action: 'photo', testimonialId: B },
      { type: 'interaction', action: 'read_more', testimonialId: B },
      { type: 'interaction', action: 'photo', testimonialId: B },
      { type: 'interaction', action: 'link', testimonialId: B },
    ]);
  });

  it('counts the branding link and the invitation link', () => {
    const { $ } = mount({ showBranding: true }, []);
    click($('a.ia'));
    click($('a.br'));
    expect(actions()).toEqual([
      { type: 'interaction', action: 'link' },
      { type: 'interaction', action: 'branding' },
    ]);
  });

  it('sends at most the batch maximum in one beacon', () => {
    const { $ } = mount();
    const next = $('.nx') as HTMLButtonElement;
    for (let i = 0; i < 2 * ANALYTICS_BATCH_MAX + 20; i++) next.click();
    expect(beacons().map((beacon) => beacon.events.length)).toEqual([
      ANALYTICS_BATCH_MAX,
      ANALYTICS_BATCH_MAX,
    ]);
    vi.advanceTimersByTime(5000);
    expect(beacons().map((beacon) => beacon.events.length)).toEqual([
      ANALYTICS_BATCH_MAX,
      ANALYTICS_BATCH_MAX,
      20,
    ]);
  });
});

describe('the page', () => {
  it('is the origin and path, never the query or the hash', () => {
    history.replaceState(null, '', '/shop/boots?email=ada%40example.com&utm=x#reviews');
    const { $ } = mount();
    ($('.nx') as HTMLButtonElement).click();
    leavePage();
    expect(beacons().map((beacon) => beacon.page)).toEqual(['http://localhost:3000/shop/boots']);
  });
});

describe('what is never counted', () => {
  /** A visit with everything that could be counted: a second on screen, clicks, the page left. */
  function visit(options: Partial<Parameters<typeof mountInPage>[1]> = { count: 'acme' }) {
    const { widget, $$, $ } = mountInPage(createWidgetData({}, three()), options);
    intersect(1, widget, ...$$('.sl'));
    ($('.nx') as HTMLButtonElement).click();
    vi.advanceTimersByTime(10_000);
    setHidden(true);
    leavePage();
  }

  it('sends nothing with Do Not Track', () => {
    fakeNavigator.doNotTrack = '1';
    visit();
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(FakeIntersectionObserver.all).toEqual([]);
  });

  it('sends nothing with Global Privacy Control', () => {
    fakeNavigator.globalPrivacyControl = true;
    visit();
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('sends nothing, and throws nothing, without IntersectionObserver or sendBeacon', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    expect(() => visit()).not.toThrow();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal('navigator', { doNotTrack: null });
    expect(() => visit()).not.toThrow();
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('counts nothing in a preview, which mounts the widget without a slug to count under', () => {
    visit({});
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(FakeIntersectionObserver.all).toEqual([]);
  });

  it('sends what is left when the widget is destroyed, and nothing after', () => {
    const { slides, handle } = mount();
    intersect(1, ...slides);
    vi.advanceTimersByTime(1500);
    handle.destroy();
    expect(events()).toEqual([
      { type: 'card', testimonialId: A },
      { type: 'time', testimonialId: A, ms: 1500 },
    ]);
    leavePage();
    setHidden(true);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });
});
