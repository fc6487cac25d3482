// Issue 33: reviews pulled from Google. An owner connects Google on the Integrations screen, against local stand-ins
// for Google's consent page, token endpoint and Business Profile APIs (src/server/testing/fake-review-sources.ts),
// chooses the location, and the review waiting there arrives as a pending testimonial marked as Google's; the owner
// approves it and the widget shows it. A second review added at Google arrives with Sync now.
import type { Page } from '@playwright/test';
import {
  startFakeReviewSources,
  type FakeReviewSources,
} from '../src/server/testing/fake-review-sources';
import { expect, FORGIVEN_CONSOLE_ERROR, test } from './fixtures';
import { registerOwner } from './helpers';
import { startServer, type RunningServer } from './server';

let fake: FakeReviewSources;
let server: RunningServer;

test.beforeAll(async () => {
  fake = await startFakeReviewSources();
  server = await startServer(
    { GOOGLE_CLIENT_ID: 'e2e-client.apps.example', GOOGLE_CLIENT_SECRET: 'e2e-client-secret' },
    { reviewSourceUrls: { ...fake.urls, timeoutMs: 5000 } },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

/** The pending testimonial by `name`, once the background sync has brought it in. */
async function pendingCard(page: Page, name: string) {
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(async () => {
    await page.goto('/testimonials?status=pending');
    await expect(card).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return card;
}

test('an owner connects Google, chooses the location, and approves a review it brought in', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !FORGIVEN_CONSOLE_ERROR.test(message.text()))
      errors.push(message.text());
  });
  const { slug } = await registerOwner(page.request, {
    businessName: 'Crumb & Co',
    emailPrefix: 'google',
    origin: server.baseUrl,
  });
  fake.google.addReview({
    reviewer: { displayName: 'Nora Hughes' },
    comment: 'Fixed my bike the same afternoon and explained what had worn out.',
    starRating: 'FOUR',
  });

  await page.goto('/integrations');
  const card = page.getByRole('region', { name: 'Review sources' });
  await card.getByRole('button', { name: 'Connect Google' }).click();
  // The stand-in's consent page agrees at once and sends the owner back with a code, which the page hands over.
  await expect(page).toHaveURL(/\/integrations$/);
  await card.getByRole('button', { name: 'Use this location' }).click();

  const nora = await pendingCard(page, 'Nora Hughes');
  await expect(nora.getByText('Imported from Google')).toBeVisible();
  await nora.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByText('Testimonial approved successfully')).toBeVisible();

  const widget = await page.request.get(`/api/widget/${slug}`);
  expect(
    ((await widget.json()) as { testimonials: { authorName: string }[] }).testimonials,
  ).toEqual([expect.objectContaining({ authorName: 'Nora Hughes' })]);

  // A new review at Google comes in with Sync now.
  fake.google.addReview({ reviewer: { displayName: 'Daniel Kim' }, comment: 'Friendly shop.' });
  await page.goto('/integrations');
  await card.getByRole('button', { name: 'Sync now Google' }).click();
  await pendingCard(page, 'Daniel Kim');
  expect(errors, 'console errors on the page').toEqual([]);
  await context.close();
});
