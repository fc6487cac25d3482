// `npm start` runs this first: builds the client, the widget and the server
// when their output is missing, so a fresh clone serves the whole product in
// one command, and rebuilds one when it is stale, so a developer who pulls new
// code and runs `npm start` with an old dist/ does not run old code.
//
// Stale means: a source file (or the build's config) was modified after the
// build's output file was written. git sets a file's mtime when it writes the
// file, so a pull or a checkout that changes sources makes them newer than
// dist/. A cheap check (a few ms): it never misses a change to a listed input,
// and at worst rebuilds when nothing really changed (a touched file). Tests
// (*.test.ts, testing/ folders) and READMEs are not part of any build and are skipped.
//
// A production install without devDependencies (`npm install --omit=dev`) has
// no vite nor tsc: a stale build is then served as it is, with a warning; a
// missing one is an error.
//
// Then the Brotli and gzip copies the server sends (compress-assets.mjs, only
// node:zlib): written for files just built and for a dist/ built before the
// copies existed; with nothing new it is a directory walk. They sit beside the
// build outputs and never change their times, so the checks above are unaffected.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { compressAssets } from './compress-assets.mjs';

process.chdir(path.join(import.meta.dirname, '..'));

/** A build of vite.widget.config.ts: widget.js, or with `mode` another of its scripts, into dist/widget. */
const widgetScript = (name, file, mode) => ({
  name,
  output: `dist/widget/${file}`,
  inputs: ['src/widget', 'src/shared', 'vite.widget.config.ts'],
  tool: 'node_modules/.bin/vite',
  command: [
    'node_modules/.bin/vite',
    'build',
    '-c',
    'vite.widget.config.ts',
    ...(mode ? ['--mode', mode] : []),
    '--logLevel',
    'warn',
  ],
});

const builds = [
  {
    name: 'client',
    output: 'dist/client/index.html',
    inputs: ['src/client', 'src/shared', 'vite.config.ts'],
    tool: 'node_modules/.bin/vite',
    command: ['node_modules/.bin/vite', 'build', '--logLevel', 'warn'],
  },
  widgetScript('widget', 'widget.js'),
  // After the widget: its build empties dist/widget, this one adds to it.
  widgetScript("no-script page's counting script", 'embed-count.js', 'embed-count'),
  {
    name: 'renderer of public pages',
    output: 'dist/render/server-entry.js',
    inputs: ['src/client', 'src/shared', 'vite.config.ts'],
    tool: 'node_modules/.bin/vite',
    command: ['node_modules/.bin/vite', 'build', '--mode', 'ssr', '--logLevel', 'warn'],
  },
  {
    name: 'server',
    output: 'dist/server/main.js',
    inputs: ['src/server', 'src/shared', 'tsconfig.json', 'tsconfig.server.json'],
    tool: 'node_modules/.bin/tsc',
    command: ['node', 'scripts/build-server.mjs'],
  },
];

const skipped = (name) => /\.test\.tsx?$|\.md$/.test(name) || name === 'testing';

/** The first input file modified after `time`, or undefined. */
function newerThan(time, inputs) {
  for (const input of inputs) {
    if (!existsSync(input)) continue;
    const stats = statSync(input);
    if (stats.isFile()) {
      if (stats.mtimeMs > time) return input;
      continue;
    }
    for (const entry of readdirSync(input, { withFileTypes: true })) {
      if (skipped(entry.name)) continue;
      const found = newerThan(time, [path.join(input, entry.name)]);
      if (found) return found;
    }
  }
  return undefined;
}

for (const { name, output, inputs, tool, command } of builds) {
  let reason;
  if (!existsSync(output)) {
    reason = `${output} is missing`;
  } else {
    const changed = newerThan(statSync(output).mtimeMs, inputs);
    if (!changed) continue;
    reason = `${changed} changed since the last build`;
  }
  if (!existsSync(tool)) {
    if (existsSync(output)) {
      console.warn(`${reason}, but ${tool} is not installed: serving the ${name} as last built.`);
      continue;
    }
    console.error(
      `${reason} and ${tool} is not installed: run \`npm install\`, then \`npm run build\`.`,
    );
    process.exit(1);
  }
  console.log(`${reason}: building the ${name}`);
  const [program, ...args] = command;
  const result = spawnSync(program, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const written = await compressAssets();
if (written > 0) console.log(`wrote ${written} compressed copies of the client and widget files`);
