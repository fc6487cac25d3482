// `npm start` runs this first: builds the client and the widget when their
// output is missing, so a fresh clone serves the whole product in one command.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const builds = [
  { output: 'dist/client/index.html', args: ['build'] },
  { output: 'dist/widget/widget.js', args: ['build', '-c', 'vite.widget.config.ts'] },
];

for (const { output, args } of builds) {
  if (existsSync(output)) continue;
  console.log(`${output} is missing: running vite ${args.join(' ')}`);
  const result = spawnSync('node_modules/.bin/vite', [...args, '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
