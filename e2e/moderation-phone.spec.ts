// Moderation on a phone (390 x 844): a long testimonial is clamped with "Show
// more" and expands; the rating filter and the sort change the list and stay
// in the address across a reload; nothing scrolls sideways.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ourPage, registerOwner } from './helpers';

async function submit(
  page: Page,
  slug: string,
  authorName: string,
  rating: number,
  content: string,
) {
  const response = await page.request.post(`/api/submit/${slug}`, {
    ...ourPage(),
    data: { rating, authorName, content, website: '' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const LONG = Array.from(
  { length: 12 },
  (_, index) =>
    `Sentence ${index + 1}: the sourdough, the pastries and the coffee were all wonderful.`,
).join(' ');

test('on a phone: Show more, filter by rating, sort, and no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { slug } = await registerOwner(page.request, {
    businessName: 'Phone Bakery',
    emailPrefix: 'moderation-phone',
  });
  await submit(page, slug, 'Long Lena', 5, LONG);
  await submit(page, slug, 'Short Sam', 2, 'Bread was fine, a bit dry.');
  await submit(page, slug, 'Four Fay', 4, 'Lovely croissants, friendly staff.');

  await page.goto('/testimonials');
  const lena = page.getByRole('article', { name: /Long Lena/ });
  const more = lena.getByRole('button', { name: 'Show more' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  expect((await more.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await expect(
    page.getByRole('article', { name: /Short Sam/ }).getByRole('button', { name: 'Show more' }),
  ).toHaveCount(0);
  await more.click();
  await expect(lena.getByRole('button', { name: 'Show less' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(lena.getByText(/Sentence 12:/)).toBeInViewport({ ratio: 0 });

  const noSidewaysScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await noSidewaysScroll()).toBe(true);

  await page.getByRole('combobox', { name: 'Rating' }).selectOption({ label: '4 stars and up' });
  await expect(page.getByRole('article', { name: /Short Sam/ })).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(2);

  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Lowest rating' });
  await expect(page.getByRole('article').first()).toHaveAccessibleName(/Four Fay/);
  await expect(page).toHaveURL(/sort=rating-low/);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('rating-low');
  await expect(page.getByRole('combobox', { name: 'Rating' })).toHaveValue('4+');
  await expect(page.getByRole('article').first()).toHaveAccessibleName(/Four Fay/);
  expect(await noSidewaysScroll()).toBe(true);
});
