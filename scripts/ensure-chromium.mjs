// The end-to-end tests drive Debian's Chromium. Install it when missing and
// we are root; otherwise say exactly how.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is missing (${CHROMIUM}). Install it, then run the tests again:\n\n    sudo apt-get update && sudo apt-get install -y chromium\n`,
    );
    process.exit(1);
  }
  console.log('Chromium is missing: installing it with apt-get (about 20 s).');
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) {
      console.error('apt-get failed; install Chromium by hand: apt-get install -y chromium');
      process.exit(result.status ?? 1);
    }
  }
}
