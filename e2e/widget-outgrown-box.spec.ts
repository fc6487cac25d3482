// Issue 29, 8: a snippet copied before a settings change. The owner copies the
// script tag from /widget with default settings and pastes it into their
// site; later they add a header, a larger font and (with the quick toggle of
// the testimonial dialog, which saves at once) the business name, so the
// widget needs more height than the box the snippet reserved. The widget
// must stay whole in that old box, and in much smaller ones: no part drawn
// over another, nothing cut off, the text in whole lines with "Read more";
// the page never moves; and /widget tells the owner the code is out of date.
import type { Browser, Locator, Page } from '@playwright/test';
import { widgetBoxHeight } from '../src/shared/widget-box';
import { WIDGET_SETTINGS_DEFAULTS } from '../src/shared/widget-data';
import { LAYOUT_SHIFT_VIEWPORTS } from '../src/testing/layout-shift';
import { expect, test } from './fixtures';
import { createShowcaseOwner, LONG_TEXT, startHostSite, type ShowcaseOwner } from './widget-data';
import { widgetProblems } from './widget-geometry';
import {
  expectNoShift,
  hostPage,
  onPhoneAndDesktop,
  saveShot,
  watchLayoutShift,
  widgetScreenViolations,
} from './widget-host';

const CHANGED = {
  ...WIDGET_SETTINGS_DEFAULTS,
  headerText: 'What our customers say',
  fontSize: 'lg',
} as const;
const NOW_NEEDED = widgetBoxHeight({ ...CHANGED, showBusinessName: true });
/** Boxes much smaller than the settings need, down to one that holds hardly a line. */
const SMALL_BOXES = [300, 220, 150, 90];

let owner: ShowcaseOwner;
let copied: string;
let host: Awaited<ReturnType<typeof startHostSite>>;

/** The owner on /widget, signed in, allowed to use the clipboard. */
async function widgetScreen(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: await owner.api.storageState() });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: process.env.E2E_BASE_URL,
  });
  const page = await context.newPage();
  await page.goto(`${process.env.E2E_BASE_URL}/widget`);
  return page;
}

test.beforeAll(async ({ playwright, browser }) => {
  test.setTimeout(120_000);
  owner = await createShowcaseOwner(playwright, 'Outgrown Box Kitchens');
  // Copied with the Copy button, as an owner does, before any change.
  const page = await widgetScreen(browser);
  await page.getByRole('button', { name: 'Copy script tag' }).click();
  await expect(page.getByText('script tag copied to clipboard')).toBeAttached();
  copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`height:${widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS)}px`);
  await page.context().close();

  // Then the settings grow: the form saves a header and a larger font, the quick toggle the name.
  // (owner.api sends our Origin with every request.)
  const saved = await owner.api.post('/api/widget-settings', { data: CHANGED });
  expect(saved.status(), await saved.text()).toBe(200);
  const toggled = await owner.api.put('/api/widget-settings', {
    data: { showBusinessName: true },
  });
  expect(toggled.status(), await toggled.text()).toBe(200);
  expect(NOW_NEEDED).toBeGreaterThan(widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS) + 100);

  const smaller = SMALL_BOXES.map((px) => copied.replace(/height:\d+px/, `height:${px}px`)).join(
    '<p>Between two widgets.</p>',
  );
  host = await startHostSite({ '/': hostPage(copied), '/smaller': hostPage(smaller) });
});

test.afterAll(async () => {
  await owner?.api.dispose();
  await host?.close();
});

/** Waits until every slide is drawn and every photo shown has loaded, so the measure is final. */
async function settled(widget: Locator): Promise<void> {
  await expect(widget.getByRole('group', { name: '1 of 4' })).toBeAttached();
  await expect
    .poll(() =>
      widget.evaluate((element) => {
        const root = element.shadowRoot;
        const images = [...(root?.querySelectorAll('img') ?? [])];
        // A photo row left out never loads its (lazy) images.
        return (
          root?.querySelectorAll('.sl .cd').length === 4 &&
          images.every((img) => img.complete || img.closest('[hidden]'))
        );
      }),
    )
    .toBe(true);
}

/** Shows the slide of the long testimonial with five photos, the one that needs the most room. */
async function showLongCard(widget: Locator): Promise<void> {
  // All slides, the hidden ones too (only the one shown is in the accessibility tree).
  const slides = widget.locator('.sl');
  const count = await slides.count();
  for (let i = 0; i < count; i += 1) {
    if ((await slides.nth(i).locator('blockquote').textContent()) === LONG_TEXT) {
      // The dot's own click (in a small box the controls are left out, so not by the mouse).
      await widget
        .locator(`button[aria-label="Show testimonial ${i + 1}"]`)
        .evaluate((dot: HTMLElement) => dot.click());
      await expect(slides.nth(i)).toHaveClass(/\bon\b/);
      // The slides cross-fade in 0.5 s.
      await widget.page().waitForTimeout(600);
    }
  }
}

test('the snippet copied before the change keeps the page still and the cards whole on a phone and a desktop', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  await onPhoneAndDesktop(browser, async (context, name) => {
    const result = await watchLayoutShift(context, host.origin);
    const widget = result.page.locator('vouchly-widget');
    await settled(widget);
    await showLongCard(widget);
    await saveShot(result.page, `8-copied-box-${name}`);
    expectNoShift(result, `old box on a ${name}`);
    expect(await widgetProblems(widget)).toEqual([]);
  });
});

for (const [name, viewport] of Object.entries(LAYOUT_SHIFT_VIEWPORTS)) {
  test(`in much smaller boxes the widget stays whole on a ${name}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${host.origin}/smaller`);
    const widgets = page.locator('vouchly-widget');
    await expect(widgets).toHaveCount(SMALL_BOXES.length);
    for (const i of SMALL_BOXES.keys()) {
      await settled(widgets.nth(i));
      await showLongCard(widgets.nth(i));
    }
    await saveShot(page, `8-smaller-boxes-${name}`);
    for (const [i, px] of SMALL_BOXES.entries()) {
      const widget = widgets.nth(i);
      expect(await widget.evaluate((element) => element.getBoundingClientRect().height)).toBe(px);
      expect(await widgetProblems(widget), `a box of ${px} px`).toEqual([]);
    }
    await context.close();
  });
}

test('/widget says the copied code is out of date, with the old and new heights, and copying again clears it', async ({
  browser,
}) => {
  const page = await widgetScreen(browser);
  const was = widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS);
  const notice = page.getByRole('alert').filter({ hasText: 'out of date' });
  await expect(page.getByRole('region', { name: 'Add the widget to your website' })).toBeVisible();
  await saveShot(page, '8-widget-page-notice');
  await expect(notice).toContainText(`${was} px`);
  await expect(notice).toContainText(`${NOW_NEEDED} px`);
  expect(await widgetScreenViolations(page, '[aria-labelledby="embed-code-title"]')).toEqual([]);
  await notice.getByRole('button', { name: /^Copy/ }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    `height:${NOW_NEEDED}px`,
  );
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Add the widget to your website' })).toBeVisible();
  await expect(page.getByText('out of date')).toHaveCount(0);
  await page.context().close();
});
