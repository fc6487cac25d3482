// Issue 34: the widget counts what a visitor really saw, without a cookie. A customer's page has the widget below the
// fold: nothing is counted while it stays there, one impression once half of it has been on screen for a second, and
// still one after scrolling away and back. The host page's cookies and storage stay empty, and the owner's Analytics
// screen shows the impression.
import type { Page, Request } from '@playwright/test';
import type { AnalyticsBeacon, AnalyticsReport } from '../src/shared/schemas/analytics';
import { expect, test } from './fixtures';
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

/** A customer's page whose widget starts two screens below the top. */
const belowTheFoldPage = (slug: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>A customer's site</title></head><body style="margin:0 16px;font:16px/1.5 sans-serif"><h1>Our work</h1><div style="height:2200px">Scroll down to read what our customers say.</div><script src="${baseUrl()}/widget.js" data-widget="${slug}" async></script><div style="height:2200px">Call us any weekday.</div></body></html>`;

let owner: ShowcaseOwner;
let host: Awaited<ReturnType<typeof startHostSite>>;

test.beforeAll(async ({ playwright }) => {
  owner = await createWidgetOwner(playwright, 'Counted Carpentry', SHORT_SUBMISSIONS);
  // Visited with a query, which is never kept.
  host = await startHostSite({ '/services?ref=newsletter': belowTheFoldPage(owner.slug) });
});

test.afterAll(async () => {
  await owner?.api.dispose();
  await host?.close();
});

/** The events of every beacon the page has sent so far. */
function beaconsOf(page: Page): AnalyticsBeacon[] {
  const sent: AnalyticsBeacon[] = [];
  page.on('request', (request: Request) => {
    if (request.url().endsWith('/api/analytics/events'))
      sent.push(JSON.parse(request.postData() ?? '{}') as AnalyticsBeacon);
  });
  return sent;
}

const impressionsIn = (beacons: AnalyticsBeacon[]) =>
  beacons.flatMap((beacon) => beacon.events).filter((event) => event.type === 'impression').length;

const today = () => new Date().toISOString().slice(0, 10);

async function ownersFigures(): Promise<AnalyticsReport> {
  const response = await owner.api.get(`/api/analytics?from=${today()}&to=${today()}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AnalyticsReport;
}

test('a widget below the fold counts one impression once it has been seen, and stores nothing on the host page', async ({
  browser,
}) => {
  const context = await browser.newContext({
    userAgent: VISITOR_USER_AGENT,
    viewport: { width: 1280, height: 800 },
  });
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
