// Issue 34: the widget counts what a visitor really saw, without a cookie. A customer's page has the widget below the
// fold: nothing is counted while it stays there, one impression once half of it has been on screen for a second, and
// still one after scrolling away and back. The host page's cookies and storage stay empty, and the owner's Analytics
// screen shows the impression. The no-script page in an iframe counts the same way, under the host page it is framed
// in (its referrer), and not at all when the host page sends no referrer.
import type { Browser, Page, Request } from '@playwright/test';
import type { AnalyticsBeacon, AnalyticsReport } from '../src/shared/schemas/analytics';
import { expect, test } from './fixtures';
import { documentedIframeSnippet } from './readme-snippets';
import {
  baseUrl,
  createWidgetOwner,
  SHORT_SUBMISSIONS,
  startHostSite,
  type ShowcaseOwner,
} from './widget-data';

/** A desktop Chrome's user agent: headless Chromium names itself HeadlessChrome, which is counted as a bot. */
const VISITOR_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A visitor's own browser on a desktop. */
const visitor = (browser: Browser) =>
  browser.newContext({ userAgent: VISITOR_USER_AGENT, viewport: { width: 1280, height: 800 } });

/** A customer's page whose widget starts two screens below the top. */
const belowTheFoldPage = (slug: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>A customer's site</title></head><body style="margin:0 16px;font:16px/1.5 sans-serif"><h1>Our work</h1><div style="height:2200px">Scroll down to read what our customers say.</div><script src="${baseUrl()}/widget.js" data-widget="${slug}" async></script><div style="height:2200px">Call us any weekday.</div></body></html>`;

/** A customer's page with README.md's iframe code (`iframe`: another frame in its place) two screens below the top. */
const framedBelowTheFoldPage = (slug: string, iframe?: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>A customer's site</title></head><body style="margin:0 16px;font:16px/1.5 sans-serif"><h1>Our work</h1><div style="height:2200px">Scroll down to read what our customers say.</div>${documentedIframeSnippet(slug, iframe)}<div style="height:2200px">Call us any weekday.</div></body></html>`;

let owner: ShowcaseOwner;
/** The owner whose widget the host site shows only as the no-script page in an iframe. */
let framedOwner: ShowcaseOwner;
let host: Awaited<ReturnType<typeof startHostSite>>;

test.beforeAll(async ({ playwright }) => {
  owner = await createWidgetOwner(playwright, 'Counted Carpentry', SHORT_SUBMISSIONS);
  framedOwner = await createWidgetOwner(playwright, 'Framed Fencing', SHORT_SUBMISSIONS);
  host = await startHostSite({
    // Visited with a query, which is never kept.
    '/services?ref=newsletter': belowTheFoldPage(owner.slug),
    '/gallery?ref=newsletter': framedBelowTheFoldPage(framedOwner.slug),
    // The frame asks for no referrer: the host page is unknown.
    '/private': framedBelowTheFoldPage(
      framedOwner.slug,
      `<iframe src="${baseUrl()}/embed/${framedOwner.slug}" title="Testimonials" referrerpolicy="no-referrer" style="width:100%;height:410px;border:0"></iframe>`,
    ),
  });
});

test.afterAll(async () => {
  await owner?.api.dispose();
  await framedOwner?.api.dispose();
  await host?.close();
});

/** The events of every beacon the page (or a frame in it: `frames`, the URL of the frame of each) has sent so far. */
function beaconsOf(page: Page, frames: string[] = []): AnalyticsBeacon[] {
  const sent: AnalyticsBeacon[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().endsWith('/api/analytics/events')) return;
    sent.push(JSON.parse(request.postData() ?? '{}') as AnalyticsBeacon);
    frames.push(request.frame().url());
  });
  return sent;
}

const impressionsIn = (beacons: AnalyticsBeacon[]) =>
  beacons.flatMap((beacon) => beacon.events).filter((event) => event.type === 'impression').length;

const today = () => new Date().toISOString().slice(0, 10);

