// Moderation journeys as an owner meets them: a customer sends a testimonial
// through the public form; the owner sees it pending on the dashboard,
// approves it, edits it (a tag, the rating, a new product photo), hides it,
// deletes another, bulk-approves three and exports a CSV. On a phone: the
// expanded photo view, and an action after the session ended elsewhere.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ourPage, pngOf, registerOwner as registerOwnerAs, uploadPublic } from './helpers';

const registerOwner = async (page: Page, businessName: string) =>
  (await registerOwnerAs(page.request, { businessName, emailPrefix: 'moderation' })).slug;

type Submission = {
  authorName: string;
  content: string;
  rating?: number;
  authorLocation?: string;
  productImageUrls?: string[];
  beforeImageUrl?: string;
  afterImageUrl?: string;
};

/** Sends a testimonial through the public submission call, as the form does. */
async function submit(request: APIRequestContext, slug: string, submission: Submission) {
  const response = await request.post(`/api/submit/${slug}`, {
    ...ourPage(),
    data: { rating: 5, ...submission, website: '' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The number shown on a dashboard stat card. */
function stat(page: Page, label: string): Locator {
  return page.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
}

test('a customer submits; the owner approves, edits, hides, deletes, bulk-approves and exports', async ({
  page,
  browser,
  baseURL,
}) => {
  const slug = await registerOwner(page, 'Harbour Bakery');
  // Older testimonials: one to delete, three to approve together.
  await submit(page.request, slug, {
    authorName: 'Old Bob',
    content: 'Fine bread, nothing special, would not go out of my way.',
    rating: 3,
  });
  for (const name of ['Amy Bulk', 'Ben Bulk', 'Cat Bulk']) {
    await submit(page.request, slug, {
      authorName: name,
      content: `${name} loves the croissants.`,
    });
  }

  // A customer, in their own browser, sends one through the public form.
  const customer = await browser.newContext({ baseURL });
  const form = await customer.newPage();
  await form.goto(`/submit/${slug}`);
  await form.getByRole('radio', { name: '5 stars' }).click();
  await form
    .getByLabel('Your testimonial')
    .fill('The best sourdough in town, and such friendly staff.');
  await form.getByLabel('Name', { exact: true }).fill('Jane Customer');
  await form.getByLabel(/Location/).fill('Portland, OR');
  await form.getByRole('button', { name: 'Submit Testimonial' }).click();
  await expect(
    form.getByText('Your testimonial has been submitted and will be reviewed shortly.'),
  ).toBeVisible();
  await customer.close();

  // The owner sees it pending on the dashboard, and approves it there.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(stat(page, 'Total Testimonials')).toHaveText('5');
  await expect(stat(page, 'Pending Review')).toHaveText('5');
  await expect(stat(page, 'This Month')).toHaveText('5');
  await expect(stat(page, 'Avg Rating')).toHaveText('4.6');
  const recent = page.getByRole('region', { name: 'Recent Testimonials' });
  await expect(recent.getByRole('article')).toHaveCount(3);
  const fresh = recent.getByRole('article', { name: 'Jane Customer' });
  await expect(fresh.getByText('Status: Pending')).toBeVisible();
  await expect(fresh.getByText('The best sourdough in town')).toBeVisible();
  const preview = page.getByRole('region', { name: 'Live Widget Preview' });
  await expect(preview.getByText('No approved testimonials yet')).toBeVisible();

  await fresh.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByText('Testimonial approved successfully')).toBeVisible();
  await expect(fresh.getByText('Status: Approved')).toBeVisible();
  await expect(fresh.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await expect(stat(page, 'Pending Review')).toHaveText('4');
  // The widget preview (the real renderer, in its shadow root) now shows it.
  await expect(preview.getByText('The best sourdough in town')).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Customize' })).toHaveAttribute('href', '/widget');

  await recent.getByRole('link', { name: 'View All Testimonials' }).click();
  await expect(page).toHaveURL(/\/testimonials$/);
  await expect(page.getByRole('heading', { name: 'Testimonials', level: 1 })).toBeVisible();
  await expect(page.getByText('5 total')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Pending (4)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Approved (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Rejected (0)' })).toBeVisible();

  // Edit: a tag (a duplicate in other letters is ignored), the rating, a product photo.
  const card = page.getByRole('article', { name: 'Jane Customer' });
  await card.getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Testimonial' });
  await expect(dialog.getByLabel('Author Name')).toHaveValue('Jane Customer');
  const tags = dialog.getByRole('textbox', { name: 'Tags' });
  await tags.fill('Sourdough');
  await tags.press('Enter');
  await tags.fill('sourdough');
  await tags.press('Enter');
  await tags.fill('Staff');
  await tags.press('Enter');
  await dialog.getByRole('button', { name: 'Remove tag Staff' }).click();
  await expect(dialog.getByRole('list', { name: 'Current tags' }).getByRole('listitem')).toHaveText(
    ['Sourdough'],
  );
  await dialog.getByRole('radio', { name: '3 stars' }).click();
  await expect(dialog.getByRole('radio', { name: '3 stars' })).toBeChecked();

  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Add product photo' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'loaf.png',
    mimeType: 'image/png',
    buffer: await pngOf('#c2410c'),
  });
  await expect(dialog.getByRole('img', { name: 'Product photo 1' })).toBeVisible();
  await expect(dialog.getByText('1 of 5 · you can add 4 more.')).toBeVisible();

  await dialog.getByLabel('Content').fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Content is required')).toBeVisible();
  await dialog
    .getByLabel('Content')
    .fill('The best sourdough in town, and such friendly staff. Worth the queue!');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Testimonial updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('list', { name: 'Tags' })).toHaveText('Sourdough');
  await expect(card.getByRole('img', { name: '3 out of 5 stars' })).toBeVisible();
  await expect(card.getByText('Worth the queue!')).toBeVisible();
  await expect(card.getByRole('button', { name: 'View product photo 1' })).toBeVisible();

  // Hide it again (a reject).
  await card.getByRole('button', { name: /^Hide/ }).click();
  await expect(page.getByText('Testimonial rejected successfully')).toBeVisible();
  await expect(card.getByText('Status: Rejected')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Approve/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Rejected (1)' })).toBeVisible();

  // Delete another, after the warning.
  const bob = page.getByRole('article', { name: 'Old Bob' });
  await bob.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Testimonial' });
  await expect(confirm.getByText(/cannot be undone/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete Forever' }).click();
  await expect(page.getByText('Testimonial deleted successfully')).toBeVisible();
  await expect(bob).toHaveCount(0);
  await expect(page.getByText('4 total')).toBeVisible();

  // Approve the three pending ones at once.
  await page.getByRole('tab', { name: 'Pending (3)' }).click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByRole('article')).toHaveCount(3);
  await page.getByLabel('Select all on this page').check();
  const bulk = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bulk.getByText('3 selected')).toBeVisible();
  await bulk.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByText('3 testimonials approved successfully')).toBeVisible();
  await expect(page.getByText('No pending testimonials found')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Approved (3)' })).toBeVisible();
  await expect(bulk).toBeHidden();

  // Search narrows the list and the counts.
  await page.getByRole('tab', { name: 'All' }).click();
  await page.getByRole('searchbox', { name: 'Search testimonials' }).fill('sourdough');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('tab', { name: 'Approved (0)' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search testimonials' }).fill('');
  await expect(page.getByRole('article')).toHaveCount(4);

  // Export everything as CSV.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain('authorName');
  for (const name of ['Jane Customer', 'Amy Bulk', 'Ben Bulk', 'Cat Bulk'])
    expect(csv).toContain(name);
  expect(csv).not.toContain('Old Bob');
  expect(csv).toContain('Sourdough');
  expect(csv.trim().split(/\r\n/)).toHaveLength(5);
});

test('an owner with no testimonials yet copies the collection link from the empty list', async ({
  page,
  baseURL,
}) => {
  const slug = await registerOwner(page, 'Brand New Bakery');
  const link = `${baseURL}/submit/${slug}`;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/testimonials');
  await expect(page.getByText('No testimonials found')).toBeVisible();
  await expect(
    page.getByText('Share your collection link to start collecting testimonials.'),
  ).toBeVisible();

  // The Clipboard API wants a focused document.
  await page.bringToFront();
  await page.getByRole('button', { name: 'Copy Collection Link' }).click();
  await expect(page.getByText('Collection link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The QR code for the counter is one click away too.
  await page.getByRole('button', { name: 'Generate QR Code' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Your QR Code' })
      .getByRole('img', { name: `QR code for ${link}` }),
  ).toBeVisible();
});

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('a toast and the bulk bar', () => {
  // Toasts come to rest at once (sonner honours reduced motion): their boxes are where they stay.
  test.use({ reducedMotion: 'reduce' });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width} px a toast never covers the bulk bar, at the top or the foot of the list`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const slug = await registerOwner(page, 'Corner Deli');
      // More than a screen of cards: the bar sticks to the bottom of the screen until the list ends.
      for (let n = 1; n <= 10; n += 1) {
        await submit(page.request, slug, {
          authorName: `Guest ${n}`,
          content: `Guest ${n} loved the pastrami on rye.`,
        });
      }
      await page.goto('/testimonials');
      const bar = page.getByRole('region', { name: 'Bulk actions' });
      const card = (n: number) => page.getByRole('article', { name: `Guest ${n}`, exact: true });
      /** The toast saying `text` is on screen, and the bar too: neither hides the other. */
      const expectApart = async (text: string, where: string) => {
        const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
        await expect(toast).toBeVisible();
        await expect(bar).toBeVisible();
        const [toastBox, barBox] = [await boxOf(toast), await boxOf(bar)];
        const at = `${where}: toast ${JSON.stringify(toastBox)}, bar ${JSON.stringify(barBox)}`;
        expect(overlap(toastBox, barBox), at).toBe(false);
        expect(toastBox.y, at).toBeGreaterThanOrEqual(0);
        expect(toastBox.y + toastBox.height, at).toBeLessThanOrEqual(viewport.height);
      };

      // A toast already showing when a selection brings the bar up.
      await card(10)
        .getByRole('button', { name: /^Approve/ })
        .click();
      await card(9).getByRole('checkbox', { name: 'Select testimonial from Guest 9' }).check();
      await card(8).getByRole('checkbox', { name: 'Select testimonial from Guest 8' }).check();
      await expectApart('Testimonial approved successfully', 'top of the list');

      // A toast raised while the bar shows, at the foot of the list where the bar sits in the page.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await card(1)
        .getByRole('button', { name: /^Reject/ })
        .click();
      await expectApart('Testimonial rejected successfully', 'foot of the list');
    });
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('photos open in the expanded view; an action after the session ended goes home', async ({
    page,
  }) => {
    const slug = await registerOwner(page, 'Pocket Florist');
    await submit(page.request, slug, {
      authorName: 'Rosa Petal',
      content: 'The bouquet looked even better than the photos.',
      productImageUrls: [await uploadPublic(page.request, slug, 'product-image', '#db2777')],
      beforeImageUrl: await uploadPublic(page.request, slug, 'before-after-image', '#78716c'),
      afterImageUrl: await uploadPublic(page.request, slug, 'before-after-image', '#16a34a'),
    });

    await page.goto('/');
    const item = page
      .getByRole('region', { name: 'Recent Testimonials' })
      .getByRole('article', { name: 'Rosa Petal' });
    // Product photos first, then before and after: 3 in all.
    await item.getByRole('button', { name: 'View before photo' }).click();
    const viewer = page.getByRole('dialog', { name: /Photos from Rosa Petal/ });
    await expect(viewer.getByText('2 / 3')).toBeVisible();
    await expect(viewer.getByRole('img', { name: 'Before photo' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText('3 / 3')).toBeVisible();
    await expect(viewer.getByRole('img', { name: 'After photo' })).toBeVisible();
    await viewer.getByRole('button', { name: 'Next image' }).click();
    await expect(viewer.getByText('1 / 3')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByText('3 / 3')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(item.getByRole('button', { name: 'View before photo' })).toBeFocused();

    // The session ends elsewhere; the next admin action says so and goes home. The dashboard's reads have all
    // answered first (the analytics summary is the slowest): a read still waiting for a connection would find the
    // session gone before the action does, and end it itself.
    await expect(page.getByRole('region', { name: 'Last 7 days' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading analytics' })).toHaveCount(0);
    await page.context().clearCookies();
    await item.getByRole('button', { name: /^Approve/ }).click();
    await expect(page.getByText('Unauthorized', { exact: true })).toBeVisible();
    await expect(page.getByText('You are logged out. Logging in again...')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start' }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
