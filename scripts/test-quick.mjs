// `npm run test:quick`: the inner loop while writing code. Typecheck, lint of
// the files changed since the last commit (all files with `--all`, or when
// nothing changed), then the unit and component tests. No database suite, no
// build, no browser: `npm test` runs everything before a commit lands.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
const lintTargets = changed.length > 0 ? changed : ['.'];

const steps = [
  ['typecheck', 'node_modules/.bin/tsc', ['-p', '.']],
  [
    lintTargets[0] === '.' ? 'lint (all files)' : `lint (${changed.length} changed files)`,
    'node_modules/.bin/eslint',
    ['--max-warnings=0', '--no-warn-ignored', ...lintTargets],
  ],
  ['unit + component', 'node_modules/.bin/vitest', ['run', '--project', 'unit', '--project', 'component']],
];

const began = Date.now();
for (const [name, command, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
console.log(`\nAll quick checks passed in ${((Date.now() - began) / 1000).toFixed(1)} s.`);
