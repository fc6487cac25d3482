// Runs before every integration test file. Closes, after each test, what the test helpers opened during it.
import { afterEach } from 'vitest';
import { closeEverythingOpened } from './close-after-test.js';

afterEach(closeEverythingOpened);
