// The embedded widget as a customer's website meets it (docs/security.md rules 8, 12):
// a page on a SECOND origin, with hostile CSS and a strict CSP, embeds the
// widgets of two businesses. Each shows only its own approved testimonials,
// rotates, pauses on hover, sets no cookie, logs nothing, shows a customer's
// markup as plain text, and picks up a setting saved in /widget on reload.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { scriptSnippet, widgetBoxStyle, widgetDataUrl } from '../src/shared/embed-snippets';
import { WIDGET_SETTINGS_DEFAULTS } from '../src/shared/widget-data';
import { widgetBoxHeight } from '../src/shared/widget-box';
import { expect, test } from './fixtures';
import { registerOwner } from './helpers';
import { baseUrl } from './widget-data';

const XSS_CONTENT = '<img src=x onerror="window.__xss=1">Great service indeed';
const XSS_NAME = '<script>window.__xss=2</script>Mallory';

type Owner = { api: APIRequestContext; slug: string; approved: string[]; pending: string };

/** The page of "someone else's website", with the snippet owners copy: hostile CSS, and a CSP that lets in only our script and API. */
function hostPage(base: string, slugs: string[]): string {
  const widgets = slugs
    .map(
      (slug) =>
        `<section><h2>Reviews</h2>${scriptSnippet(base, slug, WIDGET_SETTINGS_DEFAULTS)}</section><p>More of the host page.</p>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${hostCsp(base)}"><title>Host site</title><link rel="stylesheet" href="/hostile.css"></head><body><h1>A customer's website</h1>${widgets}</body></html>`;
}

/** The snippet box's style attribute, which a strict style-src lets in by its hash (README.md, "Embedding the widget"). */
const BOX_STYLE_HASH = `'sha256-${createHash('sha256').update(widgetBoxStyle(WIDGET_SETTINGS_DEFAULTS)).digest('base64')}'`;

const hostCsp = (base: string) =>
  `default-src 'none'; script-src ${base}; connect-src ${base}; img-src ${base} data:; style-src 'self' 'unsafe-hashes' ${BOX_STYLE_HASH}`;

// The first two rules as a careless theme might write them; the last ones win over `all: unset`.
const HOSTILE_CSS =
  '* { all: unset !important } html, body { font-size: 40px }' +
  ' html, body, vouchly-widget { font-size: 40px !important; line-height: 3 !important; color: red !important }';

async function startHostSite(
  base: string,
  slugs: string[],
): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    if (request.url === '/hostile.css') {
      response.writeHead(200, { 'content-type': 'text/css' }).end(HOSTILE_CSS);
    } else if (request.url === '/') {
      response
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': hostCsp(base),
        })
        .end(hostPage(base, slugs));
    } else {
      response.writeHead(204).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A business with approved testimonials and one pending; `extra` are approved too. */
async function createOwner(
  newApi: () => Promise<APIRequestContext>,
  businessName: string,
  extra: { authorName: string; content: string }[] = [],
): Promise<Owner> {
  const api = await newApi();
  const { slug } = await registerOwner(api, {
    businessName,
    website: 'example.com',
    emailPrefix: 'widget',
  });

  const customer = await newApi();
  const submit = async (authorName: string, content: string) => {
    const response = await customer.post(`/api/submit/${slug}`, {
      data: { authorName, content, rating: 5, authorLocation: 'Springfield' },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).testimonial.id as string;
  };
  const approvedTexts = [
    `${businessName}: the first kind words.`,
    `${businessName}: the second kind words.`,
    ...extra.map((t) => t.content),
  ];
  const ids = [
    await submit('Ada', approvedTexts[0]!),
    await submit('Grace', approvedTexts[1]!),
    ...(await Promise.all(extra.map((t) => submit(t.authorName, t.content)))),
  ];
  const pending = `${businessName}: still waiting for review.`;
  await submit('Pat', pending);
  for (const id of ids) {
    const response = await api.patch(`/api/testimonials/${id}`, { data: { status: 'approved' } });
    expect(response.status(), await response.text()).toBe(200);
  }
  await customer.dispose();
  return { api, slug, approved: approvedTexts, pending };
}

const widgetOf = (page: Page, slug: string): Locator =>
  page.locator(`vouchly-widget[data-vouchly-widget="${slug}"]`);

/** "n of m" of the slide on show (Playwright locators reach into the open shadow root). */
const activeSlide = (widget: Locator): Promise<string | null> =>
  widget.locator('.sl.on').getAttribute('aria-label');

let alpha: Owner;
let beta: Owner;
let host: { server: Server; origin: string };

test.beforeAll(async ({ playwright }) => {
  const base = baseUrl();
  // Our own Origin, as a browser on our pages would send it (docs/security.md rule 3).
  const newApi = () =>
    playwright.request.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
  alpha = await createOwner(newApi, 'Alpha Bakery', [
    { authorName: XSS_NAME, content: XSS_CONTENT },
  ]);
  beta = await createOwner(newApi, 'Beta Plumbing');
  host = await startHostSite(base, [alpha.slug, beta.slug]);
});

test.afterAll(async () => {
  await alpha?.api.dispose();
  await beta?.api.dispose();
  await new Promise((resolve) => host?.server.close(resolve));
});

test('two widgets on a hostile host page show their own approved testimonials as text, with no cookie', async ({
  page,
  baseURL,
}, testInfo) => {
  const dataRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/widget/')) dataRequests.push(request.url());
  });
  // Chromium warns here when a preload goes unused or does not match the widget's own request.
  const consoleMessages: string[] = [];
  page.on('console', (message) => consoleMessages.push(`${message.type()}: ${message.text()}`));
  await page.goto(host.origin);
  const a = widgetOf(page, alpha.slug);
  const b = widgetOf(page, beta.slug);

  for (const [widget, own, other] of [
    [a, alpha, beta],
    [b, beta, alpha],
  ] as const) {
    await expect(widget.getByRole('group', { name: `1 of ${own.approved.length}` })).toBeVisible();
    for (const text of own.approved)
      await expect(widget.getByText(text, { exact: true })).toHaveCount(1);
    await expect(widget.getByText(own.pending)).toHaveCount(0);
    for (const text of other.approved) await expect(widget.getByText(text)).toHaveCount(0);
  }

  // The host's `all: unset` and 40px root font reach neither widget: the card keeps its own look.
  const card = a.locator('.sl.on figure');
  await expect(card).toHaveCSS('border-radius', '12px');
  await expect(card.locator('blockquote')).toHaveCSS('font-size', '17px');
  // `all: unset !important` also takes the snippet box's height away: the widget then takes its own, and shows its text.
  await expect(card.locator('blockquote')).toBeVisible();
  expect((await a.locator('section.w').boundingBox())?.height).toBe(
    widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS),
  );

  // A customer's markup is text: no element made from it, nothing run.
  await expect(a.locator('blockquote', { hasText: 'Great service indeed' })).toHaveText(
    XSS_CONTENT,
  );
  await expect(a.getByText(XSS_NAME, { exact: true })).toHaveCount(1);
  // (Inside the widget: the snippet's own script tag stands in the box, outside the shadow root.)
  await expect(a.locator('section.w').locator('img[src="x"], script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();

  // One request per widget: the snippet's preload, which the widget's own fetch takes over.
  expect(dataRequests.sort()).toEqual(
    [widgetDataUrl(baseURL!, alpha.slug), widgetDataUrl(baseURL!, beta.slug)].sort(),
  );
  expect(consoleMessages).toEqual([]);

  // Public, cookie-free: nothing stored for either origin.
  expect(await page.context().cookies([baseURL!, host.origin])).toEqual([]);

  await page.screenshot({ path: testInfo.outputPath('host-page.png'), fullPage: true });
});

/** Long enough for widget.js and the data to arrive and the widgets to be drawn first. */
const LATE_CSS_MS = 1500;

test('a stylesheet that takes the box away after the widget is drawn leaves it whole, at its own height', async ({
  page,
}) => {
  // The host page's stylesheet arrives after the widgets are drawn: an async script does not wait for it.
  await page.route(`${host.origin}/hostile.css`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, LATE_CSS_MS));
    await route.continue();
  });
  await page.goto(host.origin);
  const b = widgetOf(page, beta.slug);
  await expect(b.locator('.sl.on figure blockquote')).toBeVisible();
  // Drawn in the snippet's box, before the page's `all: unset` arrives and takes the box's height away.
  await expect
    .poll(() => b.evaluate((box) => getComputedStyle(box).display), { timeout: 5000 })
    .toBe('inline');
  await expect
    .poll(() => b.locator('section.w').evaluate((w) => w.getBoundingClientRect().height))
    .toBe(widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS));
  await expect(b.locator('.sl.on figure blockquote')).toBeVisible();
  await expect(b.getByRole('button', { name: 'Next testimonial' })).toBeVisible();
});

