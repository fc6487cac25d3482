// The no-script fallback as a customer's site uses it: an <iframe> of
// /embed/{slug} plus the resize snippet documented in README.md ("Embedding
// the widget"). The frame is as tall as the script widget with the same
// settings and keeps that height at any width, the cards side by side
// inside; the page shows the same cards as the script widget (stars, not
// "Rated n out of 5" as text) and its one script runs under the embed CSP
// without a violation.
import type { Frame, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { documentedIframeSnippet } from './readme-snippets';
import { widgetBoxHeight } from '../src/shared/widget-box';
import { WIDGET_SETTINGS_DEFAULTS } from '../src/shared/widget-data';
import {
  createShowcaseOwner,
  LONG_TEXT,
  SHORT_TEXTS,
  startHostSite,
  type ShowcaseOwner,
} from './widget-data';

let owner: ShowcaseOwner;
let host: Awaited<ReturnType<typeof startHostSite>>;

test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async ({ playwright }) => {
  owner = await createShowcaseOwner(playwright, 'Embed Kitchens');
  host = await startHostSite({
    '/': `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>A customer's site</title></head><body style="margin:0"><h1>Our work</h1>${documentedIframeSnippet(owner.slug)}<p>Call us any weekday.</p></body></html>`,
  });
});

test.afterAll(async () => {
  await owner?.api.dispose();
  await host?.close();
});

async function embedFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().includes('/embed/'))).toBe(true);
  return page.frames().find((f) => f.url().includes('/embed/')) as Frame;
}

/** The frame's height on the host page, its content's height and whether it scrolls inside. */
async function sizes(page: Page, frame: Frame) {
  const outer = await page
    .locator('iframe')
    .evaluate((iframe) => iframe.getBoundingClientRect().height);
  const inner = await frame.evaluate(() => ({
    content: Math.ceil(document.body.getBoundingClientRect().height),
    scrolls: document.documentElement.scrollHeight > document.documentElement.clientHeight,
  }));
  return { outer, ...inner };
}

test('an iframe of /embed/{slug} with the documented snippet keeps one height: the cards side by side, each whole in the frame', async ({
  page,
}) => {
  await page.goto(host.origin);
  const frame = await embedFrame(page);
  await expect(frame.getByText(LONG_TEXT)).toBeAttached();

  // The same cards as the script widget: stars with an accessible label, the text, the author.
  await expect(frame.getByRole('img', { name: 'Rated 5 out of 5' }).first()).toHaveText('★★★★★');
  await expect(frame.getByRole('img', { name: 'Rated 4 out of 5' }).first()).toHaveText('★★★★★');
  await expect(frame.getByText(/Rated \d out of 5/)).toHaveCount(0);
  for (const text of SHORT_TEXTS) await expect(frame.getByText(text)).toBeAttached();
  await expect(frame.locator('figure')).toHaveCount(4);
  await expect(frame.getByRole('link', { name: /^View .* photo/ })).toHaveCount(5);
  await expect(frame.locator('figure').first()).toHaveCSS('border-radius', '12px');

  // The frame is as tall as the script widget with the same settings, and the page exactly fills it.
  const height = widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS);
  const settled = async () =>
    expect
      .poll(async () => {
        const { outer, content, scrolls } = await sizes(page, frame);
        return outer === height && content === height && !scrolls;
      })
      .toBe(true);
  await settled();

  for (const width of [390, 1000]) {
    await page.setViewportSize({ width, height: 844 });
    await settled();
    // Side by side, one card wide with the next peeking in, apart, each whole inside the frame.
    const boxes = await frame
      .locator('figure')
      .evaluateAll((figures) =>
        figures.map((figure) => figure.getBoundingClientRect().toJSON() as DOMRect),
      );
    for (const [i, box] of boxes.entries()) {
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(height);
      if (i) expect(box.left - boxes[i - 1]!.right).toBeGreaterThanOrEqual(8);
    }
    expect(boxes[1]!.left).toBeLessThan(width);
  }

  // The long text scrolls inside its card, and a keyboard can reach it and every other card.
  const longText = frame.getByRole('region', { name: 'Testimonial from Priya Natarajan' });
  expect(await longText.evaluate((area) => area.scrollHeight > area.clientHeight)).toBe(true);
  await longText.focus();
  await page.keyboard.press('End');
  await expect.poll(() => longText.evaluate((area) => area.scrollTop)).toBeGreaterThan(0);
  const last = frame.getByRole('region', { name: 'Testimonial from Joe Park' });
  await last.focus();
  await expect(last).toBeInViewport();
});