async function ownersFigures(of = owner): Promise<AnalyticsReport> {
  const response = await of.api.get(`/api/analytics?from=${today()}&to=${today()}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AnalyticsReport;
}

test('a widget below the fold counts one impression once it has been seen, and stores nothing on the host page', async ({
  browser,
}) => {
  const context = await visitor(browser);
  const page = await context.newPage();
  const beacons = beaconsOf(page);
  await page.goto(`${host.origin}/services?ref=newsletter`);
  const widget = page.locator('vouchly-widget');
  await expect(widget.locator('figure').first()).toBeAttached();

  // Below the fold for longer than a second and a batch's wait: nothing counted.
  await page.waitForTimeout(6000);
  expect(impressionsIn(beacons)).toBe(0);

  await widget.scrollIntoViewIfNeeded();
  await expect.poll(() => impressionsIn(beacons), { timeout: 15_000 }).toBe(1);
  for (const beacon of beacons) expect(beacon.page).toBe(`${host.origin}/services`);

  // Away and back: the same page view, still one.
  await page.mouse.wheel(0, -5000);
  await page.waitForTimeout(1500);
  await widget.scrollIntoViewIfNeeded();
  await page.waitForTimeout(1500);

  const hostStorage = await page.evaluate(() => ({
    cookie: document.cookie,
    local: localStorage.length,
    session: sessionStorage.length,
  }));
  expect(hostStorage).toEqual({ cookie: '', local: 0, session: 0 });
  // Leaving the page sends what is still queued.
  await page.goto('about:blank');
  expect(impressionsIn(beacons)).toBe(1);
  expect(await context.cookies()).toEqual([]);
  await context.close();

  await expect
    .poll(async () => (await ownersFigures()).totals.impressions, { timeout: 15_000 })
    .toBe(1);
  const figures = await ownersFigures();
  expect(figures.pages).toEqual([{ page: `${host.origin}/services`, impressions: 1 }]);
  expect(figures.totals.visitors).toBe(1);

  // The owner's Analytics screen shows it.
  const ownerContext = await browser.newContext({
    baseURL: baseUrl(),
    storageState: await owner.api.storageState(),
  });
  const screen = await ownerContext.newPage();
  await screen.goto('/analytics?range=7');
  await expect(screen.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  const impressions = screen
    .locator('dl[aria-label="Figures of the range"] > div')
    .filter({ has: screen.locator('dt', { hasText: /^Impressions$/ }) });
  await expect(impressions.locator('dd').first()).toHaveText('1');
  const topPages = screen.getByRole('table', { name: 'Top pages' });
  await expect(
    topPages.getByRole('row').filter({ hasText: `${host.origin}/services` }),
  ).toContainText('1');
  await ownerContext.close();
});

test('the no-script page in an iframe below the fold counts one impression for the host page, from the frame', async ({
  browser,
}) => {
  const context = await visitor(browser);
  const page = await context.newPage();
  const frames: string[] = [];
  const beacons = beaconsOf(page, frames);
  await page.goto(`${host.origin}/gallery?ref=newsletter`);
  const iframe = page.locator('iframe');
  await expect(page.frameLocator('iframe').locator('figure').first()).toBeAttached();

  // Below the fold for longer than a second and a batch's wait: nothing counted.
  await page.waitForTimeout(6000);
  expect(impressionsIn(beacons)).toBe(0);

  await iframe.scrollIntoViewIfNeeded();
  await expect.poll(() => impressionsIn(beacons), { timeout: 15_000 }).toBe(1);
  // Sent by the frame to its own origin, under the owner's slug, for the host page: the browser's default
  // Referrer-Policy (strict-origin-when-cross-origin) tells a frame of another origin only the host's origin.
  for (const beacon of beacons) {
    expect(beacon.slug).toBe(framedOwner.slug);
    expect(beacon.page).toBe(`${host.origin}/`);
  }
  for (const url of frames) expect(url).toBe(`${baseUrl()}/embed/${framedOwner.slug}`);
  // The first card is in view; the next one only peeks into the row.
  const cards = beacons.flatMap((beacon) => beacon.events).filter((e) => e.type === 'card');
  expect(cards).toHaveLength(1);

  await page.goto('about:blank');
  expect(impressionsIn(beacons)).toBe(1);
  expect(await context.cookies()).toEqual([]);
  await context.close();

  await expect
    .poll(async () => (await ownersFigures(framedOwner)).totals.impressions, { timeout: 15_000 })
    .toBe(1);
  const figures = await ownersFigures(framedOwner);
  expect(figures.pages).toEqual([{ page: `${host.origin}/`, impressions: 1 }]);
  expect(figures.testimonials.filter((t) => t.impressions > 0)).toHaveLength(1);
});

test('the no-script page counts nothing in a frame that gets no referrer', async ({ browser }) => {
  const context = await visitor(browser);
  const page = await context.newPage();
  const beacons = beaconsOf(page);
  await page.goto(`${host.origin}/private`);
  const frame = page.frameLocator('iframe');
  await expect(frame.locator('figure').first()).toBeAttached();
  await page.locator('iframe').scrollIntoViewIfNeeded();
  // The counting script has run (the page's scripts have), and a second on screen and a batch's wait have passed.
  await expect(frame.locator('figure').first()).toBeInViewport({ ratio: 0.5 });
  await page.waitForTimeout(6000);
  await page.goto('about:blank');
  expect(beacons).toEqual([]);
  await context.close();
});
