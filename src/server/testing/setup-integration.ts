// Runs before every integration test file: empties the worker's database
// before each test, and fails a test that logs an unexpected console.error.
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { testDatabase, truncateAll } from './test-database.js';

beforeEach(async () => {
  await truncateAll(await testDatabase());
});

let consoleError: MockInstance<typeof console.error> | undefined;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = consoleError?.mock.calls ?? [];
  consoleError?.mockRestore();
  if (calls.length > 0) {
    throw new Error(`Unexpected console.error: ${calls.map((call) => call.map((part: unknown) => String(part)).join(' ')).join('\n')}`);
  }
});
