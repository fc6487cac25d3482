// Every e2e test imports `test` and `expect` from here: the base URL of the
// server started in global-setup.ts, and a page that fails the test on any
// console error or uncaught exception.
import { test as base, expect } from '@playwright/test';

/**
 * Console errors that are not the page's: the browser logs every 401 (a signed-out visitor asking who they are)
 * as an error; and Playwright's own scripts, which it tries to run in every frame, are blocked in a sandboxed srcdoc
 * frame that runs none (the request email's preview), which logs one too (microsoft/playwright#33343).
 */
export const FORGIVEN_CONSOLE_ERROR =
  /status of 401|^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;

export const test = base.extend<{ consoleErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from the pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !FORGIVEN_CONSOLE_ERROR.test(message.text()))
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