test('the carousel turns every 4000 ms and holds while the pointer is over it', async ({
  page,
}) => {
  // Playwright's clock drives the page's timers: exact turns, no waiting on the wall clock.
  const start = new Date('2026-06-01T09:00:00Z').getTime();
  await page.clock.install({ time: start });
  await page.goto(host.origin);
  const a = widgetOf(page, alpha.slug);
  await expect(a.locator('.sl.on')).toHaveAttribute('aria-label', '1 of 3');

  // Stop time a moment after load; from here the page only moves when the test says so.
  // The jump may fire the pending turn once, so read where it stands.
  await page.clock.pauseAt(start + 60_000);
  const slide = async () => Number((await activeSlide(a))?.split(' ')[0]);
  const next = (n: number) => `${(n % 3) + 1} of 3`;
  let current = await slide();

  // Nothing moves just short of 4000 ms; at 4000 ms the next slide is on, and again 4000 ms later.
  await page.clock.runFor(3_999);
  await expect(a.locator('.sl.on')).toHaveAttribute('aria-label', `${current} of 3`);
  await page.clock.runFor(1);
  await expect(a.locator('.sl.on')).toHaveAttribute('aria-label', next(current));
  current = await slide();
  await page.clock.runFor(4_000);
  await expect(a.locator('.sl.on')).toHaveAttribute('aria-label', next(current));
  current = await slide();

  // Hover holds it for two periods and more (three would come round to the same slide)...
  await a.locator('.sl.on figure').hover();
  await page.clock.runFor(10_000);
  await expect(a.locator('.sl.on')).toHaveAttribute('aria-label', `${current} of 3`);

  // ...and leaving (for the host page's heading, outside the widget) lets it go on, one period later.
  await page.getByRole('heading', { name: "A customer's website" }).hover();
  await page.clock.runFor(4_000);
  await expect(a.locator('.sl.on')).toHaveAttribute('aria-label', next(current));
});

