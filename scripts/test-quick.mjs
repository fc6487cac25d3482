// `npm run test:quick`: the inner loop while writing code. Typecheck and lint
// of the files changed since the last commit (all files with `--all`, or when
// nothing changed) side by side, then the unit and component tests. No database suite, no
// build, no browser: `npm test` runs everything before a commit lands.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { runSteps } from './run-steps.mjs';

const LINTED = /\.(ts|tsx|js|mjs)$/;

/** Files changed since HEAD (staged, unstaged and new), that ESLint reads and that still exist. */
function changedFiles() {
  const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n');
  const names = [
    ...git('diff', '--name-only', 'HEAD'),
    ...git('ls-files', '--others', '--exclude-standard'),
  ];
  return [...new Set(names)].filter((name) => LINTED.test(name) && existsSync(name));
}

const all = process.argv.includes('--all');
const changed = all ? [] : changedFiles();

await runSteps([
  [
    // Incremental: a second run reads only what changed since the first.
    [
      'typecheck',
      'node_modules/.bin/tsc',
      [
        '-p',
        '.',
        '--incremental',
        '--tsBuildInfoFile',
        'node_modules/.cache/vouchly/tsc.tsbuildinfo',
      ],
    ],
    [
      changed.length > 0
        ? `lint (${changed.length} changed ${changed.length === 1 ? 'file' : 'files'})`
        : 'lint (all files)',
      'node_modules/.bin/eslint',
      ['--max-warnings=0', '--no-warn-ignored', ...(changed.length > 0 ? changed : ['.'])],
    ],
  ],
  [
    'unit + component',
    'node_modules/.bin/vitest',
    ['run', '--project', 'unit', '--project', 'component'],
  ],
]);
