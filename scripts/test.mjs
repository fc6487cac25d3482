// `npm test`: the static checks side by side (typecheck, lint, formatting,
// unused code), then every vitest project, then the end-to-end tests against a
// fresh build. Stops at the first failing step.
import { runSteps } from './run-steps.mjs';

await runSteps([
  [
    ['typecheck', 'node_modules/.bin/tsc', ['-p', '.']],
    ['lint', 'node_modules/.bin/eslint', ['.', '--max-warnings=0']],
    ['format', 'node_modules/.bin/prettier', ['--check', '.', '--log-level', 'warn']],
    ['unused code', 'node_modules/.bin/knip', []],
  ],
  ['unit + integration', 'node_modules/.bin/vitest', ['run']],
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['build', 'npm', ['run', 'build', '--silent']],
  ['end-to-end', 'node_modules/.bin/playwright', ['test']],
]);
