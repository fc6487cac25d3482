// A burst of submissions (docs/decisions/0022): 30 junk submissions put the
// form under a burst; a customer on a phone still adds a photo and sends their
// testimonial, their browser passing the check on the way, with "Checking your
// browser..." on the button (a check that cannot be done keeps the photo, to
// be tried again); the owner sees the burst on the testimonials screen, keeps
// the one they approved and deletes the rest at once.
import { mkdir } from 'node:fs/promises';
import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { expect, test } from './fixtures';
import { forgiveResponseErrors, pngOf, registerOwner } from './helpers';

/** Where the screenshots of this journey go, for people to look at. */
const SHOTS = process.env.E2E_SHOTS_DIR;
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * An owner signed in on `page` whose form took 30 junk submissions (all
 * stored) and is under a burst: the 31st, sent without the check, is refused
 * with the code the form acts on. Answers the form's slug.
 */
async function formUnderBurst(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  emailPrefix: string,
) {
  const { slug } = await registerOwner(page.request, {
    businessName: 'Harbour Coffee',
    emailPrefix,
  });
  const baseURL = process.env.E2E_BASE_URL!;
  const flooder = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL },
  });
  const junk = (i: number) => ({
    authorName: `Bot ${i}`,
    content: `Buy cheap watches now, offer number ${i}.`,
    rating: 5,
  });
  for (let i = 1; i <= 30; i++) {
    const sent = await flooder.post(`/api/submit/${slug}`, { data: junk(i) });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  const refused = await flooder.post(`/api/submit/${slug}`, { data: junk(31) });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
    'CHALLENGE_REQUIRED',
  );
  await flooder.dispose();
  return slug;
}

test('a form under a burst stays open to a customer on a phone, and the owner deletes the burst at once', async ({
  page,
  playwright,
  browser,
  consoleErrors,
}) => {
  const slug = await formUnderBurst(page, playwright, 'burst');

  // A customer on a phone, who has never seen the form.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const customer = await phone.newPage();
  const customerErrors: string[] = [];
  customer.on('pageerror', (error) => customerErrors.push(error.message));
  // The challenge held back a moment, so the check's state can be seen and photographed; the
  // first one is refused, as a challenge limit would, to show what the customer sees then.
  let challenges = 0;
  await customer.route('**/api/submit/*/challenge', async (route) => {
    challenges += 1;
    if (challenges <= 2) {
      await route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' },
        }),
      });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await customer.goto(`/submit/${slug}`);
  await customer.getByRole('radio', { name: '5 stars' }).check();
  await customer
    .getByLabel('Your testimonial')
    .fill('The flat white is the best on the harbour, and the staff remember my name.');
  await customer.getByLabel('Name', { exact: true }).fill('Maria Lopez');

  // Two photos: each upload URL asks for the check, which cannot be done at first, so each photo
  // waits to be tried again.
  const choose = async (button: string, name: string, colour: string) => {
    const chooser = customer.waitForEvent('filechooser');
    await customer.getByRole('button', { name: button, exact: true }).click();
    const picker = await chooser;
    await picker.setFiles({ name, mimeType: 'image/png', buffer: await pngOf(colour) });
  };
  const products = customer.getByRole('list', { name: 'Product photos' });
  const retries = [
    customer.getByRole('button', { name: 'Retry upload of personal photo' }),
    products.getByRole('button', { name: 'Retry upload of product photo 1' }),
  ];
  await choose('Add your photo', 'me.png', '#0f766e');
  await expect(retries[0]!).toBeVisible();
  await choose('Add photos of the product', 'flat-white.png', '#92400e');
  await expect(retries[1]!).toBeVisible();
  await expect(
    customer.getByText('Failed to upload image. Please try again.').first(),
  ).toBeVisible();
  await shoot(customer, 'submit-phone-photos-not-uploaded');
  await customer.emulateMedia({ colorScheme: 'dark' });
  await shoot(customer, 'submit-phone-photos-not-uploaded-dark');
  await customer.emulateMedia({ colorScheme: 'light' });
  for (const retry of retries) await retry.click();
  const checking = customer.getByRole('button', { name: 'Checking your browser...' });
  await expect(checking).toBeVisible();
  await expect(customer.getByRole('status').filter({ hasText: 'quick check' })).toBeVisible();
  await shoot(customer, 'submit-phone-checking-photos');
  await expect(customer.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  await expect(customer.getByRole('img', { name: 'Personal photo' })).toBeVisible();
  await expect(products.getByRole('img', { name: 'Product photo 1' })).toBeVisible();
  for (const retry of retries) await expect(retry).toHaveCount(0);

  // The form asked once: the testimonial is checked before it is sent.
  await customer.getByRole('button', { name: 'Submit Testimonial' }).click();
  await expect(checking).toBeVisible();
  await expect(customer.getByRole('status').filter({ hasText: 'quick check' })).toBeVisible();
  await shoot(customer, 'submit-phone-checking');
  const started = Date.now();
  await expect(customer.getByRole('heading', { name: /Thank you/i })).toBeVisible({
    timeout: 30_000,
  });
  test.info().annotations.push({
    type: 'check, challenge answered to thank-you (ms)',
    description: String(Date.now() - started - 1500),
  });
  expect(customerErrors).toEqual([]);
  await phone.close();

  // The owner's testimonials screen tells of the burst.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/testimonials');
  const notice = page.getByRole('region', { name: /31 submissions arrived in a burst on/ });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('31 of them are still pending');
  await expect(notice).toContainText("asks each visitor's browser for a quick check");
  await shoot(page, 'testimonials-desktop-notice');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, 'testimonials-desktop-notice-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // The real one is approved, with its photos; the rest of the burst goes in one action.
  const real = page.getByRole('article', { name: /Maria Lopez/ });
  await expect(real.getByRole('img').first()).toBeVisible();
  await real.getByRole('button', { name: 'Approve' }).click();
  await expect(notice).toContainText('30 of them are still pending');
  await notice.getByRole('button', { name: 'Delete 30 pending' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete 30 pending testimonials?' });
  await expect(dialog).toBeVisible();
  await shoot(page, 'testimonials-desktop-confirm');
  await dialog.getByRole('button', { name: 'Delete 30 testimonials' }).click();
  await expect(page.getByText('30 testimonials deleted successfully')).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(page.getByText('1 total')).toBeVisible();
  await expect(page.getByRole('article', { name: /Maria Lopez/ })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText('1 total')).toBeVisible();
  forgiveResponseErrors(consoleErrors, 403);
});

test('the notice on a phone, in dark mode', async ({ page, playwright }) => {
  await formUnderBurst(page, playwright, 'burst-phone');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/testimonials');
  const notice = page.getByRole('region', { name: /30 submissions arrived in a burst on/ });
  await expect(notice).toBeVisible();
  const box = await notice.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await shoot(page, 'testimonials-phone-notice-dark');
});
