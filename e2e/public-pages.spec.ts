// The public pages render before their script (issue 13): readable with
// JavaScript off, no failing request for a signed-out visitor, and the
// customer's form usable once hydrated. The landing page's live demo is the
// product's own widget, loaded by /widget.js.
import { request as playwrightRequest, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerOwner } from './helpers';

let slug = '';

test.beforeAll(async ({ baseURL }) => {
  const request = await playwrightRequest.newContext({ baseURL });
  ({ slug } = await registerOwner(request, { businessName: 'Tidewater Books' }));
  await request.dispose();
});

const PAGES = [
  { url: '/', heading: /customer trust/ },
  { url: '/terms', heading: 'Terms of Service & Privacy Policy' },
  { url: '/auth?tab=login', heading: 'Welcome back' },
  { url: '/auth?tab=register', heading: 'Step 1 of 4' },
  { url: '/forgot-password', heading: 'Send Reset Link' },
] as const;

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page shows its content', async ({ page }) => {
    for (const { url, heading } of PAGES) {
      await page.goto(url);
      await expect(page.getByText(heading).first(), url).toBeVisible();
      await expect(page.getByText('needs JavaScript'), url).toHaveCount(0);
    }
    await page.goto(`/submit/${slug}`);
    await expect(page.getByRole('heading', { name: 'Tidewater Books' })).toBeVisible();
    await expect(page.getByLabel('Your testimonial')).toBeVisible();
    // The landing page's links work without script.
    await page.goto('/');
    await page.getByRole('link', { name: 'Terms of Service & Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/terms$/);
  });
});

test("a signed-out visitor's pages make no request that fails and raise no issue", async ({
  page,
}) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  // What DevTools' Issues panel (and Lighthouse's best practices) would list, e.g. a CSP violation.
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => failed.push(`issue ${JSON.stringify(issue)}`));
  await cdp.send('Audits.enable');
  for (const { url } of PAGES) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  }
  await page.goto(`/submit/${slug}`);
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
});

test('hydrating a public page adds no module preload links (they held the main thread)', async ({
  page,
}) => {
  for (const url of ['/auth?tab=register', '/forgot-password', `/submit/${slug}`]) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('link[rel="modulepreload"]').count(), url).toBe(0);
  }
});

test('a rendered page is painted before it fetches its script: React and the app wait for it', async ({
  browser,
  baseURL,
}) => {
  const pages = [
    { url: '/', scripts: ['react'] },
    { url: '/terms', scripts: ['react'] },
    { url: '/auth?tab=login', scripts: ['main', 'react'] },
    { url: '/forgot-password', scripts: ['main', 'react'] },
    { url: `/submit/${slug}`, scripts: ['main', 'react'] },
  ];
  for (const { url, scripts } of pages) {
    // A new context each time: nothing cached from the page before.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const { firstPaint, fetched } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime,
      fetched: performance
        .getEntriesByType('resource')
        .map((entry) => ({
          script: /\/assets\/(react|main)-[\w-]+\.js$/.exec(entry.name)?.[1],
          startTime: entry.startTime,
        }))
        .filter((entry) => entry.script),
    }));
    for (const { script, startTime } of fetched)
      expect(startTime, `${url}: ${script}`).toBeGreaterThan(firstPaint ?? Infinity);
    expect(fetched.map(({ script }) => script).sort(), url).toEqual(scripts);
    await context.close();
  }
});

test("the owner's app shell announces the app's modules up front (entry.ts imports them at once)", async ({
  request,
}) => {
  const shell = await (await request.get('/testimonials')).text();
  const preloads = [...shell.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    ([, href]) => href ?? '',
  );
  expect(preloads).toContainEqual(expect.stringMatching(/^\/assets\/main-[\w-]+\.js$/));
  expect(preloads).toContainEqual(expect.stringMatching(/^\/assets\/react-[\w-]+\.js$/));
  for (const href of preloads) expect((await request.get(href)).status(), href).toBe(200);
});

test("the customer's form is there at once and works once hydrated", async ({ page }) => {
  await page.goto(`/submit/${slug}`, { waitUntil: 'commit' });
  // In the HTML itself: no loading skeleton first.
  await expect(page.getByRole('heading', { name: 'Tidewater Books' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading the testimonial form' })).toHaveCount(0);
  // Usable once hydrated: until then its Submit button is disabled, so nothing half-works.
  const submit = page.getByRole('button', { name: 'Submit Testimonial' });
  await expect(submit).toBeEnabled();
  await page.getByRole('radio', { name: '5 stars' }).click();
  await page.getByLabel('Your testimonial').fill('The best bookshop on the coast, and kind staff.');
  await page.getByLabel('Name', { exact: true }).fill('Marguerite');
  await submit.click();
  await expect(
    page.getByText('Your testimonial has been submitted and will be reviewed shortly.'),
  ).toBeVisible();
});

test('before hydration the form takes no click it would lose: stars and photo buttons wait for it', async ({
  page,
}) => {
  // Hold the page's scripts, as a slow phone would, so the rendered form sits unhydrated.
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto(`/submit/${slug}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Tidewater Books' })).toBeVisible();
  const fiveStars = page.getByRole('radio', { name: '5 stars' });
  await expect(fiveStars).toBeDisabled();
  await expect(page.getByRole('button', { name: /Add photo/ }).first()).toBeDisabled();
  // A click made now waits for the form instead of vanishing at hydration.
  const click = fiveStars.click();
  releaseScripts();
  await click;
  await expect(fiveStars).toBeChecked();
  await expect(page.getByText('5 out of 5 stars')).toBeVisible();
});

/** Holds the React chunk, as a slow phone would: the page's entry runs, nothing hydrates until `release()`. */
async function holdReact(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/react-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return { requested: page.waitForRequest(/\/assets\/react-[\w-]+\.js$/), release };
}

for (const url of ['/', '/auth?tab=login']) {
  test(`${url}: the theme toggle keeps a click or focus from before hydration`, async ({
    page,
  }) => {
    const toggle = page.getByRole('button', { name: 'Toggle theme' });
    const click = await holdReact(page);
    await page.goto(url);
    await click.requested;
    await toggle.click();
    click.release();
    // The menu opens once it is there, without a second click.
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);

    // A keyboard user who reached the toggle before hydration keeps the focus on it.
    await page.unrouteAll();
    const focus = await holdReact(page);
    await page.reload();
    await focus.requested;
    await toggle.focus();
    focus.release();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeVisible();
  });
}

test("the landing page shows the product's own widget, loaded by /widget.js, with labelled examples", async ({
  page,
}) => {
  const widgetScript = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/widget.js',
  );
  await page.goto('/');
  expect((await widgetScript).status()).toBe(200);
  const script = page.locator('script[src="/widget.js"][data-widget]');
  await expect(script).toHaveCount(1);
  const demoSlug = await script.getAttribute('data-widget');
  const data = await page.request.get(`/api/widget/${demoSlug}`);
  expect(data.status()).toBe(200);
  const { settings, testimonials } = (await data.json()) as {
    settings: { headerText: string };
    testimonials: { text: string }[];
  };
  expect(settings.headerText).toMatch(/example/i);
  expect(testimonials.length).toBeGreaterThan(0);
  // The widget draws in its own shadow root, in the snippet's box around the script tag.
  const shadowText = await page.waitForFunction(() => {
    const host = document.querySelector('script[data-widget]')?.parentElement;
    return host?.localName === 'vouchly-widget' ? (host.shadowRoot?.textContent ?? '') : '';
  });
  expect(await shadowText.jsonValue()).toContain(settings.headerText);
});
