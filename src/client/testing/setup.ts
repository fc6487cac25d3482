// Runs before every component test file (vitest project "component"): the
// fake server refuses any request no test answers, the DOM is emptied after
// each test, and an unexpected console.error fails the test (as on the server).
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { failOnConsoleError } from '../../testing/fail-on-console-error';
import { dismissToast } from '../components/ui/toast';
import './happy-dom-gaps';
import { server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  // sonner keeps its toasts in a module-level store and replays the active
  // ones to the next <Toaster>: dismiss them, or a toast leaks into the next test.
  dismissToast();
  server.resetHandlers();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
afterAll(() => server.close());

failOnConsoleError();
