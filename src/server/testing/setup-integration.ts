// Runs before every integration test file: empties the worker's database
// before each test, and fails a test that logs an unexpected console.error.
import { beforeEach } from 'vitest';
import { failOnConsoleError } from '../../testing/fail-on-console-error.js';
import { testDatabase, truncateAll } from './test-database.js';

beforeEach(async () => {
  await truncateAll(await testDatabase());
});

failOnConsoleError();
