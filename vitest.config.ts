import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A test file that starts the server or a command as a process of its own (testing/server-process.ts, spawnSync). */
const startsProcesses = (file: string) =>
  /\b(startServerProcess|spawnSync|spawn)\(/.test(readFileSync(file, 'utf8'));

/**
 * Vitest's order, with the files that start processes first: they are the longest (the kill -9 and restart tests
 * start the server from source two and three times), and started last, as a fresh clone's run did, they alone made
 * its last 80 seconds.
 */
class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = sorted.filter((spec) => startsProcesses(spec.moduleId));
    return [...first, ...sorted.filter((spec) => !first.includes(spec))];
  }
}

export default defineConfig({
  test: {
    // Twice the cores of the 2-core CI machine: most integration tests wait on
    // sockets, timers and the database rather than compute, so four files at a
    // time take about two thirds of the time two do (docs/decisions/0025).
    maxWorkers: 4,
    sequence: { sequencer: ProcessesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          // Worker threads start faster than the default child processes: about
          // a third off these two projects (docs/decisions/0025).
          pool: 'threads',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.integration.test.ts'],
          environment: 'node',
        },
      },
      {
        // React screens in a simulated DOM, their requests answered by MSW (src/client/testing).
        test: {
          name: 'component',
          pool: 'threads',
          // One module graph per worker, not one per file: React, the router and the screens are imported once,
          // which halves the project's time (59 s to 30 s on this machine). Each test renders into a fresh
          // query client and router (testing/render.tsx), and MSW's handlers are reset after each test
          // (testing/setup.ts); the project passes in any order (checked with --sequence.shuffle).
          isolate: false,
          include: ['src/client/**/*.test.tsx'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
          setupFiles: ['src/client/testing/setup.ts'],
          // A screen walked through many clicks shares two cores with four test
          // files at a time (the integration suite among them); on CI one such
          // walk took more than Vitest's default 5 s. The time limit catches a
          // hang, not slowness: the assertions wait on the screen, not the clock.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/**/*.integration.test.ts'],
          globalSetup: ['src/server/testing/global-setup.ts'],
          setupFiles: [
            'src/server/testing/setup-close-after-test.ts',
            'src/server/testing/setup-integration.ts',
          ],
          pool: 'forks',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
