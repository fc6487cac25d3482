// Starts bench/real-limits-server.ts in its own process and hands back its
// address, the business's slug and a stop function that waits for a clean shutdown.
import path from 'node:path';
import { startBenchServer } from './bench-server';

export type RealLimitsServer = { url: string; slug: string; stop: () => Promise<void> };

const serverScript = path.join(import.meta.dirname, 'real-limits-server.ts');

export async function startRealLimitsServer(dataDir: string): Promise<RealLimitsServer> {
  const { info, stop } = await startBenchServer<{ url: string; slug: string }>(serverScript, [
    dataDir,
  ]);
  return { ...info, stop };
}

export const roundMs = (ms: number): number => Math.round(ms * 100) / 100;
