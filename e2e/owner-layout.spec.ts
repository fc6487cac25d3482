// The owner's wide pages line up with the navigation bar above them: on a
// desktop and on a phone, each page's content column is the header's column,
// so its heading starts right under the logo (issue 14: /widget started at
// x = 24 at 1280 px while the header and the other pages sat on the gutter).
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerOwner } from './helpers';

const PAGES = [
  { path: '/', heading: 'Dashboard' },
  { path: '/testimonials', heading: 'Testimonials' },
  { path: '/widget', heading: 'Widget Settings' },
  { path: '/collection-link', heading: 'Collection Link' },
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

async function leftOf(element: Locator): Promise<number> {
  const box = await element.boundingBox();
  if (!box) throw new Error('not rendered');
  return box.x;
}

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
