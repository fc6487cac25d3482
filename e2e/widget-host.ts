// A customer's page with the snippet an owner copied from /widget, and the
// layout-shift watch over it (widget-layout-shift.spec.ts and the journeys of
// issue 29: widget-outgrown-box.spec.ts, widget-nothing-approved.spec.ts).
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  LAYOUT_SHIFT_PROBE,
  LAYOUT_SHIFT_VIEWPORTS,
  LAYOUT_SHIFT_WATCH_MS,
  READ_LAYOUT_SHIFTS,
  totalShift,
  type LayoutShift,
} from '../src/testing/layout-shift';
import { expect, test } from './fixtures';
import { documentedIframeSnippet } from './readme-snippets';
import type { ShowcaseOwner } from './widget-data';

/**
 * Runs `check` on a phone and on a desktop at the same time, each in its own browser context: most of a layout-shift
 * check is watching the page for a fixed time, which the two viewports can spend together.
 */
export async function onPhoneAndDesktop(
  browser: Browser,
  check: (context: BrowserContext, viewportName: string) => Promise<void>,
): Promise<void> {
  await Promise.all(
    Object.entries(LAYOUT_SHIFT_VIEWPORTS).map(async ([viewportName, viewport]) => {
      const context = await browser.newContext({ viewport });
      try {
        await check(context, viewportName);
      } finally {
        await context.close();
      }
    }),
  );
}

/** Google's "good" is below 0.1; the widget's own budget is 0.01. */
export const MAX_SHIFT = 0.01;

/** A page's worth of text below the widget, so a shift moves as much as it would on a real site. */
const MORE_BELOW = Array.from(
  { length: 12 },
  (_, i) =>
    `<p>Section ${i + 1}: what we do, where we work and how to reach us, in a few plain sentences.</p>`,
).join('');

/** The page of a customer's site: a heading, the pasted snippet, paragraphs below (a page's worth when `tall`). */
export const hostPage = (snippet: string, { tall = false } = {}) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>A customer's site</title></head><body style="margin:0 16px;font:16px/1.5 sans-serif"><h1>Our work</h1>${snippet}<p id="below">Call us any weekday between eight and six, or drop by the workshop.</p><p>We cover the whole county.</p>${tall ? MORE_BELOW : ''}</body></html>`;

/** The page at `url` watched for `watchMs`: the shifts it saw and where the text below the widget ended up. */
export async function watchLayoutShift(
  context: BrowserContext,
  url: string,
  watchMs = LAYOUT_SHIFT_WATCH_MS,
) {
  const page = await context.newPage();
  await page.addInitScript(LAYOUT_SHIFT_PROBE);
  await page.goto(url);
  const below = page.locator('#below');
  await below.waitFor();
  const firstTop = await below.evaluate((p) => p.getBoundingClientRect().top);
  await page.waitForTimeout(watchMs);
  const shifts = await page.evaluate<LayoutShift[]>(READ_LAYOUT_SHIFTS);
  const lastTop = await below.evaluate((p) => p.getBoundingClientRect().top);
  return { page, shifts, total: totalShift(shifts), firstTop, lastTop };
}

/** The page did not move: its layout shift is within MAX_SHIFT and the text below the widget stayed where it was first drawn. */
export function expectNoShift(
  result: Awaited<ReturnType<typeof watchLayoutShift>>,
  label: string,
): void {
  const detail = `${label}: ${result.total.toFixed(4)} ${JSON.stringify(result.shifts)}`;
  // The measure itself, for the record (the JSON reporter lists annotations).
  test.info().annotations.push({
    type: 'layout shift',
    description: `${label}: ${result.total.toFixed(4)}`,
  });
  expect(result.total, detail).toBeLessThanOrEqual(MAX_SHIFT);
  expect(result.lastTop, detail).toBe(result.firstTop);
}

/** The snippet the owner sees on /widget: the script tag, or the iframe code with the README's resize lines. */
export async function copiedSnippet(
  browser: Browser,
  owner: ShowcaseOwner,
  kind: 'script' | 'iframe',
) {
  const context = await browser.newContext({ storageState: await owner.api.storageState() });
  const page = await context.newPage();
  await page.goto(`${process.env.E2E_BASE_URL}/widget`);
  const card = page.getByRole('region', { name: 'Add the widget to your website' });
  if (kind === 'iframe') await card.getByRole('tab', { name: 'iframe' }).click();
  const code = (await card.getByRole('tabpanel').locator('pre code').textContent()) ?? '';
  await context.close();
  expect(code).toContain(
    kind === 'script' ? `data-widget="${owner.slug}"` : `/embed/${owner.slug}`,
  );
  return kind === 'script' ? code : documentedIframeSnippet(owner.slug, code);
}

/**
 * Saves a screenshot of `page` as `{name}.png` in WIDGET_SHOTS_DIR when that
 * is set (the before/after pictures of a change); does nothing otherwise.
 */
export async function saveShot(page: Page, name: string): Promise<void> {
  const dir = process.env.WIDGET_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/**
 * axe's findings (WCAG 2.x A and AA) inside `selector` on /widget, in the
 * light and the dark theme: one line per rule and element.
 */
export async function widgetScreenViolations(page: Page, selector: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const { violations } = await new AxeBuilder({ page })
      .include(selector)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    for (const violation of violations)
      for (const node of violation.nodes)
        found.push(`${colorScheme}: ${violation.id} ${node.target.join(' ')}`);
  }
  return found;
}
