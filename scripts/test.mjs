// `npm test`: typecheck, lint, unit + integration, then the end-to-end tests
// against a fresh build. Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'node_modules/.bin/tsc', ['-p', '.']],
  ['lint', 'node_modules/.bin/eslint', ['.', '--max-warnings=0']],
  ['unit + integration', 'node_modules/.bin/vitest', ['run']],
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['build', 'npm', ['run', 'build', '--silent']],
  ['end-to-end', 'node_modules/.bin/playwright', ['test']],
];

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
