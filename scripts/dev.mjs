// `npm run dev`: the API server (restarting on change) and Vite's dev server
// with hot reload, which proxies /api to the former. Open http://localhost:5173.
import { spawn } from 'node:child_process';

// The pages come from Vite's origin, so that is the public origin the API
// checks a signed-in change's Origin against (src/server/plugins/csrf.ts), and
// the one its links and emails name.
const apiEnv = { ...process.env, BASE_URL: process.env.BASE_URL || 'http://localhost:5173' };

const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: apiEnv,
  }),
  spawn('node_modules/.bin/vite', [], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
