// Every e2e test imports `test` and `expect` from here: the base URL of the
// server started in global-setup.ts, and a page that fails the test on any
// console error or uncaught exception.
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ consoleErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // The browser logs every 401 (a signed-out visitor asking who they are) as an error.
        if (message.type() === 'error' && !/status of 401/.test(message.text()))
          errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
