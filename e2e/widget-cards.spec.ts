// Cards of very different lengths in one carousel, on a phone (390 px): one
// testimonial with long text and five photos, three short text-only ones.
// The carousel is as tall as the widget's box (so the host page never moves);
// long text is clamped to the lines that fit and photos are one row, so the
// short cards are left with a bounded blank space, and "Read more" shows the rest.
import type { Locator } from '@playwright/test';
import { widgetBoxHeight } from '../src/shared/widget-box';
import { WIDGET_SETTINGS_DEFAULTS } from '../src/shared/widget-data';
import { expect, test } from './fixtures';
import { ourPage } from './helpers';
import {
  baseUrl,
  createShowcaseOwner,
  createWidgetOwner,
  LONG_TEXT,
  scriptHostPage,
  SHORT_SUBMISSIONS,
  SHORT_TEXTS,
  startHostSite,
  type ShowcaseOwner,
} from './widget-data';
import { widgetProblems } from './widget-geometry';

/**
 * Blank space a short card may keep below its content. Every card is as tall
 * as the widget's box (issue 16: one height, so the host page never moves),
 * which holds four lines of text beside a row of photos; a two-line card
 * without photos keeps the rest, about five lines. Before issue 13 a short
 * card here kept 757 px.
 */
const MAX_BLANK_PX = 150;

let owner: ShowcaseOwner;
let host: Awaited<ReturnType<typeof startHostSite>>;

test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async ({ playwright }) => {
  owner = await createShowcaseOwner(playwright, 'Cards Kitchens');
  host = await startHostSite({ '/': scriptHostPage(owner.slug) });
});

test.afterAll(async () => {
  await owner?.api.dispose();
  await host?.close();
});

/** Every slide's height (the carousel's) and the height its card's content needs, measured in the page. */
function measureSlides(widget: Locator) {
  return widget.evaluate((element) => {
    const root = element.shadowRoot as ShadowRoot;
    return Array.from(
      root.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]'),
      (slide) => {
        const card = slide.querySelector('figure') as HTMLElement;
        const style = getComputedStyle(card);
        const parts = Array.from(card.children).filter((child) => {
          const position = getComputedStyle(child).position;
          return (
            child.getBoundingClientRect().height > 0 &&
            position !== 'absolute' &&
            position !== 'fixed'
          );
        });
        // The text area stretches to the card's height: its content is the text in it.
        const height = (child: Element) =>
          (child.classList.contains('qa')
            ? (child.firstElementChild ?? child)
            : child
          ).getBoundingClientRect().height;
        const content =
          parts.reduce((sum, child) => sum + height(child), 0) +
          Math.max(0, parts.length - 1) * (parseFloat(style.rowGap) || 0) +
          ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce(
            (sum, key) => sum + (parseFloat(style[key as 'paddingTop']) || 0),
            0,
          );
        return {
          text: card.querySelector('blockquote')?.textContent ?? '',
          slide: slide.getBoundingClientRect().height,
          content,
        };
      },
    );
  });
}

