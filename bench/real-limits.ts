// Starts bench/real-limits-server.ts in its own process (so the load
// generator does not share its event loop) and hands back its address, the
// business's slug and a stop function that waits for a clean shutdown.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export type RealLimitsServer = { url: string; slug: string; stop: () => Promise<void> };

const serverScript = path.join(import.meta.dirname, 'real-limits-server.ts');

export async function startRealLimitsServer(dataDir: string): Promise<RealLimitsServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const info = await new Promise<{ url: string; slug: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bench: the server did not start')), 60_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as { url: string; slug: string });
    });
    child.once('exit', (code) => reject(new Error(`bench: the server exited (${code})`)));
  });
  return {
    ...info,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The p-th percentile (0-100) of the values, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export const roundMs = (ms: number): number => Math.round(ms * 100) / 100;
