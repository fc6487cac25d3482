// The no-script fallback as a customer's site uses it: an <iframe> of
// /embed/{slug} plus the resize snippet documented in README.md ("Embedding
// the widget"). The frame ends up exactly as tall as its content, at a phone's
// width and again after the page gets wider; the page shows the same cards as
// the script widget (stars, not "Rated n out of 5" as text) and its one
// script runs under the embed CSP without a violation.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  baseUrl,
  createShowcaseOwner,
  LONG_TEXT,
  SHORT_TEXTS,
  startHostSite,
  type ShowcaseOwner,
} from './widget-data';

/** The two snippets of README.md's "Embedding the widget" section that make a resizing iframe. */
function documentedIframeSnippet(slug: string): string {
  const readme = readFileSync(path.join(import.meta.dirname, '../README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Embedding the widget'));
  const blocks = [...(section ?? '').matchAll(/```html\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  const iframe = blocks.find((block) => block.includes('<iframe'));
  if (!iframe?.includes("addEventListener('message'"))
    throw new Error('README.md documents no iframe snippet with a message listener');
  return iframe
    .replaceAll('https://your-vouchly-host', baseUrl())
    .replaceAll('your-collection-slug', slug);
}

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

test('an iframe of /embed/{slug} with the documented snippet is as tall as its content, at any width', async ({
  page,
}) => {
  await page.goto(host.origin);
  const frame = await embedFrame(page);
  await expect(frame.getByText(LONG_TEXT)).toBeVisible();

  // The same cards as the script widget: stars with an accessible label, the text, the author.
  await expect(frame.getByRole('img', { name: 'Rated 5 out of 5' }).first()).toHaveText('★★★★★');
  await expect(frame.getByRole('img', { name: 'Rated 4 out of 5' }).first()).toHaveText('★★★★★');
  await expect(frame.getByText(/Rated \d out of 5/)).toHaveCount(0);
  for (const text of SHORT_TEXTS) await expect(frame.getByText(text)).toBeVisible();
  await expect(frame.locator('figure')).toHaveCount(4);
  await expect(frame.getByRole('link', { name: /^View .* photo/ })).toHaveCount(5);
  // Cards one under another, apart, each with the widget's rounded border.
  const boxes = await frame
    .locator('figure')
    .evaluateAll((figures) =>
      figures.map((figure) => figure.getBoundingClientRect().toJSON() as DOMRect),
    );
  for (let i = 1; i < boxes.length; i++)
    expect(boxes[i]!.top - boxes[i - 1]!.bottom).toBeGreaterThanOrEqual(8);
  await expect(frame.locator('figure').first()).toHaveCSS('border-radius', '12px');

  const wait = async () =>
    expect
      .poll(async () => {
        const { outer, content, scrolls } = await sizes(page, frame);
        return Math.abs(outer - content) <= 1 && !scrolls;
      })
      .toBe(true);
  await wait();
  const narrow = await sizes(page, frame);
  expect(narrow.content).toBeGreaterThan(600);

  // Wider: the text takes fewer lines, and the frame follows it down.
  await page.setViewportSize({ width: 1000, height: 844 });
  await wait();
  const wide = await sizes(page, frame);
  expect(wide.outer).toBeLessThan(narrow.outer - 100);

  // Nothing cut off: the last card's end is inside the frame.
  const lastCard = frame.locator('figure').last();
  const bottom = await lastCard.evaluate((figure) => figure.getBoundingClientRect().bottom);
  expect(bottom).toBeLessThanOrEqual(wide.outer);
});
