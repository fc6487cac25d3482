// Issue 31: a new owner follows the dashboard's first-week checklist to the end. Welcomed as new, they
// download the print-ready QR code (it scans to the collection link with ?src=qr), a customer sends a
// testimonial through the public form, the owner approves it, asks another customer by email and imports an old
// spreadsheet, the widget loads on the owner's own site (another origin), and the checklist is gone.
import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { fromNewestEmail, ourPage, registerOwner, uniqueEmail } from './helpers';
import { scriptHostPage, startHostSite } from './widget-data';

test('a new owner follows the first-week checklist until it disappears', async ({
  page,
  browser,
  baseURL,
}) => {
  const { email, slug } = await registerOwner(page.request, {
    businessName: 'Maple Dental',
    emailPrefix: 'first-week',
  });
  await page.goto('/');
  await expect(page.getByText(/^Welcome to .+, Maple Dental!/)).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);
  const checklist = page.getByRole('region', { name: 'Your first week' });
  await expect(checklist.getByText('0 of 5 done')).toBeVisible();
  await expect(checklist.getByRole('listitem')).toHaveCount(5);

  // 1. Share: the step's link leads to the collection link screen, where the print PNG is downloaded.
  await checklist.getByRole('link', { name: /Share your collection link/ }).click();
  await expect(page).toHaveURL(/\/collection-link$/);
  const recorded = page.waitForResponse(
    (response) => response.url().endsWith('/api/collection/shared') && response.ok(),
  );
  const downloadEvent = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PNG (print)' }).click();
  const download = await downloadEvent;
  await recorded;
  expect(download.suggestedFilename()).toBe(`testimonial-qr-code-${slug}.png`);
  const { data, info } = await sharp(await readFile(await download.path()))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(info.width).toBeGreaterThanOrEqual(1200);
  const qrLink = `${baseURL}/submit/${slug}?src=qr`;
  expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(qrLink);

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(checklist.getByText('1 of 5 done')).toBeVisible();
  await expect(
    checklist.getByRole('link', { name: /Share your collection link.*\(done\)/ }),
  ).toBeVisible();

  // 2. A customer scans the code: the form opens at the link, with ?src=qr, and takes the testimonial.
  const customer = await browser.newContext();
  const form = await customer.newPage();
  await form.goto(qrLink);
  await expect(form.getByRole('heading', { name: 'Maple Dental', level: 1 })).toBeVisible();
  await form.getByRole('radio', { name: '5 stars' }).click();
  await form.getByLabel('Your testimonial').fill('Gentle, on time and they explained everything.');
  await form.getByLabel('Name', { exact: true }).fill('Jane Patient');
  await form.getByRole('button', { name: 'Submit Testimonial' }).click();
  await expect(
    form.getByText('Your testimonial has been submitted and will be reviewed shortly.'),
  ).toBeVisible();

  // The owner is emailed at once (the server's job queue sends it), with the stars and the text.
  const subject = await fromNewestEmail(
    email,
    (decoded) =>
      decoded.includes('Jane Patient: ★★★★★ (5 out of 5)')
        ? /^Subject: (.*)$/m.exec(decoded)?.[1]
        : undefined,
    'a new-testimonial email',
  );
  expect(subject).toBe('New testimonial from Jane Patient (5/5)');

  // 3. The owner approves it from the dashboard.
  await page.reload();
  const recent = page.getByRole('region', { name: 'Recent Testimonials' });
  await recent
    .getByRole('article', { name: 'Jane Patient' })
    .getByRole('button', { name: /^Approve/ })
    .click();
  await expect(checklist.getByText('2 of 5 done')).toBeVisible();

  // 4, 5. The owner asks another patient by email, and imports the testimonials of an old spreadsheet.
  const asked = await page.request.post('/api/requests', {
    ...ourPage(),
    data: { customers: [{ name: 'Tom Patient', email: uniqueEmail('patient') }] },
  });
  expect(asked.status(), await asked.text()).toBe(202);
  const imported = await page.request.post('/api/imports', {
    headers: { origin: baseURL ?? '', 'content-type': 'text/csv' },
    data: 'name,text\nOld Patient,Kind and careful for twenty years.\n',
  });
  expect(imported.status(), await imported.text()).toBe(200);
  await page.reload();
  await expect(checklist.getByText('4 of 5 done')).toBeVisible();

  // 6. The owner's own site loads the widget: a request with another Origin than ours.
  const host = await startHostSite({ '/': scriptHostPage(slug) });
  try {
    const site = await customer.newPage();
    await site.goto(`${host.origin}/`);
    await expect(site.getByText('Gentle, on time and they explained everything.')).toBeVisible();
  } finally {
    await host.close();
    await customer.close();
  }

  // All done: the checklist is gone, and the owner is welcomed back.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/Welcome back!/)).toBeVisible();
    await expect(checklist).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
});
