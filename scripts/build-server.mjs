// `npm run build` (last step): compiles the server, src/server and the
// src/shared modules, to dist/server and dist/shared with tsc, so production
// runs plain `node dist/server/main.js`. The old output is removed first, so a
// deleted source file leaves no stale module behind, and tsconfig.server.json
// sets noEmitOnError, so a failed build leaves no dist/server/main.js (the next
// `npm start` then builds again instead of running a half-built server).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

process.chdir(path.join(import.meta.dirname, '..'));
for (const dir of ['dist/server', 'dist/shared']) rmSync(dir, { recursive: true, force: true });
const result = spawnSync('node_modules/.bin/tsc', ['-p', 'tsconfig.server.json'], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