test('a header saved in /widget shows on the host page after a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto(host.origin);
  const a = widgetOf(page, alpha.slug);
  await expect(a.locator('.sl.on')).toBeVisible();
  await expect(a.getByRole('heading', { name: 'Fresh from the oven' })).toHaveCount(0);

  // The owner changes the header in the settings screen (their own browser).
  const ownerContext = await browser.newContext({
    baseURL,
    storageState: await alpha.api.storageState(),
  });
  const owner = await ownerContext.newPage();
  const ownerErrors: string[] = [];
  owner.on('console', (message) => {
    if (message.type() === 'error') ownerErrors.push(message.text());
  });
  owner.on('pageerror', (error) => ownerErrors.push(error.message));
  await owner.goto('/widget');
  await expect(owner.getByText('Preview with sample testimonials')).toHaveCount(0);
  const save = owner.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  await owner.getByLabel('Header text').fill('Fresh from the oven');
  // The preview shows it before saving.
  await expect(
    owner.locator('#widget-preview').getByRole('heading', { name: 'Fresh from the oven' }),
  ).toBeVisible();
  await save.click();
  await expect(owner.getByText('Widget settings saved')).toBeVisible();
  await expect(save).toBeDisabled();
  await ownerContext.close();
  expect(ownerErrors, 'console errors on /widget').toEqual([]);

  await page.reload();
  await expect(a.getByRole('heading', { name: 'Fresh from the oven' })).toBeVisible();
  await expect(
    widgetOf(page, beta.slug).getByRole('heading', { name: 'Fresh from the oven' }),
  ).toHaveCount(0);
});
