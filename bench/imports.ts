// Importing a file (docs/product/imports.md), measured, never asserted: a CSV of 50,000 testimonials (about 6 MB)
// POSTed to /api/v1/imports on the real app in its own process (bench/requests-server.ts: PGlite, or PostgreSQL
// when `BENCH_DATABASE_URL` names a server), the time to the answer, and the server's resident memory at its peak
// during the import above what it held just before. Three rounds, each a file of new rows; medians reported.
//   node --import tsx bench/imports.ts    runs this bench alone
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportReport } from '../src/shared/schemas/imports';
import { median, onEachDatabase, startBenchServer } from './bench-server';

type Row = { name: string; value: number; unit: string };
type Info = { url: string; apiKey: string };

const ROWS = 50_000;
const ROUNDS = 3;
const SAMPLE_MS = 20;
const serverScript = path.join(import.meta.dirname, 'requests-server.ts');
const BENCH_DATABASE = 'vouchly_bench_imports';

/** A Senja-like export of ROWS rows, each new to the business in round `round`. */
function csvFile(round: number): string {
  const lines = ['id,text,rating,date,customer_name,customer_email,customer_company,tags'];
  for (let i = 0; i < ROWS; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + (i % 600) * 86_400_000).toISOString();
    lines.push(
      `r${round}-${i},"Careful work and a friendly team, row ${i} of round ${round}, would ask them again.",` +
        `${(i % 5) + 1},${day},Customer ${i},customer${i}@example.com,Company ${i % 97},"bench, round-${round}"`,
    );
  }
  return lines.join('\n') + '\n';
}

/** The resident memory of process `pid`, in bytes (Linux). */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kib ?? Number.NaN) * 1024;
}

async function importOnce(info: Info, pid: number, round: number) {
  const body = csvFile(round);
  const idle = residentBytes(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, SAMPLE_MS);
  const started = performance.now();
  const response = await fetch(new URL('/api/v1/imports', info.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${info.apiKey}`, 'content-type': 'text/csv' },
    body,
  });
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, residentBytes(pid));
  if (!response.ok) throw new Error(`bench: import answered ${response.status}`);
  const report = (await response.json()) as ImportReport;
  if (report.imported !== ROWS) throw new Error(`bench: ${report.imported} of ${ROWS} imported`);
  return { ms, aboveIdle: peak - idle, bytes: Buffer.byteLength(body) };
}

async function measureOn(
  database: 'PGlite' | 'PostgreSQL',
  scratch?: string,
  databaseUrl?: string,
) {
  const dir = mkdtempSync(path.join(scratch ?? os.tmpdir(), 'imports-'));
  const server = await startBenchServer<Info>(serverScript, [
    dir,
    ...(databaseUrl ? [databaseUrl] : []),
  ]);
  const rounds = [];
  try {
    for (let round = 0; round < ROUNDS; round++)
      rounds.push(await importOnce(server.info, server.pid, round));
  } finally {
    await server.stop();
  }
  const megabytes = (rounds[0]?.bytes ?? 0) / 1024 / 1024;
  const on = `(${database}, median of ${ROUNDS})`;
  return [
    {
      name: `imports: POST /api/v1/imports, ${ROWS} rows of CSV (${megabytes.toFixed(1)} MB), the answer ${on}`,
      value: Math.round(median(rounds.map((r) => r.ms))),
      unit: 'ms',
    },
    {
      name: `imports: the server's peak resident memory above its idle during that import ${on}`,
      value: Math.round(median(rounds.map((r) => r.aboveIdle)) / 1024 / 1024),
      unit: 'MB',
    },
  ];
}

export function measureImports(scratch?: string): Promise<Row[]> {
  return onEachDatabase(BENCH_DATABASE, (database, databaseUrl) =>
    measureOn(database, scratch, databaseUrl),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await measureImports());
}
