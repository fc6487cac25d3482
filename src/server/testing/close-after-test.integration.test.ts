// The integration project shares one module graph per worker (isolate: false), so a helper's module-level hook would
// run only for the first file that imported it. This runs two files in one such worker and expects every server both
// opened to be closed after the test that opened it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { redisServerBinary } from './redis-server.js';

const fixture = path.join(import.meta.dirname, 'fixtures/closes-what-it-opened');

test.skipIf(!redisServerBinary)(
  'what the helpers open is closed after each test in every file, not only the first',
  async () => {
    // A failed fixture test makes vitest exit with 1; its report is on stdout all the same.
    const stdout = await promisify(execFile)(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--config',
        path.join(fixture, 'vitest.config.ts'),
        '--reporter=json',
      ],
      { cwd: path.join(import.meta.dirname, '../../..') },
    ).then(
      (run) => run.stdout,
      (failed: unknown) => (failed as { stdout: string }).stdout,
    );
    const report = JSON.parse(stdout) as {
      testResults: { name: string; assertionResults: { title: string; status: string }[] }[];
    };
    const results = report.testResults.flatMap((file) =>
      file.assertionResults.map(
        (result) => `${path.basename(file.name)}: ${result.title}: ${result.status}`,
      ),
    );
    expect(results.sort()).toEqual([
      'first.fixture.ts: finds every one of them closed: passed',
      'first.fixture.ts: opens a server of each kind: passed',
      'second.fixture.ts: finds every one of them closed: passed',
      'second.fixture.ts: opens a server of each kind: passed',
    ]);
  },
);
