// The walking skeleton as a visitor meets it: theme, terms, not-found, health.
import { expect, test } from './fixtures';

test.describe('theme', () => {
  test('a chosen theme is kept across a reload and applied before first paint', async ({
    page,
  }) => {
    // Record the <html> class at the moment <body> appears, i.e. before any paint.
    await page.addInitScript(() => {
      const record = () => {
        (window as unknown as { darkAtBody?: boolean }).darkAtBody =
          document.documentElement.classList.contains('dark');
      };
      new MutationObserver((_, observer) => {
        if (document.body) {
          record();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/dark/);

    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    expect(
      await page.evaluate(() => (window as unknown as { darkAtBody?: boolean }).darkAtBody),
    ).toBe(true);
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('the menu loads only when reached for, and a keyboard user keeps focus on the toggle', async ({
    page,
  }) => {
    const menuRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/theme-toggle-menu-[\w-]+\.js$/.test(request.url()))
        menuRequests.push(request.url());
    });
    await page.goto('/terms');
    await page.waitForLoadState('networkidle');
    // An idle page does not load the menu (it cost a long task during load).
    expect(menuRequests).toEqual([]);

    const toggle = page.getByRole('button', { name: 'Toggle theme' });
    await toggle.focus();
    await expect.poll(() => menuRequests.length).toBe(1);
    // The menu's own button replaced the drawn one, and has the focus.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('the default follows the system setting', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/terms');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });
});

test('the terms page states the terms and links back home', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByText('August 25, 2025')).toBeVisible();
  await expect(page.getByText(/non-refundable/i).first()).toBeVisible();
  await expect(page.getByText(/30 days/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /support@/ }).first()).toBeVisible();
  await page
    .getByRole('link', { name: /back to home/i })
    .last()
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown page shows the not-found screen', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('the API answers health and JSON 404s next to the app', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  const missing = await request.get('/api/nope');
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error.code).toBe('NOT_FOUND');
});
