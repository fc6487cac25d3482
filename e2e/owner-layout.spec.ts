// How the owner's pages are laid out. The wide pages line up with the
// navigation bar above them: on a desktop and on a phone, each page's content
// column is the header's column, so its heading starts right under the logo
// (issue 14: /widget started at x = 24 at 1280 px while the header and the
// other pages sat on the gutter). And a toast never hides the widget settings'
// Save bar (the testimonials screen's bulk bar: moderation.spec.ts).
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { forgiveResponseErrors, registerOwner } from './helpers';

const PAGES = [
  { path: '/', heading: 'Dashboard' },
  { path: '/testimonials', heading: 'Testimonials' },
  { path: '/widget', heading: 'Widget Settings' },
  { path: '/collection-link', heading: 'Collection Link' },
  { path: '/requests', heading: 'Requests' },
  { path: '/analytics', heading: 'Analytics' },
];

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The left and right edges of what `element` lays its children out in (its box less its padding). */
function contentEdges(element: Locator): Promise<[number, number]> {
  return element.evaluate((node: HTMLElement) => {
    const box = node.getBoundingClientRect();
    const style = getComputedStyle(node);
    return [box.left + parseFloat(style.paddingLeft), box.right - parseFloat(style.paddingRight)];
  });
}

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(element: Locator): Promise<Box> {
  const box = await element.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

const leftOf = async (element: Locator) => (await boxOf(element)).x;

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('every wide owner page starts on the header’s gutter, on a desktop and on a phone', async ({
  page,
}) => {
  await registerOwner(page.request, { businessName: 'Gutter Goods', emailPrefix: 'layout' });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      const title = page.getByRole('heading', { level: 1, name: heading });
      await expect(title).toBeVisible();
      const where = `${path} at ${viewport.width} px`;

      const logo = page.getByRole('banner').getByRole('link', { name: /home$/ });
      expect(await leftOf(title), `${where}: the heading starts under the logo`).toBe(
        await leftOf(logo),
      );
      expect(
        await contentEdges(page.locator('main > :first-child')),
        `${where}: the page's column is the header's`,
      ).toEqual(await contentEdges(page.getByRole('banner').locator(':scope > div')));
    }
  }
});

test.describe('on a phone', () => {
  // Toasts come to rest at once (sonner honours reduced motion), so their boxes are where they stay.
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });

  test('the toast of a failed save stays clear of the Save bar', async ({
    page,
    consoleErrors,
  }) => {
    await registerOwner(page.request, { businessName: 'Gutter Goods', emailPrefix: 'layout' });
    await page.goto('/widget');
    await page.getByLabel('Header text').fill('Fresh from the oven');
    await page.route('**/api/widget-settings', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            json: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } },
          })
        : route.fallback(),
    );
    const save = page.getByRole('button', { name: 'Save Changes' });
    await save.click();
    const toast = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Failed to update widget settings' });
    await expect(toast).toBeVisible();
    forgiveResponseErrors(consoleErrors, 500);

    // The bar sticks to the bottom of the screen while there is something to save: all of it stays in sight.
    const toastBox = await boxOf(toast);
    for (const part of [
      page.getByText('Unsaved changes'),
      page.getByRole('button', { name: 'Reset' }),
      save,
    ]) {
      const partBox = await boxOf(part);
      expect(
        overlap(toastBox, partBox),
        `toast ${JSON.stringify(toastBox)} over ${JSON.stringify(partBox)}`,
      ).toBe(false);
    }
    expect(toastBox.y).toBeGreaterThanOrEqual(0);
  });
});
