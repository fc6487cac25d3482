// The collection journeys: the owner shapes the form on /collection-link (the
// collect/required coupling, the redirect, the live preview), copies the link,
// downloads and prints the QR code and sets a logo; a customer on a phone
// opens the link, fills the form with photos, sends it, watches the countdown
// and lands on the redirect page; an unknown link says so.
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { forgiveResponseErrors, ourPage, registerOwner as registerOwnerAs } from './helpers';

const registerOwner = async (page: Page, businessName: string) =>
  (await registerOwnerAs(page.request, { businessName, emailPrefix: 'collection' })).slug;

/** Solid-colour PNGs, one per colour, in a fresh temporary directory. */
async function makeImages(colours: string[]): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vouchly-collection-'));
  return Promise.all(
    colours.map(async (colour, index) => {
      const file = path.join(dir, `photo-${index + 1}.png`);
      await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
        .png()
        .toFile(file);
      return file;
    }),
  );
}

/** Opens the file chooser with the button named `name` and picks `files`. */
async function choosePhotos(page: Page, name: string, files: string | string[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name, exact: true }).click();
  await (await chooser).setFiles(files);
}

test('the owner shapes the form, copies the link, downloads and prints the QR code, and sets a logo', async ({
  page,
  baseURL,
}) => {
  const slug = await registerOwner(page, 'Harbour Coffee');
  const link = `${baseURL}/submit/${slug}`;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

  await page.goto('/collection-link');
  await expect(page.getByRole('heading', { name: 'Collection Link', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Collection link', { exact: true })).toHaveValue(link);
  await expect(page.getByRole('link', { name: /Open/ })).toHaveAttribute('href', link);

  // The Clipboard API wants a focused document.
  await page.bringToFront();
  await page.getByRole('button', { name: 'Copy collection link' }).click();
  await expect(page.getByText('Collection link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The preview is the public form itself.
  const preview = page.getByRole('region', { name: 'Live preview' });
  await expect(preview.getByRole('heading', { name: 'Harbour Coffee' })).toBeVisible();
  await page.getByLabel('Welcome message').fill('Tell us about your visit!');
  await expect(preview.getByText('Tell us about your visit!')).toBeVisible();

  // Coupling (docs/product/collection.md#form-settings): the required box is disabled while collect is off; collect off clears required.
  const collectBusinessName = page.getByRole('switch', { name: 'Collect Business name' });
  const businessNameRequired = page.getByRole('checkbox', { name: 'Business name required' });
  await expect(collectBusinessName).not.toBeChecked();
  await expect(businessNameRequired).toBeDisabled();
  await expect(preview.getByLabel(/Business name/)).toHaveCount(0);
  await collectBusinessName.click();
  await expect(businessNameRequired).toBeEnabled();
  await expect(preview.getByLabel('Business name (optional)')).toBeVisible();
  await businessNameRequired.click();
  await expect(businessNameRequired).toBeChecked();
  await expect(preview.getByLabel('Business name', { exact: true })).toBeVisible();

  const collectName = page.getByRole('switch', { name: 'Collect Name', exact: true });
  const nameRequired = page.getByRole('checkbox', { name: 'Name required', exact: true });
  await expect(nameRequired).toBeChecked();
  await collectName.click();
  await expect(collectName).not.toBeChecked();
  await expect(nameRequired).not.toBeChecked();
  await expect(nameRequired).toBeDisabled();
  await expect(preview.getByLabel('Name', { exact: true })).toHaveCount(0);
  await collectName.click();
  await expect(nameRequired).toBeEnabled();
  await expect(nameRequired).not.toBeChecked();
  await expect(preview.getByLabel('Name (optional)')).toBeVisible();

  await page.getByRole('switch', { name: 'Collect Product photos' }).click();
  await expect(preview.getByRole('group', { name: /Product photos/ })).toHaveCount(0);

  // The preview checks like the real form but sends nothing.
  await preview.getByRole('button', { name: 'Submit Testimonial' }).click();
  await expect(preview.getByText('Please select a rating')).toBeVisible();
  await expect(preview.getByText('Business name is required')).toBeVisible();

  // The redirect must be a full http(s) address.
  const redirect = page.getByLabel(/Redirect after submission/);
  await redirect.fill('example.com/thanks');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(
    page.getByText('Redirect URL must be a full web address starting with http:// or https://'),
  ).toBeVisible();
  await redirect.fill(`${baseURL}/terms`);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Welcome message')).toHaveValue('Tell us about your visit!');
  await expect(page.getByRole('switch', { name: 'Collect Business name' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Business name required' })).toBeChecked();
  await expect(
    page.getByRole('checkbox', { name: 'Name required', exact: true }),
  ).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Collect Product photos' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Product photos required' })).toBeDisabled();
  await expect(page.getByLabel(/Redirect after submission/)).toHaveValue(`${baseURL}/terms`);

  // The QR code: made in the page, downloaded as a PNG that scans to the collection link.
  await page.getByRole('button', { name: 'Generate QR Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your QR Code' });
  await expect(dialog.getByRole('img', { name: `QR code for ${link}` })).toBeVisible();
  const downloadEvent = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download' }).click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toBe('testimonial-qr-code.png');
  const downloadedPath = await download.path();
  const png = PNG.sync.read(await readFile(downloadedPath));
  expect([png.width, png.height]).toEqual([300, 300]);
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(`${link}?src=qr`);

  // Print opens a page of its own, titled for the customers who will scan it.
  const popupEvent = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Print' }).click();
  const popup = await popupEvent;
  await expect(popup).toHaveTitle('Scan to Leave a Testimonial');
  await expect(popup.getByRole('heading', { name: 'Scan to Leave a Testimonial' })).toBeVisible();
  await expect(popup.getByText(link)).toBeVisible();
  // On paper it names the business, so a customer knows whose testimonial they are leaving.
  await popup.emulateMedia({ media: 'print' });
  await expect(popup.getByText('Harbour Coffee', { exact: true })).toBeVisible();
  await popup.close();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The logo, uploaded from account settings, shows in the navigation bar.
  const [logo] = await makeImages(['#0f766e']);
  await page.goto('/account-settings');
  await expect(
    page.getByText('Recommended 200x200 or larger. PNG, JPG or SVG, max 5 MB.'),
  ).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await (await chooser).setFiles(logo as string);
  await expect(page.getByText('Logo updated')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Harbour Coffee logo' })).toHaveAttribute(
    'src',
    /^\/objects\/uploads\/[0-9a-f-]{36}\.png$/,
  );
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Logo removed')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Harbour Coffee logo' })).toHaveText('H');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a customer sends a testimonial with photos, sees the countdown and lands on the redirect page', async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    const slug = await registerOwner(page, 'Sunrise Bakery');
    const saved = await page.request.put('/api/collection-page-settings', {
      ...ourPage(),
      data: { welcomeMessage: 'How was your visit?', redirectAfterSubmission: `${baseURL}/terms` },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    // The customer is anonymous.
    await page.context().clearCookies();

    const [selfie, red, blue, green, amber, violet, before, after] = (await makeImages([
      '#7c3aed',
      '#e11d48',
      '#2563eb',
      '#16a34a',
      '#f59e0b',
      '#0891b2',
      '#78350f',
      '#fde68a',
    ])) as [string, string, string, string, string, string, string, string];

    await page.goto(`/submit/${slug}`);
    await expect(page.getByRole('heading', { name: 'Sunrise Bakery', level: 1 })).toBeVisible();
    await expect(page.getByText('How was your visit?')).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);

    // Everything the settings ask for is checked before anything is sent.
    await page.getByRole('button', { name: 'Submit Testimonial' }).click();
    await expect(page.getByText('Please select a rating')).toBeVisible();
    await expect(page.getByText('Testimonial must be at least 10 characters')).toBeVisible();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByRole('radio', { name: '1 star' })).toBeFocused();

    // The stars are a radio group: the arrow keys move along it.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(page.getByText('Please select a rating')).toBeHidden();
    await page.getByRole('radio', { name: '5 stars' }).click();
    await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();

    await page.getByLabel('Your testimonial').fill('Too short');
    await page
      .getByLabel('Your testimonial')
      .fill('The best sourdough in town, and such friendly staff.');
    await page.getByLabel('Name', { exact: true }).fill('Jane Customer');
    await page.getByLabel(/Email/).fill('not-an-email');
    await page.getByLabel(/Location/).fill('Portland, OR');
    await page.getByRole('button', { name: 'Submit Testimonial' }).click();
    await expect(page.getByText('Invalid email format')).toBeVisible();
    await page.getByLabel(/Email/).fill('jane@example.com');
    await expect(page.getByText('Invalid email format')).toBeHidden();

    // Photos upload as soon as they are chosen; the add button goes at five product photos.
    await choosePhotos(page, 'Add your photo', selfie);
    await expect(page.getByRole('img', { name: 'Personal photo' })).toBeVisible();
    await choosePhotos(page, 'Add photos of the product', [red, blue, green, amber, violet]);
    const products = page.getByRole('list', { name: 'Product photos' });
    await expect(products.getByRole('img')).toHaveCount(5);
    await expect(page.getByRole('button', { name: 'Add more product photos' })).toHaveCount(0);
    for (const photo of [5, 4, 3]) {
      await page.getByRole('button', { name: `Remove product photo ${photo}` }).click();
    }
    await expect(products.getByRole('img')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Add more product photos' })).toBeFocused();

    // A before photo needs its after photo.
    await choosePhotos(page, 'Add before photo', before);
    await expect(page.getByRole('img', { name: 'Before photo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Testimonial' })).toBeEnabled();
    await page.getByRole('button', { name: 'Submit Testimonial' }).click();
    const pairAlert = page
      .getByRole('alert')
      .filter({ hasText: 'Please add an after photo, or remove the before photo.' });
    await expect(pairAlert).toBeVisible();
    await choosePhotos(page, 'Add after photo', after);
    await expect(pairAlert).toBeHidden();
    await expect(page.getByRole('img', { name: 'After photo' })).toBeVisible();

    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // The honeypot is out of sight and out of the accessibility tree; a bot that fills it is
    // refused, and nothing the customer typed or uploaded is lost.
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
    await honeypot.fill('https://spam.example', { force: true });
    await page.getByRole('button', { name: 'Submit Testimonial' }).click();
    await expect(page.getByText('Failed to submit testimonial. Please try again.')).toBeVisible();
    await expect(page.getByLabel('Your testimonial')).toHaveValue(
      'The best sourdough in town, and such friendly staff.',
    );
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Jane Customer');
    await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await expect(products.getByRole('img')).toHaveCount(2);
    await expect(page.getByRole('img', { name: 'After photo' })).toBeVisible();
    await honeypot.fill('', { force: true });
    forgiveResponseErrors(consoleErrors, 400);

    const submitted = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/submit/${slug}`) && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit Testimonial' }).click();
    const response = await submitted;
    expect(response.status()).toBe(201);
    const sent = response.request().postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({
      authorName: 'Jane Customer',
      authorEmail: 'jane@example.com',
      authorLocation: 'Portland, OR',
      rating: 5,
      website: '',
    });
    expect(sent.productImageUrls).toHaveLength(2);
    expect(sent.authorImageUrl).toEqual(expect.any(String));
    expect(sent.beforeImageUrl).toEqual(expect.any(String));
    expect(sent.afterImageUrl).toEqual(expect.any(String));
    const { testimonial } = (await response.json()) as { testimonial: { id: string } };

    await expect(
      page.getByText('Your testimonial has been submitted and will be reviewed shortly.'),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('currentTestimonialId'))).toBe(
      testimonial.id,
    );
    const countdown = page.getByTestId('redirect-countdown');
    await expect(countdown).toHaveText(/Redirecting in 5 seconds/);
    await expect(countdown).toHaveText(/Redirecting in 4 seconds/);
    await expect(countdown).toHaveText(/Redirecting in 1 second…/, { timeout: 5_000 });
    await page.waitForURL(`${baseURL}/terms`, { timeout: 5_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test('an unknown collection link says the business was not found', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/submit/no-such-business-here');
  await expect(page.getByRole('heading', { name: 'Business Not Found' })).toBeVisible();
  await expect(
    page.getByText("The testimonial link you're looking for doesn't exist."),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Testimonial' })).toHaveCount(0);
  forgiveResponseErrors(consoleErrors, 404);
});
