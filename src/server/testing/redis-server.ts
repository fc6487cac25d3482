// A private redis-server for one test (the machine's `redis-server` binary),
// on a free port, without persistence; stopped after the test.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach } from 'vitest';
import { freePort } from './free-port.js';

/** The redis-server binary; empty where it is not installed (tests skip). */
export const redisServerBinary = spawnSync('which', ['redis-server'], {
  encoding: 'utf8',
}).stdout.trim();

const running: ChildProcess[] = [];
afterEach(() => {
  for (const redis of running.splice(0)) redis.kill('SIGTERM');
});

/** Starts redis-server and resolves with its URL once it listens. */
export async function startRedis(): Promise<string> {
  const port = await freePort();
  running.push(
    spawn(
      redisServerBinary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    ),
  );
  const started = Date.now();
  while (Date.now() - started < 10_000) {
    const listening = await new Promise<boolean>((resolve) => {
      const socket = createServer().listen(port, '127.0.0.1');
      socket.once('listening', () => socket.close(() => resolve(false)));
      socket.once('error', () => resolve(true));
    });
    if (listening) return `redis://127.0.0.1:${port}`;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('redis-server did not start');
}
