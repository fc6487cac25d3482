// The widget never moves the page it sits on (issue 16). The snippet an owner
// copies from /widget is pasted into a plain page, a heading above it and
// paragraphs below, and the page's cumulative layout shift is summed the way
// Google counts it (`layout-shift` entries without recent input) over the
// first 9.5 seconds: the script loading, the data arriving, photos and a web
// font loading late, and two turns of the carousel. On a phone and on a
// desktop, for few and many testimonials, short and long ones, with and
// without photos and a header;
// and the same for the iframe of /embed/{slug} with the README's resize
// snippet, and for the landing page's live demo.
import { readFileSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import {
  LAYOUT_SHIFT_PROBE,
  LAYOUT_SHIFT_WATCH_MS,
  READ_LAYOUT_SHIFTS,
  totalShift,
  type LayoutShift,
} from '../src/testing/layout-shift';
import { expect, test } from './fixtures';
import {
  createWidgetOwner,
  LONG_TEXT,
  PHOTO_SHOWCASE,
  SHORT_SUBMISSIONS,
  startHostSite,
  type ShowcaseOwner,
  type Submission,
} from './widget-data';
import {
  copiedSnippet,
  hostPage,
  MAX_SHIFT,
  onPhoneAndDesktop,
  watchLayoutShift as watch,
} from './widget-host';

/** About 600 characters: the first four sentences of LONG_TEXT. */
const MEDIUM_TEXT = LONG_TEXT.split('. ').slice(0, 4).join('. ') + '.';
const MEDIUM: Submission = { authorName: 'Grace Liu', content: MEDIUM_TEXT };
const WITH_PHOTO: Submission = async (upload) => ({
  authorName: 'Lena Ortiz',
  content: 'Lovely new shelves, see for yourself.',
  productImageUrls: [await upload('product-image', '#0d9488')],
});
const MANY: Submission[] = Array.from({ length: 12 }, (_, i) =>
  i === 0
    ? PHOTO_SHOWCASE
    : i % 4 === 0
      ? { ...MEDIUM, authorName: `Customer ${i}` }
      : { authorName: `Customer ${i}`, content: `Short and sweet, number ${i}. Would book again.` },
);

type Case = { name: string; submissions: Submission[]; settings?: Record<string, unknown> };

const CASES: Case[] = [
  { name: 'text only', submissions: [...SHORT_SUBMISSIONS, MEDIUM] },
  { name: 'with a photo testimonial', submissions: [...SHORT_SUBMISSIONS, MEDIUM, WITH_PHOTO] },
  { name: 'one testimonial', submissions: [SHORT_SUBMISSIONS[0]!] },
  {
    // Served by the routes below: a wide monospace face that arrives 1.5 s late and swaps in.
    name: 'a web font arriving late',
    submissions: [...SHORT_SUBMISSIONS, MEDIUM],
    settings: { fontFamily: 'poppins', headerText: 'What our customers say' },
  },
  {
    name: 'many, with header, name and branding',
    submissions: MANY,
    settings: { headerText: 'What our customers say', showBusinessName: true, showBranding: true },
  },
];

/** The Google Fonts stylesheet of the web-font case, and its font files: this machine's DejaVu Sans Mono, much wider than the fallback. */
const LATE_FONT_CSS = ['400', '700']
  .map(
    (weight) =>
      `@font-face{font-family:"Poppins";font-weight:${weight};font-display:swap;src:url(https://fonts.gstatic.com/late-${weight}.ttf)}`,
  )
  .join('');
const LATE_FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';
const FONT_DELAY_MS = 1_500;

async function serveLateFont(context: BrowserContext): Promise<void> {
  await context.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ contentType: 'text/css', body: LATE_FONT_CSS }),
  );
  await context.route('https://fonts.gstatic.com/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, FONT_DELAY_MS));
    await route.fulfill({ contentType: 'font/ttf', body: readFileSync(LATE_FONT_FILE) });
  });
}

const owners: ShowcaseOwner[] = [];
let host: Awaited<ReturnType<typeof startHostSite>>;

test.beforeAll(async ({ playwright, browser }) => {
  test.setTimeout(180_000);
  const pages: Record<string, string> = {};
  for (const [i, { name, submissions, settings }] of CASES.entries()) {
    const owner = await createWidgetOwner(playwright, `Shift Test ${i}`, submissions, settings);
    owners.push(owner);
    pages[`/case-${i}`] = hostPage(await copiedSnippet(browser, owner, 'script'));
    if (name === 'with a photo testimonial')
      pages['/iframe'] = hostPage(await copiedSnippet(browser, owner, 'iframe'));
  }
  host = await startHostSite(pages);
});

test.afterAll(async () => {
  await Promise.all(owners.map((owner) => owner.api.dispose()));
  await host?.close();
});

test('the pasted snippet does not move the page on a phone and a desktop', async ({ browser }) => {
  test.setTimeout(120_000);
  await onPhoneAndDesktop(browser, async (context, viewportName) => {
    await serveLateFont(context);
    // All cases at once: each page is watched for the same 9.5 s.
    const paths = [...CASES.map((_, i) => `/case-${i}`), '/iframe'];
    const names = [...CASES.map((c) => c.name), 'iframe of /embed with the resize snippet'];
    const results = await Promise.all(paths.map((path) => watch(context, host.origin + path)));
    for (const [i, result] of results.entries()) {
      const label = `${names[i]} (${viewportName}): ${JSON.stringify(result.shifts)}`;
      expect(result.total, label).toBeLessThanOrEqual(MAX_SHIFT);
      expect(result.lastTop, label).toBe(result.firstTop);
    }
    // The widgets did show their testimonials, and the late font did arrive and swap in.
    for (const [i, { page }] of results.slice(0, CASES.length).entries())
      await expect(
        page.locator('vouchly-widget').getByRole('group').first(),
        names[i],
      ).toBeAttached();
    const fontCase = results[CASES.findIndex((c) => c.name === 'a web font arriving late')]!;
    expect(
      await fontCase.page.evaluate(() =>
        [...document.fonts].some(
          (font) => font.family.includes('Poppins') && font.status === 'loaded',
        ),
      ),
    ).toBe(true);
  });
});

test("the landing page's live demo does not move the page on a phone and a desktop", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  await onPhoneAndDesktop(browser, async (context, viewportName) => {
    const page = await context.newPage();
    await page.addInitScript(LAYOUT_SHIFT_PROBE);
    await page.goto(process.env.E2E_BASE_URL ?? '');
    await expect(page.locator('vouchly-widget').getByRole('group').first()).toBeAttached();
    await page.waitForTimeout(LAYOUT_SHIFT_WATCH_MS);
    const shifts = await page.evaluate<LayoutShift[]>(READ_LAYOUT_SHIFTS);
    expect(totalShift(shifts), `${viewportName}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(
      MAX_SHIFT,
    );
  });
});
