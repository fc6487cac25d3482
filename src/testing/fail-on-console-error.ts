// Test set-up shared by the integration and component projects (epic-stack's
// rule): a test that logs an unexpected console.error fails, so a warning
// nobody reads cannot hide a bug. Call once from a vitest setup file.
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

export function failOnConsoleError(): void {
  let consoleError: MockInstance<typeof console.error> | undefined;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    const calls = consoleError?.mock.calls ?? [];
    consoleError?.mockRestore();
    if (calls.length > 0) {
      const lines = calls.map((call) => call.map((part: unknown) => String(part)).join(' '));
      throw new Error(`Unexpected console.error: ${lines.join('\n')}`);
    }
  });
}
