// A private redis-server for one test (the machine's `redis-server` binary),
// on a free port, without persistence; stopped after the test.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { closeAfterTest } from './close-after-test.js';
import { freePort } from './free-port.js';

/** The redis-server binary; empty where it is not installed (tests skip). */
export const redisServerBinary = spawnSync('which', ['redis-server'], {
  encoding: 'utf8',
}).stdout.trim();

/** Starts redis-server and resolves with its URL once it listens. */
export async function startRedis(): Promise<string> {
  const port = await freePort();
  const redis = spawn(
    redisServerBinary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  closeAfterTest(() => stopped(redis));
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

/** Stops the process and resolves once it has exited, so that its port is free again. */
function stopped(redis: ChildProcess): Promise<void> {
  if (redis.exitCode !== null || redis.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    redis.once('exit', () => resolve());
    redis.kill('SIGTERM');
  });
}
