// The step runner of `npm test` and `npm run test:quick`: runs each step in
// order, prints its time, and stops at the first that fails. A step may be a
// group of checks run side by side (they read the code and write nothing);
// each one's output is printed whole when it ends, so it is never interleaved.
import { spawn, spawnSync } from 'node:child_process';

/** `[name, command, args]`, or a list of them to run at the same time. */
const isGroup = (step) => Array.isArray(step[0]);

const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);

function fail(name, took, status) {
  console.error(`\n✖ ${name} failed after ${took} s`);
  process.exit(status ?? 1);
}

/** Runs one check with its output captured; answers its name, status, output and time. */
function runCaptured([name, command, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '1' },
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (status) =>
      resolve({ name, status, output: Buffer.concat(chunks).toString(), took: seconds(started) }),
    );
  });
}

export async function runSteps(steps) {
  const began = Date.now();
  for (const step of steps) {
    if (isGroup(step)) {
      console.log(`\n▶ ${step.map(([name]) => name).join(', ')} (side by side)`);
      const results = await Promise.all(step.map(runCaptured));
      for (const { name, status, output, took } of results) {
        if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
        if (status !== 0) fail(name, took, status);
        console.log(`✔ ${name} (${took} s)`);
      }
      continue;
    }
    const [name, command, args] = step;
    const started = Date.now();
    console.log(`\n▶ ${name}`);
    const result = spawnSync(command, args, { stdio: 'inherit' });
    if (result.status !== 0) fail(name, seconds(started), result.status);
    console.log(`✔ ${name} (${seconds(started)} s)`);
  }
  console.log(`\nAll steps passed in ${seconds(began)} s.`);
}