test('short cards keep little blank space beside a long one with five photos, and Read more shows it all', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(host.origin);
  const widget = page.locator(`vouchly-widget[data-vouchly-widget="${owner.slug}"]`);
  await expect(widget.getByRole('group', { name: '1 of 4' })).toBeVisible();
  // Images take their reserved boxes; wait until every one has loaded so the measure is final.
  await expect
    .poll(() =>
      widget.evaluate((element) =>
        Array.from(element.shadowRoot?.querySelectorAll('img') ?? []).every((img) => img.complete),
      ),
    )
    .toBe(true);

  const slides = await measureSlides(widget);
  expect(slides).toHaveLength(4);
  const long = slides.find((slide) => slide.text === LONG_TEXT);
  expect(long, 'the long card keeps its whole text').toBeDefined();
  for (const text of SHORT_TEXTS) {
    const short = slides.find((slide) => slide.text === text);
    expect(short, text).toBeDefined();
    expect(short!.slide - short!.content, `blank space in "${text}"`).toBeLessThan(MAX_BLANK_PX);
  }

  // The long card: its photos sit in one row.
  const index = slides.findIndex((slide) => slide.text === LONG_TEXT);
  await widget.getByRole('button', { name: `Show testimonial ${index + 1}` }).click();
  const slide = widget.getByRole('group', { name: `${index + 1} of 4` });
  const photoTops = await slide
    .getByRole('button', { name: /^View / })
    .evaluateAll((buttons) =>
      buttons.map((button) => Math.round(button.getBoundingClientRect().top)),
    );
  expect(photoTops.length).toBeGreaterThan(1);
  expect(new Set(photoTops).size, 'photo thumbnails in one row').toBe(1);

  // Read more: a real button, by keyboard; the whole text in a dialog; focus comes back.
  const readMore = slide.getByRole('button', { name: 'Read more' });
  await expect(readMore).toBeVisible();
  await readMore.focus();
  await page.keyboard.press('Enter');
  const dialog = widget.getByRole('dialog', { name: 'Testimonial from Priya Natarajan' });
  await expect(dialog).toBeVisible();
  const text = dialog.locator('blockquote');
  await expect(text).toHaveText(LONG_TEXT);
  // Not cut off: the text box is as tall as its text, and its last line can be scrolled into view.
  expect(
    await text.evaluate((element) => element.scrollHeight - element.clientHeight),
  ).toBeLessThanOrEqual(1);
  await text.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  await expect(text).toBeInViewport({ ratio: 0.2 });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(readMore).toBeFocused();

  // Short cards have nothing to read more of.
  for (const text of SHORT_TEXTS) {
    const i = slides.findIndex((s) => s.text === text);
    await widget.getByRole('button', { name: `Show testimonial ${i + 1}` }).click();
    await expect(
      widget
        .getByRole('group', { name: `${i + 1} of 4` })
        .getByRole('button', { name: 'Read more' }),
    ).toHaveCount(0);
  }
});

test('with the source mark on, an imported card says "via Trustpilot" under its name and is as tall and whole as the others', async ({
  page,
  playwright,
}) => {
  const marked = await createWidgetOwner(playwright, 'Marked Kitchens', SHORT_SUBMISSIONS, {
    showSources: true,
  });
  const site = await startHostSite({ '/': scriptHostPage(marked.slug) });
  try {
    // A review imported through the API v1, approved: the newest, so the first slide.
    const created = await marked.api.post('/api/integrations/api-key', ourPage());
    expect(created.status(), await created.text()).toBe(200);
    const { apiKey } = (await created.json()) as { apiKey: string };
    const imported = await fetch(`${baseUrl()}/api/v1/testimonials`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        authorName: 'Maximilian Alexander von Humboldt',
        authorBusinessName: 'Humboldt & Wiesenthal Landscaping',
        content: 'They redid our whole garden in a week and left it tidier than they found it.',
        rating: 5,
        status: 'approved',
        source: 'trustpilot',
      }),
    });
    expect(imported.status, await imported.text()).toBe(201);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(site.origin);
    const widget = page.locator(`vouchly-widget[data-vouchly-widget="${marked.slug}"]`);
    const first = widget.getByRole('group', { name: '1 of 4' });
    await expect(first).toBeVisible();
    // First on the line under the name; the name keeps its own line on a phone.
    await expect(first.locator('.mt > .vi:first-child')).toHaveText('via Trustpilot');
    await expect(first.locator('.vi')).toBeInViewport({ ratio: 1 });
    // Whole: the line under the name (cut with an ellipsis) cuts the business after it, never the mark.
    const overhang = await first
      .locator('.vi')
      .evaluate(
        (mark) =>
          mark.getBoundingClientRect().right -
          (mark.parentElement as HTMLElement).getBoundingClientRect().right,
      );
    expect(overhang).toBeLessThanOrEqual(0);
    await expect(widget.locator('.vi')).toHaveCount(1);

    // The box is the default one, and every card is as tall as the others and whole in it.
    expect((await widget.locator('section.w').boundingBox())?.height).toBe(
      widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS),
    );
    const heights = await widget
      .locator('figure')
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().height));
    expect(new Set(heights).size, `card heights ${heights.join(', ')}`).toBe(1);
    expect(await widgetProblems(widget)).toEqual([]);
  } finally {
    await marked.api.dispose();
    await site.close();
  }
});
