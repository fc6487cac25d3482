// Issue 33: an owner imports a Senja export from the Testimonials screen. The screen reads the file in the browser
// (its format, columns and first rows), the check on the server reports the failed row, the owner imports the good
// rows through the real upload, follows the link to the pending testimonials and finds them there; the recent
// imports list the run, and a second check of the same file finds every good row already here. Then the shipped
// Senja sample, imported as approved: with the source mark on, the widget on a customer's site says "via Senja" on each
// card, linked to the original where Senja gave its address, and dated by when it was written there.
import path from 'node:path';
import { expect, test } from './fixtures';
import { registerOwner } from './helpers';
import { scriptHostPage, startHostSite } from './widget-data';

test('an owner checks a Senja export, imports the good rows and finds them pending', async ({
  page,
}) => {
  await registerOwner(page.request, { businessName: 'Linden Bakery', emailPrefix: 'imports' });
  const run = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const names = ['Maya Lindqvist', 'Tomás Ortega'].map((name) => `${name} ${run}`);
  const senja = [
    'id,type,text,rating,date,url,customer_name,customer_email,customer_avatar',
    `${run}-1,text,"The sourdough is the best in town.",5,2025-03-14T09:12:00Z,https://senja.io/r/1,${names[0]},maya@example.com,`,
    `${run}-2,text,"They baked our wedding cake at two weeks' notice.",5,2025-05-02T16:40:00Z,,${names[1]},,`,
    `${run}-3,text,"Seven stars.",7,2025-06-21T08:05:00Z,,Priya Nair,,`,
  ].join('\n');

  await page.goto('/testimonials');
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import testimonials' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({
    name: 'senja.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(senja),
  });

  // Read in the browser: the format detected, the columns preset, the row that will fail said at once.
  await expect(page.getByRole('combobox', { name: 'Format' })).toHaveValue('senja');
  await expect(page.getByRole('combobox', { name: 'Name' })).toHaveValue('customer_name');
  const preview = page.getByRole('region', { name: 'Preview of the first rows' });
  await expect(preview.getByRole('row', { name: /Priya Nair/ })).toContainText(
    'Rating must be a whole number',
  );

  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('2 testimonials would be imported')).toBeVisible();
  const failed = page.getByRole('region', { name: 'Failed rows' });
  await expect(failed.getByRole('row', { name: /^3 Rating must be/ })).toBeVisible();

  await page.getByRole('button', { name: 'Import the good rows (2)' }).click();
  await expect(page.getByText('Imported 2 testimonials', { exact: true }).first()).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Recent imports' })
      .getByText('2 imported, 0 duplicates, 1 failed'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Review them in Testimonials' }).click();
  await expect(page).toHaveURL(/\/testimonials\?status=pending$/);
  for (const name of names)
    await expect(page.getByRole('article').filter({ hasText: name })).toBeVisible();

  // The same file again: its rows are already here.
  await page.goBack();
  await page.locator('input[type=file]').setInputFiles({
    name: 'senja.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(senja),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('2 rows are already here and would be skipped')).toBeVisible();
  await expect(page.getByText(/nothing new to import/)).toBeVisible();
});

test('an owner imports the shipped Senja sample as approved, and the widget marks it "via Senja" with a link to the original', async ({
  page,
}) => {
  const { slug } = await registerOwner(page.request, {
    businessName: 'Harbour Bakery',
    emailPrefix: 'imports-mark',
  });
  await page.goto('/testimonials/import');
  await page
    .locator('input[type=file]')
    .setInputFiles(
      path.join(import.meta.dirname, '../src/server/modules/imports/samples/senja.csv'),
    );
  await expect(page.getByRole('combobox', { name: 'Format' })).toHaveValue('senja');
  await page.getByRole('radio', { name: /^Approved/ }).check();
  await page.getByRole('button', { name: 'Check file' }).click();
  await page.getByRole('button', { name: 'Import 3 testimonials' }).click();
  await expect(page.getByText('Imported 3 testimonials', { exact: true }).first()).toBeVisible();

  await page.goto('/widget');
  await page.getByRole('switch', { name: 'Show where each testimonial came from' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Widget settings saved')).toBeVisible();

  // On a customer's site: newest first by the date each was written at Senja, each card saying where it came from.
  const site = await startHostSite({ '/': scriptHostPage(slug) });
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(site.origin);
    const widget = page.locator(`vouchly-widget[data-vouchly-widget="${slug}"]`);
    const priya = widget.getByRole('group', { name: '1 of 3' });
    await expect(priya).toContainText('Priya Nair');
    await expect(priya).toContainText('Jun 21, 2025');
    // Senja gave no address for this one: the mark is text, not a link.
    await expect(priya.locator('.vi')).toHaveText('via Senja');
    await expect(priya.getByRole('link', { name: 'via Senja' })).toHaveCount(0);

    await widget.getByRole('button', { name: 'Show testimonial 3' }).click();
    const maya = widget.getByRole('group', { name: '3 of 3' });
    await expect(maya).toContainText('Maya Lindqvist');
    const link = maya.getByRole('link', { name: 'via Senja' });
    await expect(link).toHaveAttribute('href', 'https://senja.io/p/harbour-bakery/r/8f1c2a40');
    await expect(link).toHaveAttribute('rel', 'nofollow noopener');
  } finally {
    await site.close();
  }
});
